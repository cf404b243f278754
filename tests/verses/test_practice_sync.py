"""The practice page's answers come back by POST /verses/reviews/ (issue 43 item 2): each is applied
through fsrs at the time it was made (offline too), counts once however often it is sent, and a
batch touching another member's card, or saying something wrong, changes nothing at all."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from fsrs import Rating

from accounts import family
from tests.factories import UserFactory
from tests.trust import signed_in_client
from verses import schedule
from verses.meeting import meet
from verses.models import Meeting, Review, VerseCard
from verses.texts import Place

pytestmark = pytest.mark.django_db

URL = "/verses/reviews/"
JOHN_3_16 = Place(43, 3, 16)
PSALM_23_1 = Place(19, 23, 1)


def answer(card: VerseCard, rating: int = 3, mode: str = "word", at=None, id: str | None = None) -> dict:
    return {
        "id": id or str(uuid.uuid4()),
        "card": card.pk,
        "rating": rating,
        "mode": mode,
        "at": (at or timezone.now()).isoformat(),
    }


def send(browser: Client, *reviews: dict, body: object = None):
    payload = json.dumps({"reviews": list(reviews)} if body is None else body)
    return browser.post(URL, payload, content_type="application/json")


def snapshot(*cards: VerseCard) -> list[tuple]:
    return [
        (c.due, c.reviews, json.dumps(c.schedule, sort_keys=True))
        for c in VerseCard.objects.filter(pk__in=[c.pk for c in cards]).order_by("pk")
    ] + [Review.objects.count()]


@pytest.fixture
def member():
    return UserFactory()


@pytest.fixture
def card(member):
    return meet(member, JOHN_3_16, Meeting.How.STONE, now=timezone.now() - timedelta(days=2))


@pytest.mark.parametrize("rating", list(Rating))
def test_each_rating_is_applied_through_fsrs_and_moves_the_due_date(member, card, rating):
    at = timezone.now() - timedelta(minutes=5)
    before = VerseCard.objects.get(pk=card.pk)
    response = send(signed_in_client(member), answer(card, rating.value, at=at))
    assert response.status_code == 200 and response.json() == {"saved": 1}
    card.refresh_from_db()
    expected, _log = schedule.review(before.schedule, rating, at)
    assert card.due == expected.due > before.due
    assert card.reviews == 1
    review = Review.objects.get(card=card)
    assert (review.rating, review.mode, review.at) == (rating.value, "word", at)
    assert review.log["rating"] == rating.value


def test_an_answer_sent_twice_counts_once(member, card):
    browser = signed_in_client(member)
    once = answer(card, 3)
    assert send(browser, once).json() == {"saved": 1}
    card.refresh_from_db()
    due = card.due
    assert send(browser, once).json() == {"saved": 1}  # the page did not hear the first answer
    card.refresh_from_db()
    assert (card.reviews, card.due, Review.objects.filter(card=card).count()) == (1, due, 1)


def test_answers_made_offline_keep_their_time_and_their_order(member, card):
    """Two answers to one verse, kept offline and sent later in the wrong order: fsrs sees them as
    they were made, the first at its own time."""
    first, second = timezone.now() - timedelta(hours=5), timezone.now() - timedelta(hours=1)
    response = send(
        signed_in_client(member), answer(card, 3, "phrase", at=second), answer(card, 1, "word", at=first)
    )
    assert response.json() == {"saved": 2}
    assert [(r.at, r.rating, r.mode) for r in Review.objects.filter(card=card)] == [
        (first, 1, "word"),
        (second, 3, "phrase"),
    ]


def test_an_answer_from_the_future_is_taken_as_made_now(member, card):
    send(signed_in_client(member), answer(card, 3, at=timezone.now() + timedelta(days=3)))
    assert Review.objects.get(card=card).at <= timezone.now()


def test_another_members_card_refuses_the_whole_batch(member, card):
    other = meet(UserFactory(), PSALM_23_1, Meeting.How.STONE)
    before = snapshot(card, other)
    theirs = answer(other, 1)
    response = send(signed_in_client(member), answer(card, 3), theirs)
    assert response.status_code == 403
    assert response.json() == {
        "error": "no_permission",
        "message": "That verse isn't one of yours.",
        "review": theirs["id"],
    }
    assert snapshot(card, other) == before


def test_a_card_that_does_not_exist_is_refused_as_not_yours(member, card):
    gone = answer(card, 3) | {"card": 999_999}
    response = send(signed_in_client(member), answer(card, 3), gone)
    assert response.status_code == 403 and response.json()["review"] == gone["id"]
    assert Review.objects.count() == 0


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"rating": 5}, "rating must be 1, 2, 3 or 4"),
        ({"rating": 0}, "rating must be 1, 2, 3 or 4"),
        ({"rating": "3"}, "rating must be 1, 2, 3 or 4"),
        ({"rating": True}, "rating must be 1, 2, 3 or 4"),
        ({"mode": "table"}, "way of practising"),
        ({"mode": "guess"}, "way of practising"),
        ({"at": "yesterday"}, "time wasn't understood"),
        ({"at": "2026-13-40T10:00:00+00:00"}, "time wasn't understood"),
        ({"at": "2026-03-01T10:00:00"}, "time wasn't understood"),  # no zone: whose morning?
        ({"card": "7"}, "names no verse"),
    ],
)
def test_a_wrong_answer_refuses_the_batch_with_words_and_changes_nothing(member, card, change, words):
    before = snapshot(card)
    wrong = answer(card) | change
    response = send(signed_in_client(member), answer(card, 3), wrong)
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "malformed_message" and words in body["message"]
    assert body["review"] == wrong["id"]
    assert snapshot(card) == before


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[]", b'{"reviews": []}', b'{"reviews": "x"}', b'{"reviews": [1]}', b'{"reviews": [{}]}'],
)
def test_a_batch_that_is_not_one_is_refused(member, card, body):
    response = signed_in_client(member).post(URL, body, content_type="application/json")
    assert response.status_code == 400 and response.json()["message"]
    assert "review" not in response.json()
    assert Review.objects.count() == 0


def test_too_many_answers_at_once_are_refused(member, card):
    response = send(signed_in_client(member), *[answer(card) for _ in range(201)])
    assert response.status_code == 400 and Review.objects.count() == 0


def test_a_visitor_is_asked_to_sign_in_and_nothing_changes(client, card):
    response = send(client, answer(card))
    assert response.status_code == 401 and response.json()["error"] == "sign_in"
    assert Review.objects.count() == 0


def test_the_door_is_csrf_protected(member, card):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(member)
    assert send(browser, answer(card)).status_code == 403
    assert Review.objects.count() == 0
    page = browser.get("/verses/practice/")
    token = page.cookies["csrftoken"].value
    response = browser.post(
        URL, json.dumps({"reviews": [answer(card)]}), content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.json() == {"saved": 1}


def test_a_typed_address_goes_to_the_practice_page(member):
    response = signed_in_client(member).get(URL)
    assert response.status_code == 302 and response["Location"] == "/verses/practice/"


def test_a_child_answers_for_their_own_verses_and_their_parent_with_them():
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Bea")
    card = meet(child, JOHN_3_16, Meeting.How.STONE)
    assert send(signed_in_client(child), answer(card, 3)).json() == {"saved": 1}
    # A parent practising with their child on one device (verses/acting.py) answers for them, and
    # the review says who practised with the child.
    assert send(signed_in_client(parent), answer(card, 1)).json() == {"saved": 1}
    assert [r.with_member_id for r in Review.objects.filter(card=card)] == [None, parent.pk]


def test_nobody_else_answers_for_a_child():
    child = family.add_child(parent=UserFactory(), tag="Little_Bea")
    card = meet(child, JOHN_3_16, Meeting.How.STONE)
    stranger = UserFactory()
    assert send(signed_in_client(stranger), answer(card, 1)).status_code == 403
    other_child = family.add_child(parent=UserFactory(), tag="Little_Tom")
    assert send(signed_in_client(other_child), answer(card, 1)).status_code == 403
    assert Review.objects.count() == 0
