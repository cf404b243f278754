"""The live version stays dealt while its change is reviewed (#29 item 1)."""

from __future__ import annotations

import pytest

from content import deal, live, review
from content.models import Card, Kind, Status, Story
from content.revisions import current_revision
from tests.factories import DeckFactory, FullStoryFactory

pytestmark = pytest.mark.django_db


def approved_through_review(deck, *, editor, approver, count: int = 1) -> list[Story]:
    """Stories written as drafts, submitted and approved through the real workflow."""
    stories = []
    for _ in range(count):
        story = FullStoryFactory(deck=deck, status=Status.DRAFT, last_edited_by=editor)
        review.submit_story_with_cards(story=story, user=editor)
        revs = {c.pk: current_revision(c) for c in story.cards.all()}
        review.approve_story_with_cards(
            story=story, user=approver, revision=current_revision(story), card_revisions=revs
        )
        stories.append(story)
    return stories


def edit(card: Card, editor, **fields) -> Card:
    for name, value in fields.items():
        setattr(card, name, value)
    return review.save_card(card=card, user=editor)


def dealt_titles(deck) -> dict[str, list[str]]:
    return {s.title: [c.title for c in s.cards] for s in deal.dealable_stories(deck)}


def test_an_edit_in_review_keeps_the_approved_text_dealt(editor, approver):
    deck = DeckFactory(is_live=True)
    stories = approved_through_review(deck, editor=editor, approver=approver, count=8)
    person = stories[0].cards.get(kind=Kind.PERSON)
    approved_title = person.title
    edit(person, editor, title="A draft title")
    person.refresh_from_db()
    assert person.status == Status.IN_REVIEW
    dealt = dealt_titles(deck)
    assert len(dealt) == 8
    assert dealt[stories[0].title][0] == approved_title
    assert "A draft title" not in str(dealt)
    assert deal.why_not_dealt(stories[0]) == []


def test_changes_requested_still_deal_the_approved_text(editor, approver):
    deck = DeckFactory(is_live=True)
    stories = approved_through_review(deck, editor=editor, approver=approver, count=8)
    place = stories[3].cards.get(kind=Kind.PLACE)
    before = place.title
    edit(place, editor, title="Somewhere new")
    review.request_changes(subject=place, user=approver, note="Not yet.", revision=current_revision(place))
    assert dealt_titles(deck)[stories[3].title][1] == before


def test_the_new_revision_is_dealt_once_approved(editor, approver):
    deck = DeckFactory(is_live=True)
    stories = approved_through_review(deck, editor=editor, approver=approver, count=8)
    story = stories[2]
    story.title = "A better title"
    review.save_story(story=story, user=editor)
    assert "A better title" not in dealt_titles(deck)
    review.approve(subject=story, user=approver, revision=current_revision(story))
    assert "A better title" in dealt_titles(deck)


def test_a_brand_new_story_is_dealt_only_once_approved(editor, approver):
    deck = DeckFactory(is_live=True)
    approved_through_review(deck, editor=editor, approver=approver, count=8)
    new = FullStoryFactory(deck=deck, status=Status.DRAFT, last_edited_by=editor)
    review.submit_story_with_cards(story=new, user=editor)
    assert new.title not in dealt_titles(deck)
    reasons = deal.why_not_dealt(new)
    assert any("never approved" in r for r in reasons)


def test_a_moved_card_stays_in_its_old_story_until_the_move_is_approved(editor, approver):
    deck = DeckFactory(is_live=True)
    stories = approved_through_review(deck, editor=editor, approver=approver, count=9)
    noah, ladder = stories[0], stories[1]
    ladder.cards.get(kind=Kind.PLACE).delete()
    place = noah.cards.get(kind=Kind.PLACE)
    edit(place, editor, story=ladder)
    dealt = dealt_titles(deck)
    assert dealt[noah.title][1] == place.title
    assert ladder.title not in dealt
    review.approve(subject=place, user=approver, revision=current_revision(place))
    dealt = dealt_titles(deck)
    assert noah.title not in dealt
    assert dealt[ladder.title][1] == place.title


def test_the_admin_line_names_the_live_and_the_waiting_revision(editor, approver):
    deck = DeckFactory(is_live=True)
    (story,) = approved_through_review(deck, editor=editor, approver=approver)
    card = story.cards.get(kind=Kind.MOMENT)
    assert live.live_revisions(card) == (1, None)
    edit(card, editor, description="A new line.")
    assert live.live_revisions(card) == (1, 2)
    edit(card, editor, description="A newer line.")
    assert live.live_revisions(card) == (1, 3)


def test_a_withdrawn_change_brings_back_the_approved_version_approved(editor, approver, client):
    from django.urls import reverse

    from content.models import ReviewStep

    deck = DeckFactory(is_live=True)
    (story,) = approved_through_review(deck, editor=editor, approver=approver)
    card = story.cards.get(kind=Kind.PLACE)
    approved_title = card.title
    edit(card, editor, title="A draft place")
    client.force_login(editor)
    page = client.get(reverse("admin:content_card_change", args=[card.pk])).content.decode()
    assert "Withdraw the change" in page
    done = client.post(reverse("admin:content_card_review", args=[card.pk, "withdraw"]), follow=True)
    assert "Change withdrawn, the approved version is back: 1 card." in done.content.decode()
    card.refresh_from_db()
    assert (card.title, card.status) == (approved_title, Status.APPROVED)
    assert card.review_steps.first().action == ReviewStep.Action.WITHDRAWN
    assert live.live_revisions(card) == (3, None)


def test_only_a_change_to_approved_work_can_be_withdrawn(editor, approver):
    from content import reverting
    from justalllowgod.lib.refusals import Refusal

    draft = FullStoryFactory(status=Status.DRAFT).cards.first()
    with pytest.raises(Refusal, match="never approved"):
        reverting.withdraw_change(subject=draft, user=editor)
    deck = DeckFactory()
    (story,) = approved_through_review(deck, editor=editor, approver=approver)
    card = story.cards.get(kind=Kind.WORD)
    with pytest.raises(Refusal, match="no change waiting"):
        reverting.withdraw_change(subject=card, user=editor)
    edit(card, editor, description="Changed.")
    with pytest.raises(Refusal):
        reverting.withdraw_change(subject=card, user=approver)
    card.refresh_from_db()
    assert (card.description, card.status) == ("Changed.", Status.IN_REVIEW)
