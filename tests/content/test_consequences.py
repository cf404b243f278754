"""Every consequence named: a move names both stories, acts that drain the deck ask first, the front page
shows the deck's health, the story page lists every card (#29 items 2, 3)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from content import deal, review
from content.models import Card, Kind, Status
from content.revisions import current_revision
from tests.content.test_live_version import approved_through_review
from tests.factories import DeckFactory, FullStoryFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight(editor, approver):
    """A live deck of exactly eight dealt stories, approved through the workflow."""
    deck = DeckFactory(is_live=True, name="Live deck")
    return approved_through_review(deck, editor=editor, approver=approver, count=8)


@pytest.fixture
def ladder(eight):
    """A new story of the same deck with no Place card yet, never approved."""
    story = FullStoryFactory(deck=eight[0].deck, title="Jacob's ladder", status=Status.DRAFT)
    story.cards.get(kind=Kind.PLACE).delete()
    return story


def _card_form(card: Card, **changes) -> dict:
    data = {f: getattr(card, f) for f in ("kind", "title", "description", "reference")}
    return {**data, "story": card.story_id, **changes}


def _status(card: Card) -> str:
    card.refresh_from_db()
    return card.status


def _move(card: Card, story, editor) -> Card:
    card.story = story
    return review.save_card(card=card, user=editor)


def test_moving_a_card_names_both_stories_and_what_each_lacks(client, editor, eight, ladder):
    noah = eight[0]
    place = noah.cards.get(kind=Kind.PLACE)
    client.force_login(editor)
    url = reverse("admin:content_card_change", args=[place.pk])
    response = client.post(url, _card_form(place, story=ladder.pk), follow=True)
    said = " ".join(str(m) for m in response.context["messages"])
    assert f"from “{noah.title}” to “Jacob's ladder”" in said
    assert f"Now “{noah.title}” lacks a Place card, and “Jacob's ladder” has all four cards" in said
    assert f"new games keep dealing the card in “{noah.title}”" in said


def test_approving_a_move_that_drains_the_deck_asks_first_and_names_the_story(
    client, editor, approver, eight, ladder
):
    noah = eight[0]
    place = _move(noah.cards.get(kind=Kind.PLACE), ladder, editor)
    assert deal.count_dealable(noah.deck) == 8  # the approved card is still dealt in Noah's story
    client.force_login(approver)
    url = reverse("admin:content_card_review", args=[place.pk, "approve"])
    page = client.post(url, {"revision": current_revision(place)})
    html = page.content.decode()
    assert page.status_code == 200 and "are you sure?" in html
    assert f"<li>{noah.title}</li>" in html and "would deal 7 stories, and a game needs 8" in html
    assert _status(place) == Status.IN_REVIEW  # asking changed nothing
    client.post(url, {"revision": current_revision(place), "confirm_drain": "yes"})
    assert _status(place) == Status.APPROVED
    assert deal.count_dealable(noah.deck) == 7


def test_an_approval_that_keeps_the_deck_full_asks_nothing(client, editor, approver, eight):
    card = eight[2].cards.get(kind=Kind.MOMENT)
    card.description = "A better line."
    review.save_card(card=card, user=editor)
    client.force_login(approver)
    url = reverse("admin:content_card_review", args=[card.pk, "approve"])
    assert client.post(url, {"revision": current_revision(card)}).status_code == 302
    assert _status(card) == Status.APPROVED


def test_the_delete_page_names_the_story_that_would_leave_new_games(admin_client, eight):
    card = eight[5].cards.get(kind=Kind.WORD)
    html = admin_client.get(reverse("admin:content_card_delete", args=[card.pk])).content.decode()
    assert 'id="drain-warning"' in html and f"“{eight[5].title}”" in html
    assert Card.objects.filter(pk=card.pk).exists()


def test_the_front_page_shows_the_decks_health(client, editor, eight):
    client.force_login(editor)
    html = client.get(reverse("admin:index")).content.decode()
    assert "“Live deck”: 8 of 8 stories are dealt in new games (a game needs 8)." in html
    assert "is-low" not in html
    Card.objects.filter(story=eight[0], kind=Kind.WORD).delete()
    html = client.get(reverse("admin:index")).content.decode()
    assert "deck-health is-low" in html and "New tables cannot start" in html


def test_the_story_page_lists_every_cards_state(client, editor, eight):
    story = eight[0]
    card = story.cards.get(kind=Kind.MOMENT)
    card.title = "A new moment"
    review.save_card(card=card, user=editor)
    client.force_login(editor)
    html = client.get(reverse("admin:content_story_change", args=[story.pk])).content.decode()
    table = html[
        html.index('class="story-cards"') : html.index("</table>", html.index('class="story-cards"'))
    ]
    assert table.count('<tr><th scope="row">') == 4
    assert "A new moment" in table and "Live: revision 1 · In review: revision 2" in table
    assert table.count("Live: revision 1</td>") == 3


def test_the_trial_run_before_an_approval_leaves_the_real_one_to_do(client, editor, approver, eight):
    story = eight[4]
    for card in story.cards.all():
        card.title += " v2"
        review.save_card(card=card, user=editor)
    client.force_login(approver)
    seen = {f"revision-card-{c.pk}": current_revision(c) for c in story.cards.all()}
    url = reverse("admin:content_story_together", args=[story.pk, "approve"])
    done = client.post(url, {"revision": current_revision(story), **seen}, follow=True)
    assert "Approved: 4 cards." in done.content.decode()
    assert set(story.cards.values_list("status", flat=True)) == {Status.APPROVED}


def test_the_delete_page_still_links_to_the_item_after_its_trial_run(admin_client, eight):
    card = eight[5].cards.get(kind=Kind.WORD)
    html = admin_client.get(reverse("admin:content_card_delete", args=[card.pk])).content.decode()
    assert reverse("admin:content_card_change", args=[card.pk]) in html


def test_making_an_unready_deck_live_asks_first_and_names_what_leaves(admin_client, eight):
    empty = DeckFactory(name="Half-written deck")
    changelist = reverse("admin:content_deck_changelist")
    data = {"action": "make_live", "_selected_action": [empty.pk]}
    page = admin_client.post(changelist, data)
    html = page.content.decode()
    assert page.status_code == 200 and "are you sure?" in html
    assert all(f"<li>{s.title}</li>" in html for s in eight)
    empty.refresh_from_db()
    assert not empty.is_live
    admin_client.post(changelist, {**data, "confirm_drain": "yes"})
    empty.refresh_from_db()
    assert empty.is_live
