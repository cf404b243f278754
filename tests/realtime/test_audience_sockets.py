"""Issue 31: the table screen's and the watcher's sockets through the real router (in process)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from game import engine, services
from game.models import Game, Table
from game.services import screens, watching
from justalllowgod.asgi import application
from tests.factories import UserFactory, signed_in_session
from tests.game.support import (
    HOST,
    ORIGIN,
    Communicator,
    Player,
    deal_private_table,
    play_one_move,
    session_cookie,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def _screen_socket(secret: str) -> tuple[bool, int | None, Player]:
    comm = Communicator(application, f"/ws/screen/{secret}/", headers=[ORIGIN, HOST])
    comm.scope["client"] = ("203.0.113.5", 50000)  # guesses count per address, as daphne gives it
    connected, code = await comm.connect()
    return connected, code, Player(user=None, comm=comm)


async def _watch_socket(user, code: str) -> tuple[bool, int | None, Player]:
    cookie = await sync_to_async(session_cookie)(user)
    comm = Communicator(application, f"/ws/watch/{code}/", headers=[ORIGIN, HOST, (b"cookie", cookie)])
    connected, close_code = await comm.connect()
    return connected, close_code, Player(user=user, comm=comm)


@sync_to_async
def _table_with_screen(*, start: bool = True):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=start)
    secret = screens.show_on_screen(user=host, session_key=signed_in_session(host), code=table.code).secret
    return table, host, guest, secret


async def test_a_screen_is_welcomed_with_the_public_view_and_gets_each_move(live_deck):
    table, host, guest, secret = await _table_with_screen()
    connected, code, screen = await _screen_socket(secret)
    assert connected, code
    welcome = await screen.next_of("welcome")
    state = engine.from_json((await sync_to_async(Game.objects.get)(table=table)).state)
    assert welcome["view"] == engine.public_view(state)
    assert welcome["audience"]["kind"] == "screen" and "me" not in welcome
    version = await sync_to_async(play_one_move)(table.pk, {1: host, 2: guest})
    update = await screen.next_of("update")
    assert update["version"] == version
    state = engine.from_json((await sync_to_async(Game.objects.get)(table=table)).state)
    assert update["view"] == engine.public_view(state)
    # A screen makes no move and no reaction; a malformed frame gets its error; it stays open.
    await screen.send({"type": "move", "id": "x", "version": version, "move": {"well": {}}})
    assert (await screen.next_of("error"))["code"] == "not_seated"
    await screen.send({"type": "react", "reaction": "amen"})
    assert (await screen.next_of("error"))["code"] == "not_seated"
    await screen.send("{not json")
    assert (await screen.next_of("error"))["code"] == "malformed_message"
    await screen.send({"type": "ping"})
    assert (await screen.next_of("pong"))["version"] == version
    await screen.close()


async def test_a_waiting_table_screen_carries_the_join_link_and_qr(live_deck):
    table, *_, secret = await _table_with_screen(start=False)
    _, _, screen = await _screen_socket(secret)
    welcome = await screen.next_of("welcome")
    assert welcome["audience"]["join_url"].endswith(f"/invite/{table.invite_token}/")
    assert welcome["audience"]["join_qr"] == f"/s/{secret}/join.svg"
    assert "view" not in welcome
    await screen.close()


async def test_unknown_secrets_close_4404_and_too_many_4429(live_deck, settings):
    connected, code, _ = await _screen_socket("no-such-screen")
    assert (connected, code) == (False, 4404)
    for _ in range(settings.GAME_SCREEN_GUESS_LIMIT):
        await _screen_socket("another-guess")
    connected, code, _ = await _screen_socket("one-guess-too-many")
    assert (connected, code) == (False, 4429)
    # A right secret is never refused for its address's guesses (issue 49).
    *_, secret = await _table_with_screen()
    connected, code, screen = await _screen_socket(secret)
    assert connected, code
    await screen.close()


async def test_play_again_brings_the_screen_the_next_table(live_deck):
    table, host, _, secret = await _table_with_screen()
    _, _, screen = await _screen_socket(secret)
    await screen.next_of("welcome")

    @sync_to_async
    def finish_and_play_again() -> Table:
        Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished_at=timezone.now())
        return services.play_again(user=host, code=table.code).table

    following = await finish_and_play_again()
    await screen.send({"type": "ping"})
    pong = await screen.next_of("pong")
    await screen.send({"type": "hello", "version": pong["version"]})
    welcome = await screen.next_of("welcome")
    assert welcome["audience"]["code"] == following.code
    assert welcome["table"]["status"] == "waiting"
    await screen.close()


async def test_a_member_who_is_not_watching_is_refused_and_public_tables_have_no_watchers(live_deck):
    host, guest, cousin = await sync_to_async(lambda: (UserFactory(), UserFactory(), UserFactory()))()
    table = await sync_to_async(deal_private_table)(host, guest)
    # A begun table's code names nothing to a stranger: closed as an unknown one is (issue 49).
    connected, code, _ = await _watch_socket(cousin, table.code)
    assert (connected, code) == (False, 4404)
    public = await sync_to_async(lambda: services.play_now(user=host).table)()
    connected, code, _ = await _watch_socket(cousin, public.code)
    assert (connected, code) == (False, 4403)
    session = await sync_to_async(signed_in_session)(cousin)
    await sync_to_async(watching.watch_by_invitation)(
        user=cousin, session_key=session, token=table.invite_token
    )
    connected, code, watcher = await _watch_socket(cousin, table.code)
    assert connected, code
    welcome = await watcher.next_of("welcome")
    assert welcome["audience"]["tag"] == cousin.gamer_tag
    assert welcome["view"]["hand"] == []
    await watcher.close()
