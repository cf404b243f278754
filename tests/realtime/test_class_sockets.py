"""Issue 48: a class's children play over the same seat sockets as anyone; over a whole game at a
class's table, every message each child's socket gets is exactly what their seat may see."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async

from classes import joining, leading
from game import engine
from tests.factories import UserFactory, signed_in_session
from tests.game.support import seated, until_dealt
from tests.realtime.test_socket_games import _events_at, check_every_message, play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


def _class_at_one_table():
    leader = UserFactory()
    classroom = joining.start_class(leader=leader, agreed=True)
    children = [joining.join_class(code=classroom.code, name=f"Pupil_{n}").user for n in range(3)]
    common = {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}
    (place,) = leading.make_tables(**common)
    return common, children, place.table


async def test_a_class_tables_children_see_only_their_own_seat_over_a_whole_game(live_deck):
    common, children, table = await sync_to_async(_class_at_one_table)()
    players = {seat: await seated(child, table.code) for seat, child in enumerate(children, start=1)}
    await sync_to_async(leading.start_all)(**common)
    await until_dealt(players.values(), table.pk)
    states = await play_to_the_end(players, table.pk, random.Random(17))
    events = await sync_to_async(_events_at)(table.pk)
    assert engine.result(states[max(states)]) is not None
    for seat, player in players.items():
        check_every_message(player, seat, states, events)
        await player.close()
