"""What a table does to its members' verses: meetings kept, a right answer a review, a wrong word
kept to ask again (issue 43 item 1 and 3; R44)."""

from __future__ import annotations

import random

import pytest
from fsrs import Rating

from content import bible
from content.deal import engine_deck, live_deck
from game import engine, services
from game.models import Game, GameEvent
from game.protocol.verses import words_of
from tests.factories import UserFactory, signed_in_session
from verses.meeting import meet
from verses.models import Meeting, Review, VerseCard
from verses.reviewing import note_word
from verses.texts import Place

pytestmark = pytest.mark.django_db


def _play(table, users, *, answers, until=None, seed=5):
    """Random legal moves until the game ends or `until(events)` says stop; each question is
    answered right or wrong as `answers` (a list of bools) says, in turn."""
    sessions = {seat: signed_in_session(user) for seat, user in users.items()}
    rng = random.Random(seed)
    answers = list(answers)
    while True:
        game = Game.objects.get(table=table)
        state = engine.from_json(game.state)
        if state["over"] is not None:
            return
        seat = state["turn"]
        question = engine.pending_question(state)
        if question is not None:
            right = answers.pop(0) if answers else True
            choice = question["answer"] if right else (question["answer"] + 1) % 3
            move = {"answer": {"choice": choice}}
        else:
            move = rng.choice(engine.legal_moves(state, seat))
        services.play_move(
            table_id=table.pk,
            user=users[seat],
            session_key=sessions[seat],
            move_id=f"v{game.version}",
            version=game.version,
            move=move,
        )
        last = GameEvent.objects.filter(game=game).order_by("-seq").first()
        if until and until(last.events):
            return


def _private_game():
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    return table, {1: host, 2: guest}


def test_every_stone_and_question_is_a_meeting_at_that_table(live_deck):
    table, users = _private_game()
    _play(table, users, answers=[])
    game = Game.objects.get(table=table)
    laid = {}
    for row in GameEvent.objects.filter(game=game):
        for event in row.events:
            if event["type"] in ("knock", "seal", "word_question") and event.get("seat") in users:
                laid.setdefault(event["seat"], set()).add(event["story"])
    assert laid, "the random game laid no stone"
    for seat, stories in laid.items():
        cards = VerseCard.objects.filter(member=users[seat])
        assert cards.count() == len(stories)
        assert set(Meeting.objects.filter(card__member=users[seat]).values_list("table_code", flat=True)) == {
            table.code
        }
    helpers = VerseCard.objects.exclude(member__in=users.values())
    assert not helpers.exists()


def _answers(table):
    return [
        (row.seat, event)
        for row in GameEvent.objects.filter(game__table=table).order_by("seq")
        for event in row.events
        if event["type"] == "word_answer"
    ]


def test_a_right_answer_is_a_review_and_a_wrong_word_is_kept_to_ask_again(live_deck):
    table, users = _private_game()
    _play(table, users, answers=[True, False], until=lambda events: len(_answers(table)) >= 2)
    (right_seat, right), (wrong_seat, wrong) = _answers(table)[:2]
    assert (right["right"], wrong["right"]) == (True, False)
    review = Review.objects.get()
    assert review.rating == Rating.Good and review.mode == Review.Mode.TABLE
    assert review.card.member == users[right_seat]
    assert review.card.reviews == 1
    assert right["word"].lower() in review.card.words["en"]["known"]
    missed = [
        card
        for card in VerseCard.objects.filter(member=users[wrong_seat])
        if card.words.get("en", {}).get("missed")
    ]
    assert [card.words["en"]["missed"] for card in missed] == [[wrong["word"].lower()]]


def _deck_verse(story: int):
    """The deck's Word card of a story as a Place, with its KJV text."""
    word = words_of(engine_deck(live_deck()))[story]
    return Place(bible.book_from_slug(word["book_slug"]).value, word["chapter"], word["verse"]), word["text"]


def test_at_a_private_table_each_member_is_asked_the_word_they_missed(live_deck):
    host, guest = UserFactory(), UserFactory()
    place, text = _deck_verse(3)
    card = meet(host, place, Meeting.How.STONE)
    missed = engine.candidates(text, "en")[-1]
    note_word(card, "en", missed, right=False)
    card.save(update_fields=["words"])
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    state = engine.from_json(Game.objects.get(table=table).state)
    assert state["focus"][0] == {"3": missed}
    assert state["focus"][1:] == [{}, {}, {}]


def test_a_public_table_never_asks_by_a_members_history(live_deck):
    place, text = _deck_verse(3)
    members = [UserFactory() for _ in range(4)]
    for member in members:
        card = meet(member, place, Meeting.How.STONE)
        note_word(card, "en", engine.candidates(text, "en")[-1], right=False)
        card.save(update_fields=["words"])
    table = services.play_now(user=members[0]).table
    for member in members[1:]:
        services.play_now(user=member)
    table.refresh_from_db()
    assert table.is_public and table.status == table.Status.PLAYING
    assert "focus" not in engine.from_json(Game.objects.get(table=table).state)
