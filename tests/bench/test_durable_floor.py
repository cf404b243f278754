"""The durable floor socket (bench/durable.py) through a real daphne and the real router: each
frame is answered after its transaction committed one log row and one count on its own slot row,
and a socket naming no slot is closed with 4400 and changes nothing."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bench import durable_store, setup_db
from bench.durable import BAD_SLOT, DurableConsumer
from justalllowgod import routing

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def durable_route():
    """The route as BENCH_ECHO adds it (routing.py's bench block), before the catch-all, for this
    test's server only; and the floor's own tables, dropped afterwards (no migration owns them)."""
    from django.urls import path

    route = path("ws/bench/durable/", DurableConsumer.as_asgi())
    routing.websocket_urlpatterns.insert(len(routing.websocket_urlpatterns) - 1, route)
    durable_store.create_tables(2)
    yield
    routing.websocket_urlpatterns.remove(route)
    durable_store.drop_tables()


async def _probe(server, cookie: str, query: str, frames: int) -> tuple[list[dict], int | None]:
    answers, code = [], None
    async with connect(
        f"{server.ws_url}/ws/bench/durable/{query}",
        origin=server.url,
        additional_headers={"Cookie": cookie},
        proxy=None,
        open_timeout=20,
    ) as ws:
        try:
            for n in range(1, frames + 1):
                await ws.send(json.dumps({"type": "echo", "n": n}))
                answers.append(json.loads(await asyncio.wait_for(ws.recv(), 20)))
            await ws.close()
        except ConnectionClosed:
            pass
        code = ws.close_code
    return answers, code


def test_each_frame_is_answered_after_its_row_and_count_are_committed(live_asgi, durable_route):
    server = live_asgi()
    member = setup_db.make_members("dur", 1)[0]
    answers, code = asyncio.run(_probe(server, member.cookie, "?slot=2", 3))
    assert [a["n"] for a in answers] == [1, 2, 3]
    assert code == 1000
    # Counted from this process, after the socket closed: three log rows, slot 2 at three.
    assert durable_store.committed() == (3, 3)


@pytest.mark.parametrize("query", ["", "?slot=0", "?slot=3", "?slot=x", "?slot=-1", "?slot=%C2%B2"])
def test_a_socket_naming_no_slot_is_closed_4400_and_changes_nothing(live_asgi, durable_route, query):
    server = live_asgi()
    member = setup_db.make_members("bad", 1)[0]
    answers, code = asyncio.run(_probe(server, member.cookie, query, 1))
    assert answers == []
    assert code == BAD_SLOT
    assert durable_store.committed() == (0, 0)
