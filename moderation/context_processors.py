"""Notices of reviewers' decisions, on every page the member opens until they have read them, and of
a gamer tag a reviewer asked to be changed."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from moderation.models import NameReport
from moderation.notify import notice_text
from moderation.services import member_notices


def _for_reader(decision: Any, user: Any) -> str:
    """A notice about a child says whose account it is, for the parent who reads it."""
    text = notice_text(decision)
    if decision.user_id == user.pk:
        return text
    words = _("About %(tag)s, a child's account in your family: %(notice)s")
    return words % {"tag": decision.user.gamer_tag, "notice": text}


def notices(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @cache
    def found() -> list[dict[str, Any]]:
        # Read only by pages that show notices (the admin never asks), and only once per page.
        return [{"decision": d, "text": _for_reader(d, user)} for d in member_notices(user)]

    return {
        "member_notices": found,
        # A reviewer asked this member for a new tag: read only by the choose-tag page and the page
        # that tells a child their grown-up chooses it (a parent is mailed, and the Family page says so).
        "tag_taken_back": lambda: (
            not user.gamer_tag
            and NameReport.objects.filter(reported=user, status=NameReport.Status.RENAMED).exists()
        ),
        # The start page then names the restriction once, in the notice, not again under it.
        "restriction_in_notice": lambda: any(
            n["decision"].restricts and n["decision"].user_id == user.pk for n in found()
        ),
    }
