"""A save in the admin, and what it tells the editor: which approved items it sent back to review."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from content.models import Card, Status, Story, subject_label

# Where a save keeps the approved items it sent back to review, for the message after it.
REOPENED = "_content_reopened"


def save_noting_reopened(request: HttpRequest, subject: Card | Story, save: Callable[[], object]) -> None:
    """Save an edit, and remember it if the edit took an approved item back to review."""
    was = subject.status
    save()
    if was == Status.APPROVED and subject.status != Status.APPROVED:
        reopened = getattr(request, REOPENED, [])
        setattr(request, REOPENED, [*reopened, subject])


def reopened_items(request: HttpRequest) -> list[Card | Story]:
    """The approved items this request's saves sent back to review."""
    return getattr(request, REOPENED, [])


def say_reopened(request: HttpRequest, story: Story) -> None:
    """Tell the editor which approved items their save sent back to review, and what that means."""
    items = reopened_items(request)
    if not items:
        return
    names = ", ".join(_("the story") if isinstance(i, Story) else subject_label(i) for i in items)
    words = ngettext(
        "Back in review after your edit: %(items)s. New games keep dealing “%(story)s” as it was last "
        "approved until an approver approves it again.",
        "Back in review after your edit: %(items)s. New games keep dealing “%(story)s” as it was last "
        "approved until an approver approves them again.",
        len(items),
    )
    messages.warning(request, words % {"items": names, "story": story.title})
