"""Who may act is asked again at every act, and open sockets close when the answer changes:
sign-out, a new password, an inactive account, an expired session, a suspension (R38), a withdrawn
agent, and too many sockets. (The same paths through a real daphne: tests/e2e/test_socket_doors.py.)"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.contrib.sessions.models import Session
from django.utils import timezone

from accounts.models import User
from game import engine, services
from game.models import Game
from justalllowgod.lib.refusals import Refusal
from tests.factories import signed_in_session
from tests.foundation.test_websockets import connect as lobby_connect
from tests.game.support import Player, connect, seated, two_member_game
from tests.trust import session_cookie_of, sign_out, signed_in_client, suspend

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def game_row(table) -> tuple[int, dict]:
    game = Game.objects.get(table=table)
    return game.version, engine.from_json(game.state)


async def closed_with(player: Player, within: float = 5.0) -> int | None:
    """The code the server closes the socket with, if it does within `within` seconds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + within
    while (left := end - loop.time()) > 0:
        message = await player._next_output(left)
        if message is None:
            return None
        if message["type"] == "__closed__":
            return message["code"]
    return None


async def lobby_closed_with(lobby) -> int | None:
    for _ in range(20):
        output = await lobby.receive_output(timeout=2)
        if output["type"] == "websocket.close":
            return output.get("code")
    return None


async def test_signing_out_closes_that_sessions_table_and_lobby_sockets_and_nothing_else(live_deck):
    table, host, _guest = await two_member_game()
    browser = await sync_to_async(signed_in_client)(host)
    cookie = session_cookie_of(browser)
    at_table = await seated(host, table.code, cookie=cookie)
    connected, _, lobby = await lobby_connect([(b"origin", b"http://localhost"), (b"cookie", cookie)])
    assert connected
    other_browser = await seated(host, table.code)  # the member's phone, another session
    await sync_to_async(sign_out)(browser)
    assert await closed_with(at_table) == 4401
    assert await lobby_closed_with(lobby) == 4401
    await other_browser.send({"type": "ping"})
    assert (await other_browser.next_of("pong"))["type"] == "pong"
    await other_browser.close()


async def test_a_move_from_a_session_that_has_ended_is_refused_and_not_applied(live_deck):
    table, host, _guest = await two_member_game()
    browser = await sync_to_async(signed_in_client)(host)
    player = await seated(host, table.code, cookie=session_cookie_of(browser))
    # The session row goes without a word to the socket (e.g. cleared by an administrator).
    await sync_to_async(Session.objects.all().delete)()
    version, state = await game_row(table)
    await player.send(
        {"type": "move", "id": "m1", "version": version, "move": engine.legal_moves(state, 1)[0]}
    )
    assert (await player.next_of("error"))["code"] == "signed_out"
    assert await closed_with(player) == 4401
    assert await game_row(table) == (version, state)


async def test_a_new_password_closes_the_members_other_sessions(live_deck):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)

    @sync_to_async
    def change_password():
        from allauth.account.signals import password_changed

        host.set_password("a whole new secret 42")
        host.save()
        password_changed.send(sender=User, request=None, user=host)

    await change_password()
    assert await closed_with(player) == 4401


async def test_an_account_made_inactive_in_the_admin_loses_its_sockets(live_deck, settings):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)

    @sync_to_async
    def deactivate():
        from django.contrib.admin.sites import site

        admin = site._registry[User]
        form = type("Form", (), {"changed_data": ["is_active"]})()
        host.is_active = False
        admin.save_model(request=None, obj=host, form=form, change=True)

    await deactivate()
    assert await closed_with(player) == 4401


async def test_an_expiring_session_closes_its_sockets_when_it_expires(live_deck):
    table, host, _guest = await two_member_game()
    browser = await sync_to_async(signed_in_client)(host)
    key = browser.cookies["sessionid"].value
    soon = timezone.now() + timedelta(seconds=3)
    await sync_to_async(Session.objects.filter(session_key=key).update)(expire_date=soon)
    player = await seated(host, table.code, cookie=session_cookie_of(browser))
    assert await closed_with(player, within=0.5) is None  # still signed in for a moment
    assert await closed_with(player, within=8) == 4401


async def test_ruling_R38_a_suspension_mid_game_closes_the_sockets_and_jagai_takes_the_seat(live_deck):
    table, host, guest = await two_member_game()
    player = await seated(guest, table.code)
    watcher = await seated(host, table.code)
    game = await sync_to_async(Game.objects.get)(table=table)
    await sync_to_async(suspend)(guest, game)
    assert await closed_with(player) == 4423
    version, state = await game_row(table)
    assert state["kinds"][1] == "helper" and state["points"][1] == 0
    log = [e for m in await watcher.drain() for e in m.get("events", [])]
    assert {"type": "takeover", "seat": 2, "why": "left"}.items() <= next(
        e for e in log if e["type"] == "takeover"
    ).items()
    # A move from the member, even with a live session, is refused inside the move's transaction.
    session = await sync_to_async(signed_in_session)(guest)
    with pytest.raises(Refusal) as caught:
        await sync_to_async(services.play_move)(
            table_id=table.pk, user=guest, session_key=session, move_id="x", version=version, move={}
        )
    assert caught.value.code == "restricted"
    connected, code, _ = await connect(guest, table.code)
    assert (connected, code) == (False, 4423)
    await watcher.close()


async def test_a_member_may_keep_only_a_few_sockets_open_the_oldest_closing_first(live_deck, settings):
    settings.WS_MAX_SOCKETS_PER_MEMBER = 2
    table, host, _guest = await two_member_game()
    first = await seated(host, table.code)
    second = await seated(host, table.code)
    third = await seated(host, table.code)
    assert await closed_with(first) == 4409
    for player in (second, third):
        await player.send({"type": "ping"})
        assert (await player.next_of("pong"))["type"] == "pong"
        await player.close()


async def test_a_wrong_code_on_the_table_socket_closes_4404_and_counts_toward_the_throttle(live_deck):
    table, host, _guest = await two_member_game()
    for _ in range(10):
        connected, code, _ = await connect(host, "ZZZZ")
        assert (connected, code) == (False, 4404)
    stranger_table, _other, _ = await two_member_game()
    connected, code, _ = await connect(host, stranger_table.code)
    assert (connected, code) == (False, 4429)
    player = await seated(host, table.code)  # a table where they sit is never a guess
    await player.close()
