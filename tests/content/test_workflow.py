"""The review of one card or story: every step, every refusal, four eyes."""

from __future__ import annotations

import pytest

from content import review
from content.models import ReviewStep, Status
from content.revisions import current_revision
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import CardFactory, StoryFactory

pytestmark = pytest.mark.django_db


def test_an_editor_submits_a_draft_for_review(editor):
    card = CardFactory(last_edited_by=editor)
    review.submit_for_review(subject=card, user=editor)
    card.refresh_from_db()
    assert card.status == Status.IN_REVIEW
    review_step = card.review_steps.get()
    assert (review_step.action, review_step.actor, review_step.note) == (
        ReviewStep.Action.SUBMITTED,
        editor,
        "",
    )


def test_an_approver_approves_a_card_in_review(approver):
    card = CardFactory(status=Status.IN_REVIEW)
    review.approve(subject=card, user=approver, revision=current_revision(card))
    card.refresh_from_db()
    assert card.status == Status.APPROVED
    assert card.review_steps.get().action == ReviewStep.Action.APPROVED


def test_an_approver_sends_a_card_back_with_a_note(approver):
    card = CardFactory(status=Status.IN_REVIEW)
    review.request_changes(
        subject=card, user=approver, note="Say where the valley is.", revision=current_revision(card)
    )
    card.refresh_from_db()
    assert card.status == Status.CHANGES_REQUESTED
    assert card.review_steps.get().note == "Say where the valley is."


def test_a_card_with_changes_requested_goes_back_to_review(editor):
    card = CardFactory(status=Status.CHANGES_REQUESTED)
    review.submit_for_review(subject=card, user=editor)
    card.refresh_from_db()
    assert card.status == Status.IN_REVIEW


def test_asking_for_changes_needs_a_note(approver):
    card = CardFactory(status=Status.IN_REVIEW)
    with pytest.raises(Refusal, match="note"):
        review.request_changes(subject=card, user=approver, note="   ", revision=current_revision(card))
    card.refresh_from_db()
    assert card.status == Status.IN_REVIEW
    assert not card.review_steps.exists()


@pytest.mark.parametrize("status", [Status.IN_REVIEW, Status.APPROVED])
def test_it_refuses_to_submit_a_card_already_in_review_or_approved(editor, status):
    card = CardFactory(status=status)
    with pytest.raises(Refusal):
        review.submit_for_review(subject=card, user=editor)
    card.refresh_from_db()
    assert card.status == status


@pytest.mark.parametrize("status", [Status.DRAFT, Status.CHANGES_REQUESTED, Status.APPROVED])
def test_it_refuses_to_approve_a_card_not_in_review(approver, status):
    card = CardFactory(status=status)
    with pytest.raises(Refusal, match="only be approved while in review"):
        review.approve(subject=card, user=approver, revision=current_revision(card))
    assert not card.review_steps.exists()


@pytest.mark.parametrize("status", [Status.DRAFT, Status.CHANGES_REQUESTED, Status.APPROVED])
def test_it_refuses_to_send_back_a_card_not_in_review(approver, status):
    card = CardFactory(status=status)
    with pytest.raises(Refusal):
        review.request_changes(
            subject=card, user=approver, note="Please fix.", revision=current_revision(card)
        )


def test_an_editor_cannot_approve_or_send_back(editor):
    card = CardFactory(status=Status.IN_REVIEW)
    with pytest.raises(Refusal):
        review.approve(subject=card, user=editor, revision=current_revision(card))
    with pytest.raises(Refusal):
        review.request_changes(subject=card, user=editor, note="No.", revision=current_revision(card))
    card.refresh_from_db()
    assert card.status == Status.IN_REVIEW


def test_an_approver_cannot_submit_and_a_player_can_do_nothing(approver, player):
    card = CardFactory()
    with pytest.raises(Refusal):
        review.submit_for_review(subject=card, user=approver)
    with pytest.raises(Refusal):
        review.submit_for_review(subject=card, user=player)
    card.status = Status.IN_REVIEW
    with pytest.raises(Refusal):
        review.approve(subject=card, user=player, revision=current_revision(card))


def test_nobody_approves_a_card_they_last_edited(approver):
    approver.user_permissions.add(*_perms("change_card"))
    card = CardFactory(status=Status.IN_REVIEW, last_edited_by=approver)
    with pytest.raises(Refusal, match="another approver"):
        review.approve(subject=card, user=approver, revision=current_revision(card))
    card.refresh_from_db()
    assert card.status == Status.IN_REVIEW


def test_four_eyes_holds_for_a_superuser_too(admin_user):
    card = CardFactory(last_edited_by=admin_user)
    review.submit_for_review(subject=card, user=admin_user)
    with pytest.raises(Refusal):
        review.approve(subject=card, user=admin_user, revision=current_revision(card))


def test_another_approver_may_approve_what_a_colleague_edited(approver, other_approver):
    card = CardFactory(status=Status.IN_REVIEW, last_edited_by=other_approver)
    review.approve(subject=card, user=approver, revision=current_revision(card))
    assert card.status == Status.APPROVED


def test_an_edit_to_an_approved_card_sends_it_back_to_review(editor):
    card = CardFactory(status=Status.APPROVED)
    card.description = "A new line for the card."
    review.save_card(card=card, user=editor)
    card.refresh_from_db()
    assert card.status == Status.IN_REVIEW
    assert card.last_edited_by == editor
    review_step = card.review_steps.get()
    assert review_step.action == ReviewStep.Action.REOPENED
    assert "description" in review_step.note


def test_saving_an_approved_card_unchanged_keeps_its_approval(editor):
    card = CardFactory(status=Status.APPROVED)
    review.save_card(card=card, user=editor)
    card.refresh_from_db()
    assert card.status == Status.APPROVED
    assert card.last_edited_by is None


def test_a_word_cards_text_comes_from_its_reference_never_from_typing(editor):
    card = CardFactory(kind="word", reference="1 sam 17:45")
    card.verse_text = "Typed by hand"
    review.save_card(card=card, user=editor)
    card.refresh_from_db()
    assert card.reference == "1 Samuel 17:45"
    assert card.verse_text.startswith("Then said David to the Philistine")


def test_stories_are_reviewed_the_same_way(editor, approver):
    story = StoryFactory(last_edited_by=editor)
    review.submit_for_review(subject=story, user=editor)
    with pytest.raises(Refusal):
        review.approve(subject=story, user=editor, revision=current_revision(story))
    review.approve(subject=story, user=approver, revision=current_revision(story))
    story.refresh_from_db()
    assert story.status == Status.APPROVED
    assert [d.action for d in story.review_steps.order_by("at", "pk")] == ["submitted", "approved"]


def test_editing_an_approved_story_sends_it_back_to_review(editor):
    story = StoryFactory(status=Status.APPROVED)
    story.title = "A better title"
    review.save_story(story=story, user=editor)
    story.refresh_from_db()
    assert story.status == Status.IN_REVIEW


def _perms(*codenames):
    from django.contrib.auth.models import Permission

    return Permission.objects.filter(content_type__app_label="content", codename__in=codenames)


def test_each_workflow_refusal_names_its_code_and_status(approver, player):
    card = CardFactory(status=Status.DRAFT)
    steps = [
        (lambda: review.submit_for_review(subject=card, user=player), Code.NO_PERMISSION, 403),
        (
            lambda: review.approve(subject=card, user=approver, revision=current_revision(card)),
            Code.WRONG_STATUS,
            409,
        ),
        (lambda: review.approve(subject=card, user=approver, revision=None), Code.STALE_REVISION, 409),
        (
            lambda: review.request_changes(subject=card, user=approver, note=" ", revision=None),
            Code.NOTE_NEEDED,
            400,
        ),
    ]
    for step, code, status in steps:
        with pytest.raises(Refusal) as refused:
            step()
        assert (refused.value.code, refused.value.status) == (code, status)
        assert refused.value.message
    card.refresh_from_db()
    assert card.status == Status.DRAFT and not card.review_steps.exists()
