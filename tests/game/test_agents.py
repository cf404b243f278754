"""Approved agents over /ws/agent/: helper seats only, their own view only, R16 when they fall silent."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import sync_to_async

from accounts import agents
from accounts.models import Agent, AgentMessage
from game import engine, services
from game.models import Game, GameEvent, Seat
from justalllowgod.asgi import application
from justalllowgod.lib.refusals import Refusal
from tests.factories import StaffFactory, UserFactory, signed_in_session
from tests.game.support import Communicator, Player

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def approved_agent(name: str = "ClaudeHelper") -> tuple[Agent, str]:
    agent = Agent.objects.create(name=name, owner_contact="owner@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    return agent, agents.issue_token(agent=agent)


async def agent_socket(token: str) -> tuple[bool, int | None, Player]:
    headers = [(b"authorization", f"Bearer {token}".encode())]
    comm = Communicator(application, "/ws/agent/", headers=headers)
    connected, code = await comm.connect()
    return connected, code, Player(user=None, comm=comm)


@sync_to_async
def table_for_agents(**options):
    host = UserFactory()
    table = services.create_private_table(user=host, allow_agents=True, **options).table
    return table, host


@sync_to_async
def game_state(table) -> tuple[int, dict]:
    game = Game.objects.get(table=table)
    return game.version, engine.from_json(game.state)


async def joined(token: str, code: str) -> Player:
    connected, close_code, player = await agent_socket(token)
    assert connected, close_code
    assert (await player.next_of("hello"))["agent"]
    await player.send({"type": "join", "code": code.lower()})
    await player.next_of("welcome")
    return player


async def test_an_agent_plays_a_whole_game_through_the_api_seeing_only_its_seat(live_deck):
    agent, token = await approved_agent()
    table, host = await table_for_agents()
    player = await joined(token, table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)
    host_session = await sync_to_async(signed_in_session)(host)
    seat = await sync_to_async(lambda: Seat.objects.get(table=table, agent=agent).position)()
    assert seat == 2  # right after the one person; JagAI after the agent
    states, gifts, rng = {}, 0, random.Random(5)
    for _ in range(1500):
        version, state = await game_state(table)
        states[version] = state
        if state["over"] is not None:
            break
        if state["turn"] == seat:
            await player.until_version(version)
            view = [m for m in player.received if m.get("view")][-1]["view"]
            assert view["owed"]["recipient"] == 1
            move = view["legal_moves"][0]
            await player.send_paced({"type": "move", "id": f"g{version}", "version": version, "move": move})
            await player.next_of("ack")
            gifts += 1
        else:
            move = rng.choice(engine.legal_moves(state, 1))
            await sync_to_async(services.play_move)(
                table_id=table.pk,
                user=host,
                session_key=host_session,
                move_id=f"h{version}",
                version=version,
                move=move,
            )
    assert state["over"] is not None and gifts > 0
    await player.drain()
    for message in player.received:
        if message.get("view"):
            assert message["view"] == engine.view(states[message["version"]], seat)
            assert json.dumps(message).count('"hand"') == 1
    result = engine.result(state).to_json()
    assert all(rank["seat"] != seat for rank in result["ranking"])
    audit = await sync_to_async(lambda: AgentMessage.objects.filter(agent=agent).count())()
    assert audit == gifts + 1  # every message kept: the join and each gift
    await player.close()


async def test_an_illegal_gift_is_refused_and_the_timeout_falls_back_to_r16(live_deck, clock):
    _agent, token = await approved_agent()
    table, host = await table_for_agents()
    player = await joined(token, table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)
    host_session = await sync_to_async(signed_in_session)(host)
    for _ in range(200):
        version, state = await game_state(table)
        if state["turn"] == 2 or state["over"] is not None:
            break
        move = engine.legal_moves(state, 1)[0]
        await sync_to_async(services.play_move)(
            table_id=table.pk,
            user=host,
            session_key=host_session,
            move_id=f"h{version}",
            version=version,
            move=move,
        )
    assert state["turn"] == 2 and state["phase"] == "gift"
    not_mine = next(c for c in range(80) if c not in state["hands"][1])
    await player.send({"type": "move", "id": "bad", "version": version, "move": {"give": {"card": not_mine}}})
    assert (await player.next_of("error"))["code"] == "card_not_in_hand"
    assert (await game_state(table))[0] == version
    clock.advance(11)
    fired = (await sync_to_async(services.expire_deadlines)()).fired
    assert fired == 1
    event = await sync_to_async(lambda: GameEvent.objects.filter(game__table=table).last())()
    assert event.move == {"timeout": {}}
    assert any(e["type"] == "agent_timeout" for e in event.events)
    await player.close()


async def test_a_revoked_token_is_refused_and_a_connected_agent_is_disconnected(live_deck):
    agent, token = await approved_agent()
    table, _host = await table_for_agents()
    player = await joined(token, table.code)
    await sync_to_async(agents.revoke_token)(agent=agent)
    closed = await player.drain(quiet=0.5)
    assert closed[-1] == {"type": "__closed__", "code": 4401}
    connected, code, _ = await agent_socket(token)
    assert not connected and code == 4401


@pytest.mark.parametrize("withdraw", ["revoke_token", "withdraw_agent"])
async def test_ruling_R38_a_revoked_or_withdrawn_agents_seat_goes_to_jagai_mid_game(live_deck, withdraw):
    agent, token = await approved_agent()
    table, host = await table_for_agents()
    player = await joined(token, table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)
    seat = await sync_to_async(lambda: Seat.objects.get(table=table, agent=agent).position)()
    version, _ = await game_state(table)
    await sync_to_async(getattr(agents, withdraw))(agent=agent)
    assert (await player.drain(quiet=0.5))[-1] == {"type": "__closed__", "code": 4401}
    after, state = await game_state(table)
    assert state["kinds"][seat - 1] == "helper" and after > version
    takeover = await sync_to_async(lambda: GameEvent.objects.filter(game__table=table).last())()
    assert takeover.move == {"takeover": {"seat": seat}}


async def test_a_move_on_a_token_replaced_since_the_socket_connected_is_refused(live_deck):
    agent, token = await approved_agent()
    table, host = await table_for_agents()
    player = await joined(token, table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)

    @sync_to_async
    def replace_token_quietly():
        # As if the close message were lost on its way: the move itself must still be refused.
        Agent.objects.filter(pk=agent.pk).update(token_hash=agents.hash_token("jag_someone-else"))

    await replace_token_quietly()
    version, _ = await game_state(table)
    await player.send({"type": "move", "id": "g1", "version": version, "move": {"give": {"card": 0}}})
    assert (await player.next_of("error"))["code"] == "agent_revoked"
    assert (await player.drain(quiet=0.5))[-1] == {"type": "__closed__", "code": 4401}
    assert (await game_state(table))[0] == version


async def test_withdrawing_approval_disconnects_the_agent(live_deck):
    agent, token = await approved_agent()
    table, _host = await table_for_agents()
    player = await joined(token, table.code)
    await sync_to_async(agents.withdraw_agent)(agent=agent)
    assert (await player.drain(quiet=0.5))[-1]["type"] == "__closed__"
    assert not (await agent_socket(token))[0]


async def test_agents_cannot_join_public_or_teams_tables_or_tables_that_did_not_allow_them(live_deck):
    agent, token = await approved_agent()

    @sync_to_async
    def tables():
        public = services.play_now(user=UserFactory()).table
        teams = services.create_private_table(user=UserFactory(), teams=True, allow_agents=True).table
        closed = services.create_private_table(user=UserFactory()).table
        return public, teams, closed

    for table in await tables():
        connected, _, player = await agent_socket(token)
        assert connected
        await player.next_of("hello")
        await player.send({"type": "join", "code": table.code})
        error = await player.next_of("error")
        assert error["code"] == "agents_not_allowed"
        assert not await sync_to_async(Seat.objects.filter(table=table, agent=agent).exists)()
        await player.close()


async def test_an_unknown_token_or_no_token_is_refused():
    assert (await agent_socket("jag_not-a-real-token"))[1] == 4401
    comm = Communicator(application, "/ws/agent/")
    connected, code = await comm.connect()
    assert not connected and code == 4401


def test_agents_are_never_seated_by_the_person_services(db):
    agent = Agent.objects.create(name="Unapproved", owner_contact="o@example.org")
    table = services.create_private_table(user=UserFactory(), allow_agents=True).table
    from game.services.agents import agent_join

    with pytest.raises(Refusal) as caught:
        agent_join(agent=agent, code=table.code)
    assert caught.value.code == "agent_not_approved"
