"""The schedule is fsrs's own: ratings from practice results, due dates, a verse met entering new."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from fsrs import Rating, State

from tests.factories import UserFactory
from verses import schedule
from verses.meeting import meet
from verses.models import Meeting, Review, VerseCard
from verses.practice import first_letters, mode_for, next_phrase, phrases
from verses.reviewing import review_card
from verses.texts import Place

pytestmark = pytest.mark.django_db

JOHN_3_16 = Place(43, 3, 16)


def test_a_verse_met_at_a_table_enters_new_and_due_at_once():
    member = UserFactory()
    card = meet(member, JOHN_3_16, Meeting.How.STONE, table_code="ABCD")
    card.refresh_from_db()
    assert card.reviews == 0
    assert schedule.standing(card.schedule, card.reviews) == schedule.Standing.NEW
    assert schedule.card_of(card.schedule).state == State.Learning
    assert card.due <= timezone.now()
    assert card.meetings.get().table_code == "ABCD"


def test_meeting_a_verse_again_keeps_one_card_and_every_meeting():
    member = UserFactory()
    first = meet(member, JOHN_3_16, Meeting.How.STONE)
    again = meet(member, JOHN_3_16, Meeting.How.QUESTION)
    assert first.pk == again.pk
    assert VerseCard.objects.filter(member=member).count() == 1
    assert sorted(Meeting.objects.filter(card=first).values_list("how", flat=True)) == ["question", "stone"]


def test_the_same_verse_is_each_members_own_card():
    one, two = UserFactory(), UserFactory()
    assert meet(one, JOHN_3_16, Meeting.How.STONE).pk != meet(two, JOHN_3_16, Meeting.How.STONE).pk


@pytest.mark.parametrize(
    ("right", "wrong_tries", "rating"),
    [(True, 0, Rating.Good), (True, 1, Rating.Hard), (True, 2, Rating.Hard), (False, 2, Rating.Again)],
)
def test_a_choice_becomes_a_rating(right, wrong_tries, rating):
    assert schedule.rating_from_tries(right, wrong_tries) == rating


def test_each_rating_moves_the_due_date_as_fsrs_says():
    member = UserFactory()
    now = timezone.now()
    dues = {}
    for rating in Rating:
        card = meet(member, Place(43, 3, rating.value), Meeting.How.STONE, now=now)
        review = review_card(card.pk, rating, Review.Mode.WORD, at=now)
        card.refresh_from_db()
        expected, log = schedule.SCHEDULER.review_card(schedule.new_card(now), rating, review_datetime=now)
        assert card.due == expected.due
        assert review.log["rating"] == rating.value == log.rating.value
        dues[rating] = card.due
    assert dues[Rating.Again] <= dues[Rating.Hard] <= dues[Rating.Good] < dues[Rating.Easy]


def test_good_reviews_over_weeks_make_a_verse_known_and_ask_it_harder():
    member = UserFactory()
    at = timezone.now() - timedelta(days=200)
    card = meet(member, JOHN_3_16, Meeting.How.STONE, now=at)
    modes = []
    for _ in range(8):
        card.refresh_from_db()
        modes.append(mode_for(card))
        at = max(at, card.due)
        review_card(card.pk, Rating.Good, mode_for(card), at=at)
    card.refresh_from_db()
    assert schedule.standing(card.schedule, card.reviews) == schedule.Standing.KNOWN
    assert modes[0] == Review.Mode.WORD
    assert {Review.Mode.PHRASE, Review.Mode.LETTERS, Review.Mode.WHOLE} <= set(modes)
    assert modes.index(Review.Mode.PHRASE) < modes.index(Review.Mode.LETTERS) < modes.index(Review.Mode.WHOLE)


def test_a_review_sent_twice_counts_once():
    card = meet(UserFactory(), JOHN_3_16, Meeting.How.STONE)
    first = review_card(card.pk, Rating.Good, Review.Mode.WORD, client_id="a1")
    second = review_card(card.pk, Rating.Good, Review.Mode.WORD, client_id="a1")
    card.refresh_from_db()
    assert first.pk == second.pk
    assert card.reviews == 1


def test_an_answer_made_offline_keeps_its_time_but_never_a_future_one():
    card = meet(UserFactory(), JOHN_3_16, Meeting.How.STONE, now=timezone.now() - timedelta(days=2))
    earlier = timezone.now() - timedelta(hours=5)
    assert review_card(card.pk, Rating.Good, Review.Mode.WORD, at=earlier).at == earlier
    later = review_card(card.pk, Rating.Good, Review.Mode.WORD, at=timezone.now() + timedelta(days=3))
    assert later.at <= timezone.now()


def test_phrases_and_first_letters():
    text = "For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life."
    assert phrases(text)[0] == "For God so loved the world,"
    assert first_letters("For God so loved the world, that he gave") == "F G s l t w, t h g"
    assert first_letters("[It is] the LORD\u2019s doing.") == "I i t L d."
    asked = next_phrase(text, random.Random(1))
    assert asked["choices"][asked["answer"]] in phrases(text)
    assert len(set(asked["choices"])) == 3
