"""Sockets hand on what they are sent at once: no trip through the database thread for each message."""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection

from game.protocol import publish
from game.realtime import groups as addressing
from game.realtime.database import database_call
from game.services import snapshots
from tests.game.support import play_one_move, seated, two_member_game

pytestmark = pytest.mark.django_db(transaction=True)


class HeldDatabaseThread:
    """Keeps a table's database thread (its lane, or Channels' one thread) busy until released."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id

    async def __aenter__(self):
        self.busy, self.release = threading.Event(), threading.Event()

        def hold(*, table_id: int) -> None:
            self.busy.set()
            self.release.wait(5)

        self.holding = asyncio.ensure_future(database_call(hold)(table_id=self.table_id))
        await asyncio.get_running_loop().run_in_executor(None, self.busy.wait, 5)
        return self

    async def __aexit__(self, *exc):
        self.release.set()
        await self.holding


async def test_a_relayed_message_arrives_while_the_database_thread_is_busy(live_deck):
    table, host, _guest = await two_member_game(start=False)
    player = await seated(host, table.code)
    await player.drain()
    async with HeldDatabaseThread(table.pk) as held:
        [(group, message)] = publish.relays(
            [(addressing.table_group(table.pk), {"type": "reaction", "version": 0})]
        )
        await get_channel_layer().group_send(group, message)
        got = await player.next_of("reaction", limit=2.0)
        assert not held.holding.done()  # it came through while the thread was still held
    assert got == {"type": "reaction", "version": 0}
    await player.close()


async def test_an_update_relayed_while_a_catchup_is_read_goes_out_after_the_catchup(live_deck):
    """Whatever carries the relay (handed over in this process, or a queue), it never overtakes the
    snapshot the socket is sending: the client would take the older snapshot as newer."""
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    await player.drain()
    async with HeldDatabaseThread(table.pk):
        await player.send({"type": "hello", "version": 0})
        await asyncio.sleep(0.05)  # the socket now waits for the database thread to read its catch-up
        newer = {"type": "update", "version": 1, "events": [], "view": {"seat": 1}}
        [(group, message)] = publish.relays([(addressing.member_group(table.pk, host.pk), newer)])
        await get_channel_layer().group_send(group, message)
        assert await player.drain(quiet=0.2) == []
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
        addressing.table_group(table.pk), {"type": "relay", "message": {"type": "reaction", "version": 0}}
    )
    assert await player.next_of("reaction", limit=2.0) == {"type": "reaction", "version": 0}
    await player.close()


def _in_process_layer_only() -> None:
    if settings.REDIS_URL:
        pytest.skip("messages are handed over only by the in-process layer")


@sync_to_async(thread_sensitive=False)
def _move_from_another_thread(table_id: int, members: dict) -> int:
    try:
        return play_one_move(table_id, members)
    finally:
        connection.close()


async def test_an_update_a_catchup_covers_is_not_sent_after_it(live_deck):
    table, host, guest = await two_member_game()
    player = await seated(host, table.code)
    await player.drain()
    async with HeldDatabaseThread(table.pk):
        await player.send({"type": "hello", "version": 0})
        await asyncio.sleep(0.05)  # the catch-up now waits for the database thread
        # A move commits meanwhile: its update for this socket waits behind the catch-up.
        version = await _move_from_another_thread(table.pk, {1: host, 2: guest})
    got = await player.drain(quiet=0.3)
    assert [(m["type"], m["version"]) for m in got] == [("catchup", version)]
    await player.close()


async def test_an_update_committed_while_the_welcome_is_read_follows_the_welcome(live_deck, monkeypatch):
    table, host, guest = await two_member_game()
    real_welcome = snapshots.welcome

    def welcome_then_a_move(**kwargs):
        message = real_welcome(**kwargs)
        play_one_move(table.pk, {1: host, 2: guest})  # commits after the read, before the send
        return message

    monkeypatch.setattr(snapshots, "welcome", welcome_then_a_move)
    player = await seated(host, table.code)
    await player.drain(quiet=0.3)
    assert [(m["type"], m["version"]) for m in player.received] == [("welcome", 0), ("update", 1)]
    await player.close()


async def test_a_member_who_left_while_the_welcome_was_read_is_turned_away_with_nothing_else(
    live_deck, monkeypatch
):
    from tests.game.support import connect

    table, host, guest = await two_member_game()

    def left_meanwhile(**kwargs):
        play_one_move(table.pk, {1: host, 2: guest})  # an update for the seat is on its way
        return None  # and then the seat is gone

    monkeypatch.setattr(snapshots, "welcome", left_meanwhile)
    connected, code, player = await connect(host, table.code)
    assert (connected, code) == (False, 4403)
    assert await player.drain(quiet=0.2) == []
    layer = get_channel_layer()
    if not settings.REDIS_URL:
        assert not any(g.startswith(f"table-{table.pk}") and c for g, c in layer.groups.items())
    await player.close()


async def test_a_catchup_after_a_refused_move_brings_every_update_the_socket_was_not_sent(live_deck):
    _in_process_layer_only()
    table, host, guest = await two_member_game()
    player = await seated(host, table.code)
    await player.drain()
    layer, groups = (
        get_channel_layer(),
        [addressing.member_group(table.pk, host.pk), addressing.table_group(table.pk)],
    )
    channel = next(iter(layer.groups[groups[0]]))
    for group in groups:  # its next updates go astray, as if they were still on their way
        await layer.group_discard(group, channel)
    members = {1: host, 2: guest}
    while (version := await _move_from_another_thread(table.pk, members)) < 2:
        pass
    for group in groups:
        await layer.group_add(group, channel)
    # The client learned the version from elsewhere (a pong) and moves on it, too late.
    await player.send({"type": "move", "id": "late", "version": version - 1, "move": {"well": {}}})
    assert (await player.next_of("error"))["code"] == "stale_version"
    catchup = await player.next_of("catchup")
    assert catchup["version"] == version
    assert set(range(1, version + 1)) <= {e["version"] for e in catchup["events"]}
    await player.close()


async def test_a_socket_leaves_the_layer_when_it_disconnects(live_deck):
    _in_process_layer_only()
    table, host, _guest = await two_member_game(start=False)
    player = await seated(host, table.code)
    layer = get_channel_layer()
    [channel] = layer.groups[addressing.table_group(table.pk)]
    assert channel in layer.receivers
    await player.close()
    assert channel not in layer.receivers


async def test_a_socket_holding_messages_back_refuses_more_than_its_capacity():
    from collections import deque

    from channels.exceptions import ChannelFull

    from game.realtime.layers import SweptInMemoryChannelLayer
    from game.sockets.base import ServerSocket

    socket = ServerSocket()
    socket.channel_layer, socket.channel_name = SweptInMemoryChannelLayer(capacity=2), "specific.x!y"
    socket.delivery.held_back = deque()
    await socket.delivery.take({"type": "relay", "n": 1})
    await socket.delivery.take({"type": "relay", "n": 2})
    with pytest.raises(ChannelFull):
        await socket.delivery.take({"type": "relay", "n": 3})
    assert [m["n"] for m in socket.delivery.held_back] == [1, 2]


async def test_a_handed_over_message_that_fails_closes_its_socket_and_the_group_still_gets_it(live_deck):
    _in_process_layer_only()
    table, host, guest = await two_member_game(start=False)
    first, second = await seated(host, table.code), await seated(guest, table.code)
    for player in (first, second):
        await player.drain()
    layer, group = get_channel_layer(), addressing.table_group(table.pk)
    first_channel = next(iter(layer.groups[group]))  # the host's, the first to join

    async def broken(event: dict) -> None:
        raise RuntimeError("a handler that fails")

    layer.receivers[first_channel].relay = broken
    [(group, message)] = publish.relays([(group, {"type": "reaction", "version": 0})])
    await layer.group_send(group, message)
    assert await first.next_of("__closed__", limit=2.0) == {"type": "__closed__", "code": 4500}
    assert await second.next_of("reaction", limit=2.0) == {"type": "reaction", "version": 0}
    await second.close()
