"""The shipped deck: twenty approved stories, loaded once however often the command runs."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from content import bible
from content.deal import dealable_stories, engine_deck
from content.default_deck import DECK_SLUG, STORIES, SYSTEM_REVIEWER_EMAIL
from content.models import Card, Deck, Kind, ReviewStep, Status, Story

pytestmark = pytest.mark.django_db


def _load_twice() -> Deck:
    call_command("load_default_deck", stdout=None)
    call_command("load_default_deck", stdout=None)
    return Deck.objects.get(slug=DECK_SLUG)


def test_loading_twice_gives_twenty_stories_eighty_cards_all_dealable():
    deck = _load_twice()
    assert Deck.objects.count() == 1
    assert deck.is_live
    assert Story.objects.in_deck(deck).count() == 20
    assert Card.objects.filter(story__deck=deck).count() == 80
    assert Story.objects.in_deck(deck).dealable().count() == 20


def test_the_stories_follow_the_rules_in_order():
    deck = _load_twice()
    titles = list(Story.objects.in_deck(deck).order_by("position").values_list("title", flat=True))
    assert titles[0] == "Noah and the ark"
    assert titles[6] == "David and Goliath"
    assert titles == [s.title for s in STORIES]


def test_every_word_card_carries_the_exact_kjv_text_of_its_reference():
    deck = _load_twice()
    words = Card.objects.words().filter(story__deck=deck)
    assert words.count() == 20
    for card in words:
        verse = bible.parse_reference(card.reference)
        assert card.verse_text == bible.verse_text(verse.book, verse.chapter, verse.verse)
    assert words.get(story__position=1).reference == "Genesis 6:8"


def test_david_and_goliath_has_the_cards_the_rules_name():
    deck = _load_twice()
    cards = {c.kind: c.title for c in Card.objects.filter(story__deck=deck, story__position=7)}
    assert cards == {
        Kind.PERSON: "David",
        Kind.PLACE: "The valley of Elah",
        Kind.MOMENT: "Five smooth stones and a sling",
        Kind.WORD: "1 Samuel 17:45",
    }


def test_the_system_reviewer_is_recorded_and_can_never_sign_in():
    deck = _load_twice()
    card = Card.objects.filter(story__deck=deck).first()
    review_step = card.review_steps.get()
    reviewer = review_step.actor
    assert reviewer.email == SYSTEM_REVIEWER_EMAIL
    assert not reviewer.is_active
    assert not reviewer.has_usable_password()
    assert reviewer.gamer_tag == ""
    assert review_step.action == ReviewStep.Action.LOADED
    # One approval for each of the 20 stories and 80 cards, and for each of their 200 translations.
    assert ReviewStep.objects.filter(translation=None).count() == 100
    assert ReviewStep.objects.exclude(translation=None).count() == 200


def test_running_again_never_overwrites_an_edit_made_in_the_admin():
    deck = _load_twice()
    card = Card.objects.get(story__deck=deck, story__position=1, kind=Kind.PERSON)
    card.title = "Noah, a just man"
    card.status = Status.IN_REVIEW
    card.save()
    story = Story.objects.get(deck=deck, position=2)
    story.title = "The binding of Isaac"
    story.save()
    call_command("load_default_deck", stdout=None)
    card.refresh_from_db()
    assert card.title == "Noah, a just man"
    assert card.status == Status.IN_REVIEW
    assert Story.objects.in_deck(deck).count() == 20
    assert not Story.objects.filter(title="Abraham and Isaac").exists()


def test_the_shipped_deck_deals_in_the_engines_format():
    deck = _load_twice()
    stories = engine_deck(deck)
    assert [s["position"] for s in stories] == list(range(1, 21))
    noah = stories[0]
    assert noah["title"] == "Noah and the ark"
    assert [c["kind"] for c in noah["cards"]] == ["person", "place", "moment", "word"]
    assert noah["cards"][0]["reference"] is None
    assert noah["cards"][0]["verse_text"] is None
    assert noah["cards"][3] | {} == {
        "kind": "word",
        "title": "Genesis 6:8",
        "description": noah["cards"][3]["description"],
        "reference": "Genesis 6:8",
        "verse_text": "But Noah found grace in the eyes of the LORD.",
        "book_slug": "genesis",
        "chapter": 6,
        "verse": 8,
    }
    assert len(dealable_stories(deck)) == 20
