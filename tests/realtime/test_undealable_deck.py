"""#29 item 2 through a real daphne process over real sockets: a public table waiting on a deck that
can no longer be dealt is told why and closed by the server's own clock, which logs one warning and
no sweep error. (Through the router: tests/game/test_deck_not_ready.py.)"""

from __future__ import annotations

import time

import pytest

from content.models import Card, Story
from game import services
from game.models import Table
from tests.factories import UserFactory
from tests.realtime.sockets import tab_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_servers_clock_tells_and_closes_a_table_waiting_on_an_undealable_deck(
    deck, live_asgi, server_log
):
    server = live_asgi(GAME_PUBLIC_COUNTDOWN_SECONDS=8, TEST_SERVER_LOG=str(server_log))
    host = UserFactory()
    table = services.play_now(user=host).table
    tab = tab_for(server, table, host)
    keep = list(Story.objects.order_by("position").values_list("pk", flat=True)[:7])
    Card.objects.exclude(story__in=keep).delete()
    told = tab.until(lambda m: m["type"] == "error", within=30)
    assert told["code"] == "deck_not_ready" and "isn't ready" in told["message"]
    closed = tab.until(lambda m: m["type"] == "table" and m["table"]["status"] == "ended", within=5)
    assert closed["table"]["countdown_left"] is None
    tab.close()
    table.refresh_from_db()
    assert table.status == Table.Status.ENDED
    time.sleep(1.5)  # three more sweeps: none of them may log anything about this table
    log = server_log.read_text()
    assert log.count("cannot be dealt") == 1, log[-3000:]
    assert "clock sweep failed" not in log and "ERROR" not in log, log[-3000:]
