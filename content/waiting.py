"""The content team's waiting work: what each person may do next, oldest first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from content import revisions
from content.models import Card, Status, Story, Translation


@dataclass(frozen=True)
class Waiting:
    """One piece of work waiting for someone: what, where to open it, since when."""

    label: str
    url: str
    since: datetime


def _item(obj: Card | Story | Translation) -> Waiting:
    name = obj._meta.model_name
    if isinstance(obj, Translation):
        label = str(obj)
    elif isinstance(obj, Card):
        label = _("%(kind)s: %(title)s (%(story)s)") % {
            "kind": obj.get_kind_display(),
            "title": obj.title,
            "story": obj.story.title,
        }
    else:
        label = obj.title
    return Waiting(label, reverse(f"admin:content_{name}_change", args=[obj.pk]), obj.updated_at)


def to_approve(user: Any) -> list[Waiting]:
    """Cards, stories and translations in review that this approver edited none of since the last
    approval."""
    found: list[Card | Story | Translation] = []
    if user.has_perm("content.approve_story"):
        found += list(Story.objects.filter(status=Status.IN_REVIEW))
    if user.has_perm("content.approve_card"):
        found += list(Card.objects.filter(status=Status.IN_REVIEW).select_related("story"))
    if user.has_perm("content.approve_translation"):
        found += list(Translation.objects.filter(status=Status.IN_REVIEW).select_related("story", "card"))
    mine = [obj for obj in found if user.pk not in revisions.editors_since_approval(obj)]
    return sorted((_item(obj) for obj in mine), key=lambda w: w.since)


def to_rework(user: Any) -> list[Waiting]:
    """This editor's cards, stories and translations that an approver sent back."""
    found: list[Card | Story | Translation] = []
    for model in (Story, Card, Translation):
        edited = model.history.model.objects.filter(history_user=user).values("id")
        rows = model.objects.filter(status=Status.CHANGES_REQUESTED, pk__in=edited)
        found += list(rows.select_related("story") if model is not Story else rows)
    return sorted((_item(obj) for obj in found), key=lambda w: w.since)
