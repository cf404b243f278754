"""Approved agents at Quick and Together tables (issue 19, V2, V3): seated like at any private table,
told the variant and options, and owed gifts by the variant's rule."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async

from game import engine, services
from game.models import Seat
from tests.factories import UserFactory, signed_in_session
from tests.game.test_agents import approved_agent, game_state, joined, table_for_agents

pytestmark = pytest.mark.django_db(transaction=True)


def stones_of(view: dict, seat: int) -> int:
    return sum(1 for stone in view["stones"] if stone["seat"] == seat)


@pytest.mark.parametrize("variant", ["quick", "together"])
async def test_an_agent_sits_at_a_variant_table_and_its_welcome_says_which_game(live_deck, variant):
    agent, token = await approved_agent()
    table, host = await table_for_agents(variant=variant, ask_any=True)
    guest = await sync_to_async(UserFactory)()
    await sync_to_async(services.join_by_code)(user=guest, code=table.code)
    player = await joined(token, table.code)
    welcome = next(m for m in player.received if m["type"] == "welcome")
    assert welcome["table"]["options"]["variant"] == variant
    assert [c["key"] for c in welcome["table"]["chips"]] == [variant, "ask_any"]
    await sync_to_async(services.start_table)(user=host, code=table.code)
    seat = await sync_to_async(lambda: Seat.objects.get(table=table, agent=agent).position)()
    assert seat == 3  # after the two people (R3)
    version, _state = await game_state(table)
    await player.until_version(version)
    view = [m for m in player.received if m.get("view")][-1]["view"]
    assert view["options"]["variant"] == variant and view["options"]["ask_any"] is True
    await player.close()


async def test_ruling_V3_an_agent_at_a_together_table_owes_its_gift_to_the_person_with_fewest_stones(
    live_deck,
):
    _agent, token = await approved_agent()
    table, host = await table_for_agents(variant="together")
    guest = await sync_to_async(UserFactory)()
    await sync_to_async(services.join_by_code)(user=guest, code=table.code)
    player = await joined(token, table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)
    members = {1: host, 2: guest}
    sessions = {s: await sync_to_async(signed_in_session)(m) for s, m in members.items()}
    rng, owed = random.Random(9), []
    for _ in range(1500):
        version, state = await game_state(table)
        if state["over"] is not None:
            break
        turn = state["turn"]
        if turn == 3:
            await player.until_version(version)
            view = [m for m in player.received if m.get("view")][-1]["view"]
            fewest = min(stones_of(view, s) for s in (1, 2))
            assert stones_of(view, view["owed"]["recipient"]) == fewest
            owed.append(view["owed"]["recipient"])
            move = view["legal_moves"][0]
            await player.send_paced({"type": "move", "id": f"g{version}", "version": version, "move": move})
            await player.next_of("ack")
        else:
            await sync_to_async(services.play_move)(
                table_id=table.pk,
                user=members[turn],
                session_key=sessions[turn],
                move_id=f"p{version}",
                version=version,
                move=rng.choice(engine.legal_moves(state, turn)),
            )
    assert state["over"] is not None and owed
    assert engine.result(state).to_json()["together"]["stones"] == engine.stone_count(state)
    await player.close()
