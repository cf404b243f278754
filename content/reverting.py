"""Revert a card or a story to an earlier revision: an edit like any other, so it goes through review."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from content import compare, review
from content.models import Card, ReviewStep, Status, Story
from content.revisions import approved_revision, current_revision, number_of
from justalllowgod.lib.refusals import Code, Refusal

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
        raise Refusal(Code.NO_SUCH_REVISION, f"“{locked.title}” has no revision {number}.")
    for field in COPIED[model]:
        setattr(locked, field, getattr(record, field))
    saved = (
        review.save_card(card=locked, user=user)
        if model is Card
        else review.save_story(story=locked, user=user)
    )
    if saved.status in review.WAITING:
        review.submit_for_review(subject=saved, user=user)
    return saved


@transaction.atomic
def withdraw_change(*, subject: Subject, user: Any) -> Subject:
    """An editor takes back an edit still waiting for review: the approved content returns, approved
    as it was (no new approval is needed for what was approved already)."""
    model = type(subject)
    locked = model.objects.select_for_update().get(pk=subject.pk)
    if locked.status == Status.APPROVED:
        words = f"“{locked.title}” has no change waiting: it is approved as it is."
        raise Refusal(Code.NO_CHANGE_WAITING, words)
    approved = approved_revision(locked)
    record = locked.history.filter(history_id=approved).first() if approved else None
    if record is None:
        words = f"“{locked.title}” was never approved, so there is no approved version to go back to."
        raise Refusal(Code.NEVER_APPROVED, words)
    for field in COPIED[model]:
        setattr(locked, field, getattr(record, field))
    saved = (
        review.save_card(card=locked, user=user)
        if model is Card
        else review.save_story(story=locked, user=user)
    )
    model.objects.filter(pk=saved.pk).update(status=Status.APPROVED)
    saved.status = Status.APPROVED
    ReviewStep.objects.create(
        actor=user,
        action=ReviewStep.Action.WITHDRAWN,
        revision=current_revision(saved),
        note=f"Back to revision {number_of(saved, approved)}.",
        **({"card": saved} if model is Card else {"story": saved}),
    )
    return saved


def reverted_note(subject: Subject, number: int) -> str:
    status = subject.get_status_display().lower()
    what = "it waits for an approver" if subject.status == Status.IN_REVIEW else f"it is {status}"
    return f"“{subject.title}” is back to the content of revision {number} as a new revision; {what}."
