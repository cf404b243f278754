"""The same promises in-process, through the ASGI router with Channels' communicator: the outage
answer, and the version every message names."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.db import OperationalError

from game import services
from game.models import Game
from game.realtime import outbox
from tests.game.support import play_one_move, seated, two_member_game

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def version_of(table) -> int:
    return Game.objects.get(table=table).version


@sync_to_async
def first_legal_move(table):
    from game import engine

    state = engine.from_json(Game.objects.get(table=table).state)
    return state["turn"], engine.legal_moves(state, state["turn"])[0]


async def test_a_database_outage_answers_the_move_with_a_retryable_error(deck, monkeypatch):
    table, host, guest = await two_member_game()
    players = {1: await seated(host, table.code), 2: await seated(guest, table.code)}
    seat, move = await first_legal_move(table)
    real = services.play_move

    def down(**kwargs):
        raise OperationalError("could not connect to server: Connection refused")

    monkeypatch.setattr(services, "play_move", down)
    await players[seat].send({"type": "move", "id": "m1", "version": 0, "move": move})
    error = await players[seat].next_of("error")
    assert error == {
        "type": "error",
        "code": "unavailable",
        "message": error["message"],
        "retry": True,
        "id": "m1",
        "version": 0,
    }
    monkeypatch.setattr(services, "play_move", real)
    await players[seat].send({"type": "move", "id": "m1", "version": 0, "move": move})
    assert (await players[seat].next_of("ack"))["version"] == 1
    for player in players.values():
        await player.close()


async def test_a_lost_update_shows_in_the_next_pong(deck, monkeypatch):
    table, host, guest = await two_member_game()
    player = await seated(guest, table.code)
    monkeypatch.setattr(outbox, "send_all", lambda sends: None)  # the publish is lost
    await sync_to_async(play_one_move)(table.pk, {1: host, 2: guest})
    monkeypatch.undo()
    assert await player.comm.receive_nothing(0.3)
    await player.send({"type": "ping"})
    assert (await player.next_of("pong"))["version"] == await version_of(table) == 1
    await player.send({"type": "hello", "version": 0})
    catchup = await player.next_of("catchup")
    assert catchup["version"] == 1 and {e["version"] for e in catchup["events"]} == {1}
    await player.close()
