"""Issue 28 item 3 through the real router: a seat that is no longer yours (you left, the clock
took it, your agent token was revoked) is closed to you with 4403, at connect and on sockets that
were already open, and never sends you its view again; once the game ends you may replay it (R33),
and R40 gives it back. (Over real sockets: tests/realtime/test_seat_no_longer_yours.py.)"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from accounts import agents
from game import engine, services
from game.models import Game
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
