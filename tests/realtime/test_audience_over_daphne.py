"""Issue 31 through a real daphne process over real sockets: a table screen and a watcher follow a
whole game with the public view only, in order; turned off, they close 4410 and hear no more."""

from __future__ import annotations

import random
import time

import pytest
from websockets.exceptions import ConnectionClosed

from game import engine
from game.models import Game, Watcher
from game.services import screens, watching
from tests.e2e.helpers import in_a_thread
from tests.factories import UserFactory, signed_in_session
from tests.realtime.public_view_checks import History, check_public_message
from tests.realtime.sockets import WAIT, Tab, assert_in_order, move_over, tab_for, versions_reached
from tests.trust import LiveBrowser, session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def _screen(server, secret: str) -> Tab:
    return Tab(server, "", None, path=f"/ws/screen/{secret}/")


def _watcher(server, table, user) -> Tab:
    return Tab(server, "", session_cookie_of(signed_in_client(user)), path=f"/ws/watch/{table.code}/")


def test_a_screen_follows_a_whole_game_with_the_public_view_only(server, table):
    made, host, guest = table
    secret = in_a_thread(
        lambda: screens.show_on_screen(user=host, session_key=signed_in_session(host), code=made.code).secret
    )
    screen = _screen(server, secret)
    assert screen.welcome["audience"]["kind"] == "screen" and "me" not in screen.welcome
    tabs = {1: tab_for(server, made, host), 2: tab_for(server, made, guest)}
    version, rng = 0, random.Random(7)
    for k in range(3000):
        game = Game.objects.get(table_id=made.pk)
        state = engine.from_json(game.state)
        if engine.is_over(state):
            break
        time.sleep(0.06)  # a quick human's pace: the members' message budgets hold
        seat = engine.current_seat(state)
        move = rng.choice(engine.legal_moves(state, seat))
        tabs[seat].send({"type": "move", "id": f"m{k}", "version": game.version, "move": move})
        answer = tabs[seat].until(lambda m, k=k: m["type"] in ("ack", "error") and m.get("id") == f"m{k}")
        assert answer["type"] == "ack", answer
        version = answer["version"]
    assert Game.objects.get(table_id=made.pk).table.status == "finished", "the game should end"
    screen.until_version(version)
    assert_in_order(screen)
    history = History(made.pk)
    rng = random.Random(31)  # other deals of the hidden cards
    views = screen.views()
    assert versions_reached(views) == list(range(1, version + 1))
    for message in views:
        check_public_message(message, history, rng)
    assert views[-1]["view"]["result"] is not None  # the end, with its podium's ranking


def test_a_turned_off_screen_closes_4410_and_hears_no_more(server, table):
    made, host, _ = table
    secret = in_a_thread(
        lambda: screens.show_on_screen(user=host, session_key=signed_in_session(host), code=made.code).secret
    )
    screen = _screen(server, secret)
    # In the server's process, as the host's tap is: the in-memory layer lives there.
    page = f"/t/{made.code}/"
    assert LiveBrowser(server, signed_in_client(host)).post_form(f"{page}screen/off/", {}, page=page) == 302
    assert screen.closed_code() == 4410
    # Opened again, the dead link is closed at once with the same code, before any message.
    with pytest.raises(ConnectionClosed) as closed:
        _screen(server, secret)
    assert closed.value.rcvd.code == 4410


def test_a_second_screen_on_the_same_link_replaces_the_first(server, table):
    made, host, _ = table
    secret = in_a_thread(
        lambda: screens.show_on_screen(user=host, session_key=signed_in_session(host), code=made.code).secret
    )
    first = _screen(server, secret)
    second = _screen(server, secret)
    assert first.closed_code() == 4409
    second.send({"type": "ping"})
    assert second.until(lambda m: m["type"] == "pong", WAIT)["version"] == 0


def test_a_watcher_follows_and_the_host_removes_them(server, table):
    made, host, guest = table
    grandpa = UserFactory(gamer_tag="Grandpa_Joe")
    in_a_thread(
        lambda: watching.watch_by_invitation(
            user=grandpa, session_key=signed_in_session(grandpa), token=made.invite_token
        )
    )
    watcher = _watcher(server, made, grandpa)
    assert watcher.welcome["audience"] == {
        "kind": "watcher",
        "tag": "Grandpa_Joe",
        "code": made.code,
        "join_url": None,
        "join_qr": None,
    }
    assert [w["tag"] for w in watcher.welcome["table"]["watchers"]] == ["Grandpa_Joe"]
    tabs = {1: tab_for(server, made, host), 2: tab_for(server, made, guest)}
    version = move_over(tabs, made.pk, "w1")
    message = watcher.until_version(version)
    check_public_message(message, History(made.pk), random.Random(1))
    watcher.send({"type": "move", "id": "nope", "version": version, "move": {"well": {}}})
    refused = watcher.until(lambda m: m["type"] == "error")
    assert refused["code"] == "not_seated"
    row = Watcher.objects.get(user=grandpa)
    page = f"/t/{made.code}/"
    host_browser = LiveBrowser(server, signed_in_client(host))
    assert host_browser.post_form(f"{page}watchers/{row.pk}/remove/", {}, page=page) == 302
    assert watcher.closed_code() == 4410
