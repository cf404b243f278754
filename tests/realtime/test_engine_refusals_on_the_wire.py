"""The engine's refusals as a client reads them through a real daphne: the RuleCode's text as the
code, the refused move's own words as the message, and nothing changed (issue 33, item 3)."""

from __future__ import annotations

import pytest

from game import engine
from game.models import Game
from tests.realtime.sockets import next_move, tab_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_engine_refusal_reaches_the_client_as_its_code_and_its_moves_words(live_asgi, table):
    made, host, guest = table
    server = live_asgi()
    seat, version, legal = next_move(made.pk)
    assert seat == 1  # the host's turn: the guest is out of turn, the host has not asked yet
    mover, other = tab_for(server, made, host), tab_for(server, made, guest)
    cases = [
        (other, legal, engine.RuleCode.NOT_YOUR_TURN, "It isn't your turn yet."),
        (
            mover,
            {"done": {}},
            engine.RuleCode.MUST_ASK_FIRST,
            "Ask someone first: every turn starts with an ask.",
        ),
        (
            mover,
            {"knock": {"story": 99}},
            engine.RuleCode.NO_SUCH_STORY,
            "There is no such story in this deck.",
        ),
    ]
    for n, (tab, move, code, words) in enumerate(cases):
        tab.send({"type": "move", "id": f"r{n}", "version": version, "move": move})
        error = tab.until(lambda m, n=n: m["type"] == "error" and m.get("id") == f"r{n}")
        assert (error["code"], error["message"]) == (code.value, words)
    assert Game.objects.get(table_id=made.pk).version == version
    mover.send({"type": "ping"})
    assert mover.until(lambda m: m["type"] == "pong")["version"] == version
    mover.close()
    other.close()
