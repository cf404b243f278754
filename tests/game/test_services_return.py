"""Every service returns the messages its act published (game/services/results.py): through the
real router, each connected socket receives exactly the returned messages for its groups, in order;
an act refused or rolled back sends nothing at all."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from django.db import transaction

from accounts import agents
from accounts.models import Agent, User
from game import services
from game.models import Game, Table
from game.protocol.types import Addressed
from game.realtime import outbox
from game.realtime.groups import LOBBY_GROUP, agent_seat_group, member_group, table_group
from game.services.agents import agent_join, agent_leave
from game.services.withdrawal import withdraw_agent, withdraw_from_waiting_public, withdraw_member
from justalllowgod.lib.refusals import Refusal
from tests.factories import StaffFactory, UserFactory, signed_in_session
from tests.game.support import Player, seated
from tests.game.test_protocol import _lobby


def meant_for(messages: list[Addressed], *groups: str) -> list[dict]:
    """What a socket in these groups is owed from an act's messages, in the act's order."""
    return [json.loads(m.text) for m in messages if m.group in groups]


def groups_of(player: Player, table: Table) -> tuple[str, str]:
    return table_group(table.pk), member_group(table.pk, player.user.pk)


async def receives_exactly(player: Player, table: Table, messages: list[Addressed]) -> None:
    got = await player.drain(quiet=0.3)
    assert got == meant_for(messages, *groups_of(player, table))


class Abort(Exception):
    """Rolls back the transaction an act ran in."""


@pytest.mark.django_db(transaction=True)
async def test_a_private_tables_acts_return_exactly_what_its_sockets_receive(live_deck):
    host, guest, third = [await sync_to_async(UserFactory)() for _ in range(3)]
    opened = await sync_to_async(services.create_private_table)(user=host, seats=4)
    assert opened.messages == []  # nobody can be connected to a table not yet opened
    table = opened.table
    players = {1: await seated(host, table.code)}
    joined = await sync_to_async(services.join_by_code)(user=guest, code=table.code)
    assert joined.table == table and [m.group for m in joined.messages] == [table_group(table.pk)]
    await receives_exactly(players[1], table, joined.messages)
    players[2] = await seated(guest, table.code)

    joined = await sync_to_async(services.join_by_code)(user=third, code=table.code)
    for player in players.values():
        await receives_exactly(player, table, joined.messages)
    left = await sync_to_async(services.leave_table)(user=third, code=table.code)  # before the deal
    assert left.table == table and left.messages
    for player in players.values():
        await receives_exactly(player, table, left.messages)

    started = await sync_to_async(services.start_table)(user=host, code=table.code)
    assert started.game == await sync_to_async(Game.objects.get)(table=table)
    kinds = [m.message["type"] for m in started.messages]
    assert kinds[0] == "table" and kinds.count("update") == 2  # one view per connected seat
    for player in players.values():
        await receives_exactly(player, table, started.messages)

    # During the game JagAI takes the seat of whoever leaves: their socket closes, the host is told.
    left = await sync_to_async(services.leave_table)(user=guest, code=table.code)
    assert member_group(table.pk, guest.pk) not in {m.group for m in left.messages}
    await receives_exactly(players[1], table, left.messages)
    gone = await players[2].drain(quiet=0.3)
    assert gone[-1] == {"type": "__closed__", "code": 4403}
    assert all(m.get("view") is None for m in gone)  # never a view of a seat no longer theirs

    let_back = await sync_to_async(services.let_back_in)(
        host=host, table=table, seat=2, session_key=await sync_to_async(signed_in_session)(host)
    )
    assert let_back.game.version == (await sync_to_async(Game.objects.get)(table=table)).version
    assert member_group(table.pk, guest.pk) in {m.group for m in let_back.messages}  # theirs again
    await receives_exactly(players[1], table, let_back.messages)

    ended = await sync_to_async(services.end_game)(user=host, code=table.code)
    await receives_exactly(players[1], table, ended.messages)
    again = await sync_to_async(services.play_again)(user=host, code=table.code)
    assert again.table.previous_id == table.pk
    # The finished table is told where its people went; the new table has nobody connected yet.
    assert {m.group for m in again.messages} == {table_group(table.pk), table_group(again.table.pk)}
    await receives_exactly(players[1], table, again.messages)
    await players[1].close()


@pytest.mark.django_db(transaction=True)
async def test_public_tables_return_their_tables_messages_and_leave_the_lobby_to_after_commit(live_deck):
    first, second = await sync_to_async(UserFactory)(), await sync_to_async(UserFactory)()
    lobby = await _lobby(await sync_to_async(UserFactory)())
    await lobby.drain()
    opened = await sync_to_async(services.play_now)(user=first)
    table = opened.table
    assert [m.group for m in opened.messages] == [table_group(table.pk)]
    assert [m["type"] for m in await lobby.drain(quiet=0.3)] == ["lobby"]  # read after commit
    players = [await seated(first, table.code)]
    joined = await sync_to_async(services.play_now)(user=second)
    assert joined.table == table
    await receives_exactly(players[0], table, joined.messages)
    players.append(await seated(second, table.code))
    started = await sync_to_async(services.start_now)(user=first, code=table.code)
    for player in players:
        await receives_exactly(player, table, started.messages)
    assert [m["type"] for m in await lobby.drain(quiet=0.3)] == ["lobby", "lobby"]
    for result in (opened, joined, started):
        assert LOBBY_GROUP not in {m.group for m in result.messages}
    for player in (*players, lobby):
        await player.close()


@pytest.mark.django_db(transaction=True)
async def test_a_clock_sweep_returns_what_each_fired_deadline_published(live_deck, clock):
    first, second = await sync_to_async(UserFactory)(), await sync_to_async(UserFactory)()
    table = (await sync_to_async(services.play_now)(user=first)).table
    await sync_to_async(services.play_now)(user=second)
    players = [await seated(first, table.code), await seated(second, table.code)]
    for player in players:
        await player.drain()
    assert (await sync_to_async(services.expire_deadlines)()).fired == 0
    clock.advance(61)
    dealt = await sync_to_async(services.expire_deadlines)()  # the countdown deals (R25)
    assert dealt.fired == 1 and "update" in [m.message["type"] for m in dealt.messages]
    for player in players:
        await receives_exactly(player, table, dealt.messages)
    clock.advance(60)
    timed_out = await sync_to_async(services.expire_deadlines)()  # the turn passes (R27)
    assert timed_out.fired == 1 and timed_out.messages
    for player in players:
        await receives_exactly(player, table, timed_out.messages)
    for player in players:
        await player.close()


@sync_to_async
def _approved_agent() -> Agent:
    agent = Agent.objects.create(name="Returner", owner_contact="owner@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    return agent


@pytest.mark.django_db(transaction=True)
async def test_an_agent_joining_and_leaving_returns_what_the_table_receives(live_deck):
    host = await sync_to_async(UserFactory)()
    table = (await sync_to_async(services.create_private_table)(user=host, allow_agents=True)).table
    player = await seated(host, table.code)
    agent = await _approved_agent()
    joined = await sync_to_async(agent_join)(agent=agent, code=table.code)
    assert joined.table == table and [m.group for m in joined.messages] == [table_group(table.pk)]
    await receives_exactly(player, table, joined.messages)
    left = await sync_to_async(agent_leave)(agent=agent, code=table.code)
    await receives_exactly(player, table, left.messages)
    again = await sync_to_async(agent_join)(agent=agent, code=table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)
    await player.drain(quiet=0.3)
    # R38: a withdrawn agent's seat goes to JagAI; the withdrawal returns what the table was told.
    withdrawn = await sync_to_async(withdraw_agent)(agent=agent)
    assert withdrawn.tables == [table] and withdrawn.messages
    assert agent_seat_group(table.pk, agent.pk) not in {m.group for m in withdrawn.messages}
    await receives_exactly(player, table, withdrawn.messages)
    assert again.messages
    await player.close()


@pytest.mark.django_db(transaction=True)
async def test_withdrawing_a_member_returns_what_their_tables_were_told(live_deck):
    host, guest = await sync_to_async(UserFactory)(), await sync_to_async(UserFactory)()
    table = (await sync_to_async(services.create_private_table)(user=host)).table
    await sync_to_async(services.join_by_code)(user=guest, code=table.code)
    await sync_to_async(services.start_table)(user=host, code=table.code)
    player = await seated(host, table.code)
    await player.drain()
    withdrawn = await sync_to_async(withdraw_member)(user=guest)
    assert withdrawn.tables == [table]
    assert [m.message["type"] for m in withdrawn.messages][-1] == "table"
    await receives_exactly(player, table, withdrawn.messages)
    await player.close()


@pytest.mark.django_db(transaction=True)
async def test_a_refused_or_rolled_back_act_sends_nothing(live_deck):
    host, guest, late = [await sync_to_async(UserFactory)() for _ in range(3)]
    table = (await sync_to_async(services.create_private_table)(user=host, teams=True)).table
    player = await seated(host, table.code)
    await player.drain()

    @sync_to_async
    def join_then_roll_back():
        with pytest.raises(Abort), transaction.atomic():
            joined = services.join_by_code(user=guest, code=table.code)
            assert joined.messages  # what it would have published, had it committed
            raise Abort

    await join_then_roll_back()
    with pytest.raises(Refusal) as refused:  # a teams table needs four people (R4)
        await sync_to_async(services.start_table)(user=host, code=table.code)
    assert refused.value.code == "teams_need_four"
    with pytest.raises(Refusal):
        await sync_to_async(services.leave_table)(user=late, code=table.code)  # not seated here
    assert await player.drain(quiet=0.3) == []
    assert await sync_to_async(Table.objects.filter(pk=table.pk, status=Table.Status.WAITING).exists)()
    await player.close()


def _published(monkeypatch) -> list:
    sent: list = []
    monkeypatch.setattr(outbox, "send_all", sent.extend)
    return sent


def _returned(*results) -> list:
    return [(m.group, m.relay()) for result in results for m in result.messages]


@pytest.mark.django_db
def test_the_acts_without_a_socket_test_publish_exactly_what_they_return(
    live_deck, clock, monkeypatch, django_capture_on_commit_callbacks
):
    from content.models import Card, Story

    published = _published(monkeypatch)
    host, guest, child = UserFactory(), UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    with django_capture_on_commit_callbacks(execute=True):
        invited = services.join_by_invitation(user=guest, token=table.invite_token)
    assert invited.table == table
    public = services.play_now(user=child).table
    User.objects.filter(pk=child.pk).update(may_play_public=False)
    with django_capture_on_commit_callbacks(execute=True):
        withdrawn = withdraw_from_waiting_public(user=child)
    assert withdrawn.tables == [public]
    # A countdown ending on a deck that cannot be dealt closes the table and says why.
    waiting = services.play_now(user=UserFactory()).table
    keep = list(Story.objects.order_by("position").values_list("pk", flat=True)[:7])
    Card.objects.exclude(story__in=keep).delete()
    clock.advance(61)
    with django_capture_on_commit_callbacks(execute=True):
        closed = services.expire_deadlines()
    assert closed.fired == 1
    assert [m.message["type"] for m in closed.messages] == ["error", "table"]
    assert {m.group for m in closed.messages} == {table_group(waiting.pk)}
    not_lobby = [(group, event) for group, event in published if group != LOBBY_GROUP]
    assert not_lobby == _returned(invited, withdrawn, closed)
    assert any(group == LOBBY_GROUP for group, _event in published)  # sent, but never returned
