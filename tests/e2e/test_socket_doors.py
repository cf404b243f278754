"""Every close path a client can meet, through a real daphne process over real sockets.

daphne's WebSocket library lets a server close only with 1000 or 3000-4999 (it turned 1008/1009
into 1011 and a traceback), so each of our codes is checked here as a client receives it, and the
server's log is checked for one warning line and no traceback.
"""

from __future__ import annotations

import json
import time
from contextlib import ExitStack

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game import engine, services
from game.models import Game
from tests.factories import UserFactory
from tests.trust import LiveBrowser, case_about, reviewer_client, session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def read_log(path) -> str:
    time.sleep(0.5)  # the server writes its line as it closes the socket
    return path.read_text() if path.exists() else ""


@pytest.fixture
def game_for_two(deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    return table, host, guest


_open = ExitStack()


@pytest.fixture(autouse=True)
def _close_sockets():
    yield
    _open.close()


def open_socket(server, path: str, cookie: bytes | None = None) -> ClientConnection:
    headers = {"Cookie": cookie.decode()} if cookie else {}
    url = f"{server.ws_url}{path}"
    return _open.enter_context(connect(url, origin=server.url, additional_headers=headers, open_timeout=10))


def close_code(ws: ClientConnection, within: float = 10) -> int | None:
    """Read until the server closes the socket; the code it closed with."""
    end = time.monotonic() + within
    try:
        while time.monotonic() < end:
            ws.recv(timeout=end - time.monotonic())
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None
    except TimeoutError:
        return None
    return None


def first_of(ws: ClientConnection, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return message


def table_socket(server, table, user) -> tuple[ClientConnection, object]:
    browser = signed_in_client(user)
    ws = open_socket(server, f"/ws/table/{table.code}/", session_cookie_of(browser))
    first_of(ws, "welcome")
    return ws, browser


def test_a_flood_closes_with_4429_counted_on_arrival_with_one_warning_and_no_traceback(
    server, game_for_two, server_log
):
    table, host, _guest = game_for_two
    ws, _ = table_socket(server, table, host)
    for _ in range(200):
        try:
            ws.send(json.dumps({"type": "ping"}))
        except ConnectionClosed:
            break
    assert close_code(ws) == 4429
    log = read_log(server_log)
    assert log.count("socket closed 4429 (too_many): member") == 1
    assert f"member {host.pk} from 127.0.0.1" in log
    assert "Traceback" not in log, log


def test_an_oversized_frame_closes_with_4413_and_no_traceback(server, game_for_two, server_log):
    table, host, _guest = game_for_two
    ws, _ = table_socket(server, table, host)
    ws.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
    assert close_code(ws) == 4413
    log = read_log(server_log)
    assert "socket closed 4413 (too_big)" in log
    assert "Traceback" not in log, log


def test_signing_out_in_another_tab_closes_the_table_and_lobby_sockets_and_moves_stop(server, game_for_two):
    table, host, _guest = game_for_two
    ws, browser = table_socket(server, table, host)
    lobby = open_socket(server, "/ws/lobby/", session_cookie_of(browser))
    first_of(lobby, "lobby")
    assert LiveBrowser(server, browser).post_form("/accounts/logout/", {}) == 302
    assert close_code(ws, within=3) == 4401
    assert close_code(lobby, within=3) == 4401
    version = Game.objects.get(table=table).version
    again = open_socket(server, f"/ws/table/{table.code}/", session_cookie_of(browser))
    assert close_code(again) == 4401  # the old cookie no longer signs anyone in
    assert Game.objects.get(table=table).version == version


def test_a_suspension_mid_game_closes_with_4423_and_jagai_takes_the_seat(server, game_for_two):
    table, _host, guest = game_for_two
    ws, browser = table_socket(server, table, guest)
    case = case_about(guest, Game.objects.get(table=table))
    decision = {"accounts": [guest.pk], "action": "suspension", "days": 3, "reason": "Seen."}
    reviewer = LiveBrowser(server, reviewer_client())
    path = f"/review/cases/{case.pk}/"
    assert reviewer.post_form(f"{path}decide/", decision, page=path) == 302
    assert close_code(ws, within=3) == 4423
    state = engine.from_json(Game.objects.get(table=table).state)
    assert state["kinds"][1] == "helper"
    again = open_socket(server, f"/ws/table/{table.code}/", session_cookie_of(browser))
    assert close_code(again) == 4423


def test_no_seat_wrong_codes_and_unknown_paths_close_with_their_codes(server, game_for_two, server_log):
    table, _host, _guest = game_for_two
    stranger = signed_in_client(UserFactory())
    cookie = session_cookie_of(stranger)
    # A begun game is no table to a stranger: closed as an unknown code is, and counted (issue 49).
    assert close_code(open_socket(server, f"/ws/table/{table.code}/", cookie)) == 4404
    assert close_code(open_socket(server, "/ws/nowhere/", cookie)) == 4404
    for _ in range(9):
        assert close_code(open_socket(server, "/ws/table/ZZZZ/", cookie)) == 4404
    assert close_code(open_socket(server, f"/ws/table/{table.code}/", cookie)) == 4429
    assert close_code(open_socket(server, "/ws/lobby/")) == 4401  # no session at all
    assert "Traceback" not in read_log(server_log)


def test_a_foreign_origin_is_refused_at_the_handshake(server, game_for_two):
    table, host, _guest = game_for_two
    browser = signed_in_client(host)
    from websockets.exceptions import InvalidStatus

    with pytest.raises(InvalidStatus) as refused, ExitStack() as stack:
        stack.enter_context(
            connect(
                f"{server.ws_url}/ws/table/{table.code}/",
                origin="http://evil.example",
                additional_headers={"Cookie": session_cookie_of(browser).decode()},
                open_timeout=10,
            )
        )
    assert refused.value.response.status_code == 403


def test_too_many_sockets_close_the_oldest_with_4409(live_asgi, game_for_two):
    server = live_asgi(WS_MAX_SOCKETS_PER_MEMBER=2)
    table, host, _guest = game_for_two
    oldest, _ = table_socket(server, table, host)
    table_socket(server, table, host)
    newest, _ = table_socket(server, table, host)
    assert close_code(oldest) == 4409
    newest.send(json.dumps({"type": "ping"}))
    assert first_of(newest, "pong")["type"] == "pong"


def test_our_own_failure_closes_with_4500_and_is_logged_once(live_asgi, server_log, monkeypatch):
    from game.services import snapshots

    def broken() -> list:
        raise RuntimeError("the lobby could not be read")

    monkeypatch.setattr(snapshots, "lobby", broken)  # the forked server inherits the fault
    server = live_asgi(TEST_SERVER_LOG=str(server_log))
    browser = signed_in_client(UserFactory())
    assert close_code(open_socket(server, "/ws/lobby/", session_cookie_of(browser))) == 4500
    log = read_log(server_log)
    assert log.count("closing the socket with 4500") == 1
    assert "RuntimeError: the lobby could not be read" in log
