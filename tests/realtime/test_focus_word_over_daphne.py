"""R44 through a real daphne process (issue 43): the host, who missed a word of every verse before,
is asked that word; what the guest's socket is sent at that moment (a catch-up of the whole table)
never holds the host's question or the word chosen for it, and the host's socket holds the question
without its answer."""

from __future__ import annotations

import json
import random

import pytest

from game import engine, services
from game.models import Game
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table
from tests.realtime.sockets import tab_for
from tests.verses.test_focus_over_sockets import a_history_of_missed_words

pytestmark = pytest.mark.django_db(transaction=True)


def _caught_up(tab, version: int) -> dict:
    tab.send({"type": "hello", "version": 0})
    return tab.until(lambda m: m["type"] == "catchup" and m["version"] >= version)


def _move(made, members, sessions, rng) -> None:
    """The seat whose turn it is makes a random legal move, in this process (as a page's would)."""
    game = Game.objects.get(table_id=made.pk)
    state = engine.from_json(game.state)
    seat = engine.current_seat(state)
    services.play_move(
        table_id=made.pk,
        user=members[seat],
        session_key=sessions[seat],
        move_id=f"f{game.version}",
        version=game.version,
        move=rng.choice(engine.legal_moves(state, seat)),
    )


def test_the_host_is_asked_their_due_word_and_the_guest_is_never_told_it(server):
    host, guest = UserFactory(), UserFactory()
    missed = a_history_of_missed_words(host)
    made = deal_private_table(host, guest)
    tabs = {1: tab_for(server, made, host), 2: tab_for(server, made, guest)}
    members = {1: host, 2: guest}
    sessions = {seat: signed_in_session(user) for seat, user in members.items()}
    rng, asked = random.Random(3), []
    for _ in range(2000):
        game = Game.objects.get(table_id=made.pk)
        state = engine.from_json(game.state)
        if engine.is_over(state) or asked:  # one catch-up per socket: a second within 5 s is refused
            break
        question = engine.pending_question(state)
        if question is not None and question["seat"] == 1 and question["text"] not in asked:
            assert question["choices"][question["answer"]] == missed[str(question["story"])]
            hosts = _caught_up(tabs[1], game.version)
            assert hosts["view"]["question"]["text"] == question["text"]
            assert "answer" not in hosts["view"]["question"]
            guests = _caught_up(tabs[2], game.version)
            assert guests["view"]["question"] is None
            asked.append(question["text"])
        _move(made, members, sessions, rng)
    assert asked, "the host was never asked in this game"
    for seat, tab in tabs.items():
        for message in tab.got:
            text = json.dumps(message)
            assert '"focus"' not in text
            assert seat == 1 or not any(q in text for q in asked)
