"""After an outage of the channel layer, every socket catches up (issue 28, item 10), through the
real router: the layer hands each socket `layer.resumed` when its Redis subscriber connection is
back (game/realtime/redis_layer.py); here it is sent as the layer would send it."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.contrib.sessions.models import Session

from game.realtime.groups import LOBBY_GROUP, member_group
from justalllowgod.asgi import application
from tests.game.support import (
    Communicator,
    commit_without_publishing,
    seated,
    session_cookie,
    two_member_game,
)
from tests.realtime.test_socket_authority import closed_with

pytestmark = pytest.mark.django_db(transaction=True)


async def resumed(group: str) -> None:
    await get_channel_layer().group_send(group, {"type": "layer.resumed"})


async def test_a_seat_that_missed_a_move_while_the_layer_was_away_is_sent_a_catchup(live_deck):
    table, host, guest = await two_member_game()
    player = await seated(guest, table.code)
    held = player.received[0]["version"]
    # A move committed while its update could not be published (Redis down): the socket misses it.
    version = await sync_to_async(commit_without_publishing)(table.pk, {1: host, 2: guest})
    assert not [m for m in await player.drain(quiet=0.2) if m.get("version", 0) > held]
    await resumed(member_group(table.pk, guest.pk))
    catchup = await player.next_of("catchup")
    assert catchup["version"] == version and catchup["view"]["seat"] == 2
    assert {e["version"] for e in catchup["events"]} == {version}
    await player.close()


async def test_a_session_that_ended_while_the_layer_was_away_closes_its_socket_on_resume(live_deck):
    table, host, _guest = await two_member_game()
    cookie = await sync_to_async(session_cookie)(host)
    player = await seated(host, table.code, cookie=cookie)
    # Signed out where the sign-out's message could not reach the socket.
    key = cookie.decode().split("=", 1)[1]
    await sync_to_async(Session.objects.filter(session_key=key).delete)()
    await resumed(member_group(table.pk, host.pk))
    assert await closed_with(player) == 4401


async def test_the_lobby_sends_its_list_again_on_resume(live_deck):
    _table, host, _guest = await two_member_game()
    cookie = await sync_to_async(session_cookie)(host)
    comm = Communicator(
        application,
        "/ws/lobby/",
        headers=[(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)],
    )
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from())["type"] == "lobby"
    await resumed(LOBBY_GROUP)
    assert (await comm.receive_json_from())["type"] == "lobby"
    await comm.disconnect()
