"""Revert a card or a story to an earlier revision: an edit like any other, so it goes through review."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from content import compare, services
from content.models import Card, Status, Story

Subject = Card | Story
# What a revert copies back: the content, never the review's bookkeeping (the verse is looked up again).
COPIED = {
    Card: ("story_id", "kind", "title", "description", "reference"),
    Story: ("deck_id", "position", "title", "summary"),
}


@transaction.atomic
def revert_to(*, subject: Subject, number: int, user: Any) -> Subject:
    """Make revision `number`'s content the newest revision, and send it to the approvers."""
    model = type(subject)
    locked = model.objects.select_for_update().get(pk=subject.pk)
    record = compare.record_of(locked, number)
    if record is None:
        raise ValidationError(f"“{locked.title}” has no revision {number}.")
    for field in COPIED[model]:
        setattr(locked, field, getattr(record, field))
    saved = (
        services.save_card(card=locked, user=user)
        if model is Card
        else services.save_story(story=locked, user=user)
    )
    if saved.status in services.WAITING:
        services.submit_for_review(subject=saved, user=user)
    return saved


def reverted_note(subject: Subject, number: int) -> str:
    status = subject.get_status_display().lower()
    what = "it waits for an approver" if subject.status == Status.IN_REVIEW else f"it is {status}"
    return f"“{subject.title}” is back to the content of revision {number} as a new revision; {what}."
