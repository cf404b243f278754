"""Revert a card or a story to an earlier revision: an edit like any other, so it goes through review."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from content import compare, review
from content.models import Card, ReviewStep, Status, Story, Translation
from content.revisions import approved_revision, current_revision, number_of
from justalllowgod.lib.refusals import Code, Refusal

Subject = Card | Story | Translation
# What a revert copies back: the content, never the review's bookkeeping (the verse is looked up again).
COPIED = {
    Card: ("story_id", "kind", "title", "description", "reference"),
    Story: ("deck_id", "position", "title", "summary"),
    Translation: ("language", "title", "description"),
}


def _title(subject: Subject) -> str:
    """What a message names: the title, or for a translation what it translates and in what."""
    return str(subject) if isinstance(subject, Translation) else subject.title


def _save(locked: Subject, record: Any, user: Any) -> Subject:
    """Save the copied content; a translation keeps the English its revision was written from."""
    if isinstance(locked, Translation):
        return review.save_translation(translation=locked, user=user, made_from=record.made_from)
    return review.save_subject(subject=locked, user=user)


@transaction.atomic
def revert_to(*, subject: Subject, number: int, user: Any) -> Subject:
    """Make revision `number`'s content the newest revision, and send it to the approvers."""
    model = type(subject)
    locked = model.objects.select_for_update().get(pk=subject.pk)
    record = compare.record_of(locked, number)
    if record is None:
        words = _("“%(title)s” has no revision %(number)s.") % {"title": _title(locked), "number": number}
        raise Refusal(Code.NO_SUCH_REVISION, words)
    if record.history_id == approved_revision(locked):
        # Back to what is approved: the same act as Withdraw, approved as it was, nothing to review
        # (and for what is approved already, "nothing waits", as Withdraw says).
        return withdraw_change(subject=locked, user=user)
    for field in COPIED[model]:
        setattr(locked, field, getattr(record, field))
    saved = _save(locked, record, user)
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
        words = _("“%(title)s” has no change waiting: it is approved as it is.") % {"title": _title(locked)}
        raise Refusal(Code.NO_CHANGE_WAITING, words)
    approved = approved_revision(locked)
    record = locked.history.filter(history_id=approved).first() if approved else None
    if record is None:
        words = _("“%(title)s” was never approved, so there is no approved version to go back to.") % {
            "title": _title(locked)
        }
        raise Refusal(Code.NEVER_APPROVED, words)
    for field in COPIED[model]:
        setattr(locked, field, getattr(record, field))
    saved = _save(locked, record, user)
    model.objects.filter(pk=saved.pk).update(status=Status.APPROVED)
    saved.status = Status.APPROVED
    ReviewStep.objects.create(
        actor=user,
        action=ReviewStep.Action.WITHDRAWN,
        revision=current_revision(saved),
        note=f"Back to revision {number_of(saved, approved)}.",
        **review.about(saved),
    )
    return saved


def reverted_note(subject: Subject, number: int) -> str:
    said = {"title": _title(subject), "number": number, "status": subject.get_status_display().lower()}
    if subject.status == Status.APPROVED and current_revision(subject) is not None:
        withdrew = subject.review_steps.filter(
            action=ReviewStep.Action.WITHDRAWN, revision=current_revision(subject)
        )
        if withdrew.exists():
            words = _(
                "“%(title)s” is back to revision %(number)s, as it was approved: the change is withdrawn "
                "and nothing waits for an approver."
            )
            return words % said
    if subject.status == Status.IN_REVIEW:
        words = _(
            "“%(title)s” is back to the content of revision %(number)s as a new revision; it waits for an approver."
        )
    else:
        words = _(
            "“%(title)s” is back to the content of revision %(number)s as a new revision; it is %(status)s."
        )
    return words % said
