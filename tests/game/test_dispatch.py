"""Sockets hand on what they are sent at once: no trip through the database thread for each message."""

from __future__ import annotations

import asyncio
import threading

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from game import broadcast, outbox
from tests.game.support import seated, two_member_game

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_relayed_message_arrives_while_the_database_thread_is_busy(live_deck):
    table, host, _guest = await two_member_game(start=False)
    player = await seated(host, table.code)
    await player.drain()
    busy, release = threading.Event(), threading.Event()

    def hold_the_database_thread() -> None:
        busy.set()
        release.wait(5)

    holding = asyncio.ensure_future(database_sync_to_async(hold_the_database_thread)())
    await asyncio.get_running_loop().run_in_executor(None, busy.wait, 5)
    [(group, message)] = outbox.relays(
        [(broadcast.table_group(table.pk), {"type": "reaction", "version": 0})]
    )
    await get_channel_layer().group_send(group, message)
    got = await player.next_of("reaction", limit=2.0)
    assert not holding.done()  # it came through while the thread was still held
    assert got == {"type": "reaction", "version": 0}
    release.set()
    await holding
    await player.close()


async def test_an_update_relayed_while_a_catchup_is_read_goes_out_after_the_catchup(live_deck):
    """Whatever carries the relay (handed over in this process, or a queue), it never overtakes the
    snapshot the socket is sending: the client would take the older snapshot as newer."""
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    await player.drain()
    busy, release = threading.Event(), threading.Event()

    def hold_the_database_thread() -> None:
        busy.set()
        release.wait(5)

    holding = asyncio.ensure_future(database_sync_to_async(hold_the_database_thread)())
    await asyncio.get_running_loop().run_in_executor(None, busy.wait, 5)
    await player.send({"type": "hello", "version": 0})
    await asyncio.sleep(0.05)  # the socket now waits for the database thread to read its catch-up
    newer = {"type": "update", "version": 1, "events": [], "view": {"seat": 1}}
    [(group, message)] = outbox.relays([(broadcast.member_group(table.pk, host.pk), newer)])
    await get_channel_layer().group_send(group, message)
    assert await player.drain(quiet=0.2) == []
    release.set()
    await holding
    got = await player.drain(quiet=0.3)
    assert [(m["type"], m["version"]) for m in got] == [("catchup", 0), ("update", 1)]
    await player.close()


async def test_the_mover_gets_its_update_first_and_once_and_its_other_socket_gets_it_too(live_deck):
    table, host, guest = await two_member_game()
    mover, second_tab, other = (
        await seated(host, table.code),
        await seated(host, table.code),
        await seated(guest, table.code),
    )
    for player in (mover, second_tab, other):
        await player.drain()
    view = next(m["view"] for m in reversed(mover.received) if m.get("view"))
    await mover.send({"type": "move", "id": "first", "version": 0, "move": view["legal_moves"][0]})
    got = [m for m in await mover.drain(quiet=0.3) if m["type"] in ("update", "ack")]
    assert [(m["type"], m["version"]) for m in got] == [("update", 1), ("ack", 1)]
    for player in (second_tab, other):
        updates = [m for m in await player.drain(quiet=0.3) if m["type"] == "update"]
        assert [m["version"] for m in updates] == [1]
    for player in (mover, second_tab, other):
        await player.close()


async def test_a_relay_from_an_older_server_process_still_gets_through(live_deck):
    """During a rolling deploy an old process may send the unencoded form."""
    table, host, _guest = await two_member_game(start=False)
    player = await seated(host, table.code)
    await player.drain()
    await get_channel_layer().group_send(
        broadcast.table_group(table.pk), {"type": "relay", "message": {"type": "reaction", "version": 0}}
    )
    assert await player.next_of("reaction", limit=2.0) == {"type": "reaction", "version": 0}
    await player.close()


async def test_a_handed_over_message_that_fails_closes_its_socket_and_the_group_still_gets_it(live_deck):
    from django.conf import settings

    if settings.REDIS_URL:
        pytest.skip("messages are handed over only by the in-process layer")
    table, host, guest = await two_member_game(start=False)
    first, second = await seated(host, table.code), await seated(guest, table.code)
    for player in (first, second):
        await player.drain()
    layer, group = get_channel_layer(), broadcast.table_group(table.pk)
    broken = {"type": "relay"}  # neither text nor message: its handler raises
    first_channel = next(iter(layer.groups[group]))
    await layer.send(first_channel, broken)
    assert await first.next_of("__closed__", limit=2.0) == {"type": "__closed__", "code": 1011}
    [(group, message)] = outbox.relays([(group, {"type": "reaction", "version": 0})])
    await layer.group_send(group, message)
    assert await second.next_of("reaction", limit=2.0) == {"type": "reaction", "version": 0}
    await second.close()
