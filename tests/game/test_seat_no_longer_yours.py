"""Issue 28 item 3 through the real router: a seat that is no longer yours (you left, the clock
took it, your agent token was revoked) is closed to you with 4403, at connect and on sockets that
were already open, and never sends you its view again; once the game ends you may replay it (R33),
and R40 gives it back. (Over real sockets: tests/realtime/test_seat_no_longer_yours.py.)"""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers, get_channel_layer
from django.test import override_settings

from accounts import agents
from game import engine, services
from game.models import Game, Seat
from game.realtime.redis_layer import redis_channel_layer
from game.services import snapshots
from tests.factories import signed_in_session
from tests.game.support import connect, seated, two_member_game
from tests.game.test_agents import agent_socket, approved_agent, joined, table_for_agents
from tests.game.test_clocks import public_game

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def leave(user, table) -> None:
    services.leave_table(user=user, code=table.code)


@sync_to_async
def game_row(table) -> tuple[int, dict]:
    game = Game.objects.get(table=table)
    return game.version, engine.from_json(game.state)


@sync_to_async
def clock_takes_seat_one(clock) -> object:
    """A public game whose host loses two turns in a row to the clock (R27); returns (table, host)."""
    table, users = public_game()
    for _ in range(8):
        if engine.from_json(Game.objects.get(table=table).state)["kinds"][0] != "person":
            return table, users[0]
        clock.advance(60)
        services.expire_deadlines()
    raise AssertionError("the clock did not take the seat")


async def test_a_member_who_left_gets_4403_at_connect_and_never_the_hand_jagai_plays(live_deck):
    table, _host, guest = await two_member_game()
    await leave(guest, table)
    connected, code, player = await connect(guest, table.code)
    # Today's main welcomed them with the seat's view: the hand JagAI now plays.
    assert (connected, code) == (False, 4403)
    assert not [m for m in await player.drain() if m.get("view") is not None]


async def test_a_member_the_clock_took_over_gets_4403_at_connect(live_deck, clock):
    table, host = await clock_takes_seat_one(clock)
    connected, code, _player = await connect(host, table.code)
    assert (connected, code) == (False, 4403)


async def test_an_open_socket_closes_with_4403_when_its_member_leaves_and_gets_no_view_after(live_deck):
    table, host, guest = await two_member_game()
    watcher = await seated(guest, table.code)  # e.g. the guest's phone, still open
    host_socket = await seated(host, table.code)
    await leave(guest, table)  # from another browser
    got = await watcher.drain(quiet=0.5)
    assert got[-1] == {"type": "__closed__", "code": 4403}
    version, _ = await game_row(table)
    assert not [m for m in got if m.get("view") is not None and m["version"] >= version]
    await host_socket.until_version(version)  # the rest of the table hears the takeover
    await host_socket.close()


async def test_after_the_game_ends_the_member_who_left_may_replay_it(live_deck):
    table, host, guest = await two_member_game()
    await leave(guest, table)
    await sync_to_async(services.end_game)(user=host, code=table.code)
    player = await seated(guest, table.code)
    welcome = player.received[0]
    assert welcome["view"]["result"] is not None
    await player.close()


async def test_a_member_let_back_in_connects_and_sees_their_seat_again_R40(live_deck):
    table, host, guest = await two_member_game()
    await leave(guest, table)
    await sync_to_async(services.let_back_in)(
        host=host, table=table, seat=2, session_key=await sync_to_async(signed_in_session)(host)
    )
    player = await seated(guest, table.code)
    _, state = await game_row(table)
    assert player.received[0]["view"] == engine.view(state, 2)
    await player.close()


async def test_an_agent_whose_seat_jagai_took_gets_4403_with_a_new_token(live_deck):
    agent, token = await approved_agent()
    table, host = await table_for_agents()
    player = await joined(token, table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)
    await sync_to_async(agents.revoke_token)(agent=agent)  # JagAI takes the seat (R38)
    assert (await player.drain(quiet=0.5))[-1] == {"type": "__closed__", "code": 4401}
    fresh = await sync_to_async(agents.issue_token)(agent=agent)
    connected, _, again = await agent_socket(fresh)
    assert connected and (await again.next_of("hello"))["agent"]
    await again.send({"type": "join", "code": table.code})
    got = await again.drain(quiet=0.5)
    assert [m["code"] for m in got if m["type"] == "error"] == ["seat_taken"]
    assert got[-1] == {"type": "__closed__", "code": 4403}
    assert not [m for m in got if m.get("view") is not None]


# Review of #28: the seat_taken message is the only thing that closed an open socket, and it can be
# lost. Every welcome and catch-up now asks `left_at` itself (access.still_theirs).


@sync_to_async
def snapshots_for(user, table) -> tuple[dict | None, dict | None]:
    return (
        snapshots.welcome(table_id=table.pk, user=user),
        snapshots.catchup(table_id=table.pk, since=0, user=user),
    )


async def test_welcome_and_catchup_refuse_a_seat_jagai_took_while_the_game_runs(live_deck):
    # The read a connect makes after its door check: a takeover that commits between them is seen.
    table, host, guest = await two_member_game()
    await leave(guest, table)
    assert await snapshots_for(guest, table) == (None, None)
    welcome, catchup = await snapshots_for(host, table)
    assert welcome["view"] is not None and catchup["view"] is not None
    await sync_to_async(services.end_game)(user=host, code=table.code)
    welcome, catchup = await snapshots_for(guest, table)  # once it ends they may replay it (R33)
    assert welcome["view"]["result"] is not None and catchup["view"] is not None


async def forget_the_groups() -> None:
    """What a Redis restart does to the layer: every group is gone, so seat_taken reaches nobody."""
    layer = get_channel_layer()
    layer.groups.clear()


async def test_a_hello_after_a_lost_seat_taken_closes_4403_without_the_hand(live_deck):
    table, _host, guest = await two_member_game()
    watcher = await seated(guest, table.code)
    await forget_the_groups()
    await leave(guest, table)
    assert await watcher.drain(quiet=0.3) == []  # the close never came
    await watcher.send({"type": "hello", "version": 0})
    got = await watcher.drain(quiet=0.5)
    assert got == [{"type": "__closed__", "code": 4403}], got


async def test_a_stale_move_after_a_lost_seat_taken_closes_4403_without_the_hand(live_deck):
    table, _host, guest = await two_member_game()
    watcher = await seated(guest, table.code)
    await forget_the_groups()
    await leave(guest, table)
    await watcher.send({"type": "move", "id": "late", "version": 0, "move": {"draw": True}})
    got = await watcher.drain(quiet=0.5)
    assert got[-1] == {"type": "__closed__", "code": 4403}, got
    assert not [m for m in got if m.get("view") is not None]


async def test_a_redis_error_at_commit_is_logged_and_never_raised_into_leave_table(live_deck, caplog):
    table, _host, guest = await two_member_game()
    dead = redis_channel_layer("redis://127.0.0.1:6401/0")  # our own port, nothing listening
    layers = channel_layers.backends.copy()
    channel_layers.backends.clear()
    try:
        with override_settings(CHANNEL_LAYERS={"default": dead}), caplog.at_level(logging.WARNING):
            await leave(guest, table)  # no exception
    finally:
        channel_layers.backends.clear()
        channel_layers.backends.update(layers)
    assert (await sync_to_async(Seat.objects.get)(table=table, user=guest)).left_at is not None
    assert [r for r in caplog.records if "seat_taken" in r.getMessage() and r.exc_info is None]
