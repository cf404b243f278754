"""Whole games over real sockets; every message a seat gets is exactly what that seat may see."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import sync_to_async

from game import engine, services
from game.models import Game, GameEvent
from tests.factories import UserFactory
from tests.game.support import seated, until_dealt

pytestmark = pytest.mark.django_db(transaction=True)


def _current(table_id: int) -> tuple[int, dict]:
    game = Game.objects.get(table_id=table_id)
    return game.version, engine.from_json(game.state)


def _events_at(table_id: int) -> dict[int, list[dict]]:
    return dict(GameEvent.objects.filter(game__table_id=table_id).values_list("seq", "events"))


def check_every_message(player, seat: int, states: dict[int, dict], events: dict[int, list[dict]]) -> None:
    """Each view equals the engine's view for this seat at that version; nothing secret leaks."""
    for message in player.received:
        text = json.dumps(message)
        assert '"seed"' not in text and '"hands"' not in text
        assert "@example.org" not in text  # R31: tags only, never an email
        if message.get("view") is None:
            continue
        version = message["version"]
        assert message["view"] == engine.view(states[version], seat)
        if message["type"] == "update":
            assert message["events"] == engine.events_for(events.get(version, []), seat)
        for other in range(1, len(states[version]["kinds"]) + 1):
            if other != seat:
                assert "hand" not in message["view"]["seats"][other - 1]


async def play_to_the_end(players: dict[int, object], table_id: int, rng: random.Random) -> dict[int, dict]:
    """Seats pick random legal moves from their own latest view until the game ends."""
    version, state = await sync_to_async(_current)(table_id)
    states = {version: state}
    for _ in range(2000):
        if state["over"] is not None:
            return states
        player = players[state["turn"]]
        view = next(m["view"] for m in reversed(player.received) if m.get("view"))
        assert view["legal_moves"], "the seat to move must have a legal move"
        move = rng.choice(view["legal_moves"])
        await player.send_paced({"type": "move", "id": f"m{version}", "version": version, "move": move})
        ack = await player.next_of("ack")
        assert ack["id"] == f"m{version}"
        version, state = await sync_to_async(_current)(table_id)
        for each in players.values():
            await each.until_version(version)
        states[version] = state
    raise AssertionError("the game did not end")


async def test_two_members_and_two_jagai_play_a_whole_game_seeing_only_their_own_seat(live_deck):
    host, guest = await sync_to_async(UserFactory)(), await sync_to_async(UserFactory)()
    table = (await sync_to_async(services.create_private_table)(user=host, seats=4)).table
    await sync_to_async(services.join_by_code)(user=guest, code=table.code.lower())
    players = {1: await seated(host, table.code), 2: await seated(guest, table.code)}
    await sync_to_async(services.start_table)(user=host, code=table.code)
    await until_dealt(players.values(), table.pk)
    states = await play_to_the_end(players, table.pk, random.Random(7))
    events = await sync_to_async(_events_at)(table.pk)
    for seat, player in players.items():
        check_every_message(player, seat, states, events)
        last = [m for m in player.received if m.get("view")][-1]
        assert last["view"]["result"] is not None
        await player.close()
    await sync_to_async(table.refresh_from_db)()
    assert table.status == "finished"


async def test_a_teams_game_is_played_to_its_end(live_deck):
    members = [await sync_to_async(UserFactory)() for _ in range(4)]
    table = (await sync_to_async(services.create_private_table)(user=members[0], teams=True)).table
    for member in members[1:]:
        await sync_to_async(services.join_by_code)(user=member, code=table.code)
    players = {seat: await seated(member, table.code) for seat, member in enumerate(members, start=1)}
    await sync_to_async(services.start_table)(user=members[0], code=table.code)
    await until_dealt(players.values(), table.pk)
    states = await play_to_the_end(players, table.pk, random.Random(11))
    events = await sync_to_async(_events_at)(table.pk)
    final = states[max(states)]
    assert engine.result(final).to_json()["teams"] is not None
    for seat, player in players.items():
        check_every_message(player, seat, states, events)
        await player.close()
