"""Budgets per member and per agent across sockets (issue 28, item 7), through the real router: a
message budget shared by a member's sockets, one hello per socket every few seconds, a bounded
queue of frames that is dropped when its socket closes, and at most N sockets per agent token."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from asgiref.sync import sync_to_async

from game.models import Game
from game.services import snapshots
from tests.game.support import connect, seated, two_member_game
from tests.game.test_agents import agent_socket, approved_agent
from tests.realtime.test_socket_authority import closed_with

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def version_of(table) -> int:
    return Game.objects.get(table=table).version


async def test_a_members_sockets_share_one_budget_and_another_member_is_untouched(live_deck, settings):
    settings.WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND = 5
    table, host, guest = await two_member_game()
    tabs = [await seated(host, table.code) for _ in range(3)]
    other = await seated(guest, table.code)
    # 12 pings in well under two seconds, 4 a socket (each far inside its own cap of 20): whichever
    # second they fall in, one second holds at least 6, past the member's budget of 5.
    for _ in range(4):
        for tab in tabs:
            await tab.send({"type": "ping"})
    codes = [await closed_with(tab, within=1.0) for tab in tabs]
    assert 4429 in codes, codes
    # The other member's socket is not on that budget: it still answers at once.
    await other.send({"type": "ping"})
    assert (await other.next_of("pong"))["version"] == await version_of(table)
    await other.close()


async def test_a_second_hello_within_the_window_is_refused_and_one_after_it_is_answered(live_deck, settings):
    settings.WS_HELLO_SECONDS = 3  # long enough that a loaded machine's first catch-up fits in it
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    version = await version_of(table)
    await player.send({"type": "hello", "version": 0})
    assert (await player.next_of("catchup"))["version"] == version
    await player.send({"type": "hello", "version": 0})
    refused = await player.next_of("error")
    assert refused["code"] == "hello_too_soon" and refused["message"]
    assert 0 < refused["retry_after"] <= 3
    # Never newer than what the socket was sent: the refusal cannot set off another resync.
    assert refused["version"] == version
    assert not [m for m in await player.drain(quiet=0.1) if m["type"] == "catchup"]
    await asyncio.sleep(refused["retry_after"] + 0.1)
    await player.send({"type": "hello", "version": 0})
    assert (await player.next_of("catchup"))["version"] == version
    await player.close()


async def test_a_stale_move_still_gets_its_catchup_right_after_a_hello(live_deck, settings):
    settings.WS_HELLO_SECONDS = 60
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    version = await version_of(table)
    await player.send({"type": "hello", "version": 0})
    await player.next_of("catchup")
    await player.send({"type": "move", "id": "old", "version": version + 5, "move": {"well": {}}})
    assert (await player.next_of("error"))["code"] == "stale_version"
    assert (await player.next_of("catchup"))["version"] == version
    await player.close()


async def test_stale_moves_cannot_stand_in_for_hellos(live_deck, settings):
    # Review of #28: each stale move was caught up from the version it named, so -5 was a full
    # catch-up every time. Now: from what the socket was sent, one per hello window.
    settings.WS_HELLO_SECONDS = 60
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    version = await version_of(table)
    for i in range(8):
        await player.send({"type": "move", "id": f"x{i}", "version": -5, "move": {"well": {}}})
    got = await player.drain(quiet=0.5)
    errors = [m for m in got if m["type"] == "error"]
    assert [m["code"] for m in errors] == ["stale_version"] * 8
    assert all(m["version"] == version for m in errors)
    catchups = [m for m in got if m["type"] == "catchup"]
    assert len(catchups) == 1
    # Nothing older than the welcome this socket already has.
    assert catchups[0]["complete"] and all(e["version"] > version for e in catchups[0]["events"])
    assert await version_of(table) == version
    await player.close()


async def test_new_sockets_past_the_connect_budget_close_4429_for_that_member_only(live_deck, settings):
    # Review of #28: reconnecting was an unlimited hello (every new socket gets a full welcome).
    settings.WS_MAX_CONNECTS, settings.WS_CONNECT_WINDOW_SECONDS = 3, 3600
    table, host, guest = await two_member_game()
    for _ in range(3):
        player = await seated(host, table.code)
        await player.close()
    connected, code, player = await connect(host, table.code)
    assert (connected, code) == (False, 4429)
    assert not [m for m in await player.drain() if m.get("view") is not None]
    other = await seated(guest, table.code)  # another member is untouched
    await other.close()


async def test_an_agent_tokens_new_sockets_past_the_connect_budget_close_4429(live_deck, settings):
    settings.WS_MAX_CONNECTS, settings.WS_CONNECT_WINDOW_SECONDS = 3, 3600
    _agent, token = await approved_agent()
    for _ in range(3):
        connected, _code, player = await agent_socket(token)
        assert connected and (await player.next_of("hello"))["type"] == "hello"
        await player.close()
    connected, code, _player = await agent_socket(token)
    assert (connected, code) == (False, 4429)
    connected, _code, other = await agent_socket((await approved_agent("OtherHelper"))[1])
    assert connected  # another agent's token is untouched
    await other.close()


class SlowVersion:
    """snapshots.version as it is, but each read waits first, as on a loaded database: the frames
    behind it wait in the socket's queue. Counts the reads that were made."""

    def __init__(self, real, seconds: float) -> None:
        self.real, self.seconds, self.calls = real, seconds, 0
        self.lock = threading.Lock()

    def __call__(self, *args, **kwargs):
        with self.lock:
            self.calls += 1
        time.sleep(self.seconds)
        return self.real(*args, **kwargs)


async def test_a_socket_that_queues_more_frames_than_its_bound_is_closed_4429(
    live_deck, settings, monkeypatch
):
    settings.WS_MAX_QUEUED_FRAMES = 3
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    monkeypatch.setattr(snapshots, "version", SlowVersion(snapshots.version, 0.5))
    for _ in range(8):  # inside the 20 a second, but the first ping takes half a second
        await player.send({"type": "ping"})
    assert await closed_with(player, within=5.0) == 4429


async def test_frames_still_waiting_when_the_socket_closes_are_dropped(live_deck, monkeypatch):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    slow = SlowVersion(snapshots.version, 0.3)
    monkeypatch.setattr(snapshots, "version", slow)
    for _ in range(6):
        await player.send({"type": "ping"})
    for _ in range(100):  # until the first ping is being answered; five wait behind it
        if slow.calls:
            break
        await asyncio.sleep(0.05)
    assert slow.calls == 1
    await player.close()
    await asyncio.sleep(1.0)
    assert slow.calls == 1, f"{slow.calls} pings were answered for a closed socket"


async def test_one_agent_token_keeps_at_most_n_sockets_the_oldest_closes_4409(live_deck, settings):
    settings.WS_MAX_SOCKETS_PER_AGENT = 2
    _agent, token = await approved_agent()
    sockets = []
    for _ in range(3):
        connected, code, player = await agent_socket(token)
        assert connected, code
        assert (await player.next_of("hello"))["agent"]
        sockets.append(player)
    assert await closed_with(sockets[0]) == 4409
    # The two newest stay open.
    assert [await closed_with(player, within=0.3) for player in sockets[1:]] == [None, None]
    await sockets[1].close()
    await sockets[2].close()
