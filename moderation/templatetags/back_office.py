"""The admin home's "Waiting for me": content to approve or rework, cases to judge, with counts."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

from content import waiting as content_waiting
from moderation.models import Case
from moderation.services import REVIEW_PERMISSION
from moderation.words import move_words

register = template.Library()


def _cases(user: Any) -> list[content_waiting.Waiting]:
    if not user.has_perm(REVIEW_PERMISSION):
        return []
    cases = Case.objects.filter(status=Case.Status.OPEN).select_related("claimed_by").order_by("opened_at")
    return [
        content_waiting.Waiting(
            (
                _("Case %(case)s, game %(game)s (claimed by %(reviewer)s)")
                if case.claimed_by
                else _("Case %(case)s, game %(game)s")
            )
            % {"case": case.pk, "game": case.game_id, "reviewer": case.claimed_by},
            reverse("review_case", args=[case.pk]),
            case.opened_at,
        )
        for case in cases
    ]


def waiting_groups(user: Any) -> list[dict[str, Any]]:
    """Each group's waiting work for this person; empty groups are left out."""
    now = timezone.now()
    groups = [
        (_("To approve"), content_waiting.to_approve(user)),
        (_("Changes requested on your work"), content_waiting.to_rework(user)),
        (_("Open cases"), _cases(user)),
    ]
    return [
        {"title": title, "items": [{"item": i, "age": timesince(i.since, now)} for i in items]}
        for title, items in groups
        if items
    ]


@register.simple_tag(takes_context=True)
def waiting_for_me(context: template.Context) -> list[dict[str, Any]]:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return []
    if "_waiting_for_me" not in context.render_context:
        context.render_context["_waiting_for_me"] = waiting_groups(user)
    return context.render_context["_waiting_for_me"]


register.filter("move_words", move_words)
