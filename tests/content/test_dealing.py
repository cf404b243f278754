"""Which stories a deck deals (R1), and the engine's view of them."""

from __future__ import annotations

import pytest

from content.deal import DeckNotReady, dealability, dealable_stories, engine_deck
from content.models import Card, Kind, Status, Story
from tests.factories import DealableStoryFactory, DeckFactory, FullStoryFactory

pytestmark = pytest.mark.django_db


def test_seven_dealable_stories_refuse_to_deal():
    deck = DeckFactory(name="Small deck")
    DealableStoryFactory.create_batch(7, deck=deck)
    FullStoryFactory(deck=deck, status=Status.IN_REVIEW)
    with pytest.raises(DeckNotReady, match="needs at least 8") as refused:
        dealable_stories(deck)
    assert refused.value.dealable == 7
    with pytest.raises(DeckNotReady):
        engine_deck(deck)


def test_eight_dealable_stories_deal():
    deck = DeckFactory()
    DealableStoryFactory.create_batch(8, deck=deck)
    assert len(dealable_stories(deck)) == 8


def test_a_story_is_dealable_only_when_it_and_all_four_cards_are_approved():
    deck = DeckFactory()
    ready = DealableStoryFactory(deck=deck)
    unapproved_story = FullStoryFactory(deck=deck, status=Status.IN_REVIEW, cards__status=Status.APPROVED)
    one_card_in_review = DealableStoryFactory(deck=deck)
    Card.objects.filter(story=one_card_in_review, kind=Kind.PLACE).update(status=Status.IN_REVIEW)
    three_cards = DealableStoryFactory(deck=deck)
    Card.objects.filter(story=three_cards, kind=Kind.WORD).delete()
    dealable = set(Story.objects.dealable())
    assert dealable == {ready}
    assert unapproved_story not in dealable


def test_positions_count_only_dealable_stories_in_deck_order():
    deck = DeckFactory()
    for position in range(1, 11):
        status = Status.DRAFT if position in (2, 5) else Status.APPROVED
        FullStoryFactory(deck=deck, position=position * 10, status=status, cards__status=Status.APPROVED)
    stories = dealable_stories(deck)
    assert [s.position for s in stories] == list(range(1, 9))
    assert [s.title for s in stories][:2] == [
        Story.objects.get(deck=deck, position=10).title,
        Story.objects.get(deck=deck, position=30).title,
    ]


def test_another_decks_stories_are_never_dealt():
    deck, other = DeckFactory(), DeckFactory()
    DealableStoryFactory.create_batch(7, deck=deck)
    DealableStoryFactory.create_batch(8, deck=other)
    with pytest.raises(DeckNotReady):
        dealable_stories(deck)


def test_the_engine_gets_cards_in_kind_order_with_reader_links_on_the_word():
    deck = DeckFactory()
    DealableStoryFactory.create_batch(8, deck=deck)
    story = engine_deck(deck)[0]
    assert set(story) == {"position", "title", "cards", "languages"}
    assert [c["kind"] for c in story["cards"]] == ["person", "place", "moment", "word"]
    word = story["cards"][3]
    assert word["reference"].startswith("Psalms 119:")
    assert (word["book_slug"], word["chapter"]) == ("psalms", 119)
    assert "book_slug" not in story["cards"][0]


def test_the_deck_page_says_how_many_stories_are_dealable():
    deck = DeckFactory()
    DealableStoryFactory.create_batch(3, deck=deck)
    FullStoryFactory(deck=deck)
    assert dealability(deck) == "3 of 4 stories dealable (a deck needs 8)"
