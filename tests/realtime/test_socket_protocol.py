"""The table socket: who may connect, reconnects, and bad input that changes nothing."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async

from game import engine, services
from game.models import Game
from tests.factories import UserFactory
from tests.game.support import connect, seated, two_member_game

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def game_row(table):
    game = Game.objects.get(table=table)
    return game.version, engine.from_json(game.state)


async def test_only_members_seated_at_the_table_may_connect(live_deck):
    table, host, _guest = await two_member_game()
    stranger = await sync_to_async(UserFactory)()
    connected, code, player = await connect(stranger, table.code)
    assert not connected and code == 4404  # a begun game is no table to a stranger (issue 49)
    waiting = await sync_to_async(lambda: services.create_private_table(user=UserFactory()).table)()
    connected, code, player = await connect(stranger, waiting.code)
    assert not connected and code == 4403  # found, open to join, but not theirs to play
    connected, _, player = await connect(host, table.code.lower())
    assert connected
    await player.close()


async def test_the_welcome_holds_the_seats_view_and_no_secrets(live_deck):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    welcome = player.received[0]
    _, state = await game_row(table)
    assert welcome["view"] == engine.view(state, 1)
    assert welcome["me"]["seat"] == 1
    text = json.dumps(welcome)
    assert "verse_text" not in text and '"seed"' not in text and '"well":[' not in text.replace(" ", "")
    await player.close()


async def test_a_repeated_move_id_is_acknowledged_and_applied_once(live_deck):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    version, state = await game_row(table)
    move = engine.legal_moves(state, 1)[0]
    await player.send({"type": "move", "id": "same", "version": version, "move": move})
    await player.next_of("ack")
    after, _ = await game_row(table)
    await player.send({"type": "move", "id": "same", "version": version, "move": move})
    assert (await player.next_of("ack"))["id"] == "same"
    assert (await game_row(table))[0] == after
    await player.close()


async def test_bad_messages_get_clear_errors_keep_the_socket_open_and_change_nothing(live_deck):
    table, host, guest = await two_member_game()
    player = await seated(host, table.code)
    other = await seated(guest, table.code)
    version, state = await game_row(table)
    legal = engine.legal_moves(state, 1)[0]
    cases = [
        ("{not json", "malformed_message"),
        (json.dumps([1, 2]), "malformed_message"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "move", "id": "x1", "version": version}), "malformed_move"),
        (json.dumps({"type": "move", "id": "x2", "version": "7", "move": legal}), "malformed_message"),
        (json.dumps({"type": "move", "id": "x3", "version": version, "move": {"fly": {}}}), "malformed_move"),
        (
            json.dumps(
                {"type": "move", "id": "x4", "version": version, "move": {"ask": {"seat": 1, "story": 1}}}
            ),
            None,
        ),
        (json.dumps({"type": "react", "reaction": "<b>hello</b>"}), "bad_reaction"),
    ]
    for raw, code in cases:
        await player.send(raw)
        error = await player.next_of("error")
        assert error["message"]
        if code:
            assert error["code"] == code
    await other.send({"type": "move", "id": "y1", "version": version, "move": legal})
    assert (await other.next_of("error"))["code"] == "not_your_turn"
    assert await game_row(table) == (version, state)
    await player.send({"type": "ping"})
    assert (await player.next_of("pong"))["version"] == version
    await player.close()
    await other.close()


async def test_a_stale_version_is_refused_with_the_fresh_view(live_deck):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    version, state = await game_row(table)
    move = engine.legal_moves(state, 1)[0]
    await player.send({"type": "move", "id": "old", "version": version - 1 if version else 99, "move": move})
    assert (await player.next_of("error"))["code"] == "stale_version"
    catchup = await player.next_of("catchup")
    assert catchup["view"] == engine.view(state, 1)
    assert await game_row(table) == (version, state)
    await player.close()


async def test_a_move_for_another_table_is_refused(live_deck):
    table, host, _guest = await two_member_game()
    other_table, _other_host, _ = await two_member_game()
    player = await seated(host, table.code)
    before = await game_row(other_table)
    mine = await game_row(table)
    await player.send(
        {
            "type": "move",
            "id": "t1",
            "table": other_table.code,
            "version": 999,
            "move": {"ask": {"seat": 2, "story": 1}},
        }
    )
    await player.drain()
    assert await game_row(other_table) == before
    assert (await game_row(table))[0] == mine[0]
    await player.close()


async def test_an_oversized_message_closes_the_socket_with_4413(live_deck):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    await player.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
    messages = await player.drain(quiet=0.5)
    assert messages[-1] == {"type": "__closed__", "code": 4413}


async def test_flooding_closes_the_socket_with_4429(live_deck):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    for _ in range(25):
        await player.send({"type": "ping"})
    messages = await player.drain(quiet=0.5)
    assert messages[-1] == {"type": "__closed__", "code": 4429}


async def test_a_reconnecting_seat_ends_up_equal_to_one_that_never_dropped(live_deck):
    table, host, guest = await two_member_game()
    steady = await seated(guest, table.code)
    dropping = await seated(guest, table.code)
    mover = await seated(host, table.code)
    seen_version = (await game_row(table))[0]
    await dropping.close()
    for _ in range(12):
        version, state = await game_row(table)
        if state["over"] is not None or state["turn"] != 1:
            break
        move = engine.legal_moves(state, 1)[0]
        await mover.send_paced({"type": "move", "id": f"r{version}", "version": version, "move": move})
        await mover.next_of("ack")
    final_version, final_state = await game_row(table)
    await steady.until_version(final_version)
    back = await seated(guest, table.code)
    await back.send({"type": "hello", "version": seen_version})
    catchup = await back.next_of("catchup")
    steady_events = [
        e
        for m in steady.received
        if m["type"] == "update" and m["version"] > seen_version
        for e in m["events"]
    ]
    assert [{k: v for k, v in e.items() if k != "version"} for e in catchup["events"]] == steady_events
    latest = [m for m in steady.received if m.get("view")][-1]
    assert catchup["view"] == latest["view"] == engine.view(final_state, 2)
    assert catchup["complete"] is True
    for player in (steady, mover, back):
        await player.close()


async def test_reactions_reach_the_table_and_are_limited_to_one_every_two_seconds(live_deck):
    table, host, guest = await two_member_game()
    player = await seated(host, table.code)
    other = await seated(guest, table.code)
    await player.send({"type": "react", "reaction": "amen"})
    reaction = await other.next_of("reaction")
    assert (reaction["seat"], reaction["tag"], reaction["label"]) == (1, host.gamer_tag, "Amen!")
    await player.send({"type": "react", "reaction": "well_played"})
    assert (await player.next_of("error"))["code"] == "too_fast"
    await player.close()
    await other.close()
