"""`python -m bench --idle-sockets N` opens lobby and quiet-table sockets that only ping, through a
real daphne: they are admitted, answered, and cost no error."""

from __future__ import annotations

import asyncio
import random

import pytest

from bench import idle, setup_db
from bench.load import Stats
from tests.deck import load_deck

pytestmark = pytest.mark.django_db(transaction=True)


def test_idle_sockets_open_on_the_lobby_and_quiet_tables_and_their_pings_are_answered(live_asgi):
    load_deck()
    server = live_asgi()
    members = setup_db.make_members("idle", 5)
    quiet = [setup_db.open_table(members[3:5])]
    stats = Stats()
    sockets = idle.plan(4, members[:3], quiet, [(server.ws_url, server.url)], stats)
    assert [s.path for s in sockets] == ["/ws/lobby/"] * 3 + [f"/ws/table/{quiet[0].code}/"]

    async def run() -> int:
        opened = await idle.open_all(sockets, random.Random(1), stats, every=0.3)
        await asyncio.sleep(1.5)
        await asyncio.gather(*(s.close() for s in sockets))
        return opened

    assert asyncio.run(run()) == 4
    assert all(s.received["lobby"] == 1 for s in sockets[:3])
    at_table = sockets[3].received
    assert at_table["welcome"] == 1 and at_table["pong"] >= 2
    assert stats.errors == 0, stats.error_codes


def test_half_the_idle_sockets_sit_at_quiet_tables_of_two():
    assert idle.shares(2000) == (1000, 1000)
    assert idle.shares(5) == (3, 2)
    assert idle.shares(7) == (4, 4)
    assert idle.shares(1) == (1, 0)
