"""Compare any two revisions with words marked within each field; revert is an edit that goes to review (#29 item 4)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from content import compare, reverting, review
from content.models import Kind, ReviewStep, Status
from content.revisions import current_revision
from justalllowgod.lib.refusals import Refusal
from tests.content.test_live_version import approved_through_review
from tests.factories import CardFactory, DeckFactory

pytestmark = pytest.mark.django_db


def test_word_diff_marks_only_the_changed_words():
    before, after = compare.word_diff("He ran toward the giant.", "He ran toward the army.")
    assert before == "He ran toward the <del>giant.</del>"
    assert after == "He ran toward the <ins>army.</ins>"


def test_word_diff_escapes_what_an_editor_typed():
    before, after = compare.word_diff("<b>old</b>", "<b>new</b>")
    assert "<b>" not in before and "&lt;b&gt;" in after


def _three_revisions(editor):
    card = CardFactory(description="David chose five smooth stones.", last_edited_by=editor)
    for line in (
        "David chose five smooth stones from the brook.",
        "David chose five round stones from the brook.",
    ):
        card.description = line
        review.save_card(card=card, user=editor)
    return card


def test_revisions_one_and_three_of_a_card_are_compared_field_by_field(editor):
    card = _three_revisions(editor)
    (item,) = compare.compare(card, 1, 3)
    (description,) = [f for f in item.fields if f.changed]
    assert description.field == "Description"
    assert "<del>smooth</del>" in description.before and "<ins>round</ins>" in description.after
    assert "<ins>from the brook.</ins>" in description.after or "<ins>" in description.after


def test_a_story_compare_shows_its_cards_as_they_stood(editor, approver):
    deck = DeckFactory()
    (story,) = approved_through_review(deck, editor=editor, approver=approver)
    person = story.cards.get(kind=Kind.PERSON)
    person.title = "Noah the just"
    review.save_card(card=person, user=editor)
    story.summary = "Rain for forty days."
    review.save_story(story=story, user=editor)
    items = compare.compare(story, 1, 2)
    assert items[0].label == "The story" and items[0].changed
    person_item = next(i for i in items if i.label == "Person card")
    assert person_item.changed and "<ins>" in next(f.after for f in person_item.fields if f.changed)


def test_reverting_an_approved_card_is_a_new_revision_in_review(editor, approver):
    deck = DeckFactory()
    (story,) = approved_through_review(deck, editor=editor, approver=approver)
    card = story.cards.get(kind=Kind.MOMENT)
    first = card.description
    card.description = "A worse line."
    review.save_card(card=card, user=editor)
    review.approve(subject=card, user=approver, revision=current_revision(card))
    reverting.revert_to(subject=card, number=1, user=editor)
    card.refresh_from_db()
    assert card.description == first
    assert card.status == Status.IN_REVIEW
    assert card.history.count() == 3
    assert card.review_steps.filter(action=ReviewStep.Action.REOPENED).count() == 2


def test_reverting_a_draft_sends_it_to_the_approvers(editor):
    card = _three_revisions(editor)
    reverting.revert_to(subject=card, number=1, user=editor)
    card.refresh_from_db()
    assert card.description == "David chose five smooth stones."
    assert card.status == Status.IN_REVIEW


def test_a_revert_to_no_such_revision_or_by_an_approver_changes_nothing(editor, approver):
    card = _three_revisions(editor)
    with pytest.raises(Refusal, match="has no revision 9"):
        reverting.revert_to(subject=card, number=9, user=editor)
    with pytest.raises(Refusal):
        reverting.revert_to(subject=card, number=1, user=approver)
    card.refresh_from_db()
    assert (card.history.count(), card.status) == (3, Status.DRAFT)


def test_the_compare_page_and_the_revert_button(client, editor, approver):
    card = _three_revisions(editor)
    client.force_login(approver)
    url = reverse("admin:content_card_compare", args=[card.pk])
    html = client.get(url, {"a": 1, "b": 3}).content.decode()
    assert "<del>smooth</del>" in html and "<ins>round</ins>" in html
    assert "Revert to revision 1" not in html  # approvers do not edit
    assert client.post(reverse("admin:content_card_revert", args=[card.pk]), {"number": 1}).status_code == 403
    client.force_login(editor)
    html = client.get(url, {"a": 1, "b": 3}).content.decode()
    assert "Revert to revision 1" in html
    page = client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
    assert f"{url}?a=1&amp;b=3" in page
    done = client.post(reverse("admin:content_card_revert", args=[card.pk]), {"number": 1}, follow=True)
    assert "back to the content of revision 1" in done.content.decode()
    card.refresh_from_db()
    assert card.status == Status.IN_REVIEW


def test_a_compare_of_revisions_that_do_not_exist_says_so(client, editor):
    card = _three_revisions(editor)
    client.force_login(editor)
    html = client.get(reverse("admin:content_card_compare", args=[card.pk]), {"a": 1, "b": 7}, follow=True)
    assert "has revisions 1 to 3" in html.content.decode()


def test_request_changes_from_a_storys_page_returns_to_that_page(client, editor, approver):
    deck = DeckFactory()
    (story,) = approved_through_review(deck, editor=editor, approver=approver)
    card = story.cards.get(kind=Kind.PLACE)
    card.title = "Somewhere"
    review.save_card(card=card, user=editor)
    client.force_login(approver)
    story_url = reverse("admin:content_story_change", args=[story.pk])
    page = client.get(story_url).content.decode()
    changes = reverse("admin:content_card_review", args=[card.pk, "changes"])
    assert f"{changes}?revision={current_revision(card)}&amp;next=" in page
    note_page = client.get(changes, {"revision": current_revision(card), "next": story_url}).content.decode()
    assert f'href="{story_url}" class="closelink"' in note_page
    done = client.post(
        changes, {"revision": current_revision(card), "next": story_url, "note": "Name the hill."}
    )
    assert done.status_code == 302 and done["Location"] == story_url
    card.refresh_from_db()
    assert card.status == Status.CHANGES_REQUESTED


def test_a_next_address_off_the_admin_is_ignored(client, approver):
    card = CardFactory(status=Status.IN_REVIEW)
    client.force_login(approver)
    changes = reverse("admin:content_card_review", args=[card.pk, "changes"])
    data = {"revision": current_revision(card), "next": "https://evil.example/admin/", "note": "No."}
    done = client.post(changes, data)
    assert done["Location"] == reverse("admin:content_card_change", args=[card.pk])


def test_reverting_to_the_approved_revision_is_the_same_act_as_withdraw(editor, approver):
    """Issue 45: going back to what is approved needs no approval again, and the log says it was
    withdrawn, not edited (it made a revision for an approver, recorded as "Edited")."""
    deck = DeckFactory()
    (story,) = approved_through_review(deck, editor=editor, approver=approver)
    card = story.cards.get(kind=Kind.MOMENT)
    approved_text, approved_number = card.description, card.history.count()
    card.description = "A line nobody approved."
    review.save_card(card=card, user=editor)
    card.refresh_from_db()
    assert card.status != Status.APPROVED
    done = reverting.revert_to(subject=card, number=approved_number, user=editor)
    card.refresh_from_db()
    assert (card.description, card.status) == (approved_text, Status.APPROVED)
    assert card.review_steps.filter(action=ReviewStep.Action.WITHDRAWN).count() == 1
    assert "the change is withdrawn" in reverting.reverted_note(done, approved_number)
    # Approved as it is: a second revert to the same content makes no revision and no review.
    revisions = card.history.count()
    reverting.revert_to(subject=card, number=approved_number, user=editor)
    card.refresh_from_db()
    assert (card.history.count(), card.status) == (revisions, Status.APPROVED)
