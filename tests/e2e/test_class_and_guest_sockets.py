"""Issue 48's sockets through a real daphne process: the lobby turns a guest away (4404); a class
child's table socket gets its welcome, and closes for good (4401) the moment the leader removes
them with the board's button; a member with no seat at a class's table is turned away and told
nothing of it.

The leader's button is pressed over HTTP on the live server, as a browser would: the act then runs
in the daphne process, whose channel layer the sockets listen on. (Calling the service from this
test process would send on this process's own in-memory layer, which no socket hears on the
embedded configuration.)"""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request

import pytest

from accounts import family
from classes import joining, leading
from game.services import guests
from tests.e2e.helpers import in_a_thread
from tests.e2e.test_socket_doors import _close_sockets, close_code, open_socket  # noqa: F401  (a fixture)
from tests.factories import UserFactory, signed_in_session
from tests.game.support import host_answers

pytestmark = pytest.mark.django_db(transaction=True)


def cookie(user) -> bytes:
    return f"sessionid={signed_in_session(user)}".encode()


def test_the_lobby_turns_a_guest_away_through_daphne(live_asgi):
    server = live_asgi()

    def let_in():
        from game import services

        table = services.create_private_table(user=UserFactory()).table
        asked = guests.ask_to_sit(token=table.invite_token, name="Visiting_Vera")
        host_answers(table, asked.guest.sit_request.pk, yes=True)
        return cookie(asked.guest)

    assert close_code(open_socket(server, "/ws/lobby/", in_a_thread(let_in))) == 4404


def press_board_button(server, class_id: int, button: str, leader_cookie: bytes, **fields) -> int:
    """The leader's board button, as the board's page posts it (its CSRF token included)."""
    board = f"{server.url}/class/board/{class_id}/"
    page = urllib.request.urlopen(urllib.request.Request(board, headers={"Cookie": leader_cookie.decode()}))
    html = page.read().decode()
    token = re.search(r'data-csrf="([^"]+)"', html).group(1)
    csrf_cookie = next(
        value.split(";")[0]
        for key, value in page.headers.items()
        if key.lower() == "set-cookie" and "csrftoken=" in value
    )
    request = urllib.request.Request(
        f"{board}{button}/",
        data=urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields}).encode(),
        headers={"Cookie": f"{leader_cookie.decode()}; {csrf_cookie}", "Referer": board},
    )
    return urllib.request.urlopen(request).status


def test_a_class_childs_socket_closes_when_the_leader_removes_them_and_strangers_see_nothing(live_asgi):
    server = live_asgi()

    def a_class_at_its_table():
        leader = UserFactory()
        classroom = joining.start_class(leader=leader, agreed=True)
        pupil = joining.join_class(code=classroom.code, name="Little_Tom")
        common = {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}
        (place,) = leading.make_tables(**common)
        session = signed_in_session(pupil.user)
        family.record_device(child=pupil.user, session_key=session)  # as the join page does
        leader_cookie = f"sessionid={common['session_key']}".encode()
        return classroom.pk, leader_cookie, pupil, place.table.code, f"sessionid={session}".encode()

    class_id, leader_cookie, pupil, code, child = in_a_thread(a_class_at_its_table)
    ws = open_socket(server, f"/ws/table/{code}/", child)
    assert json.loads(ws.recv(timeout=10))["type"] in {"hello", "welcome", "table"}
    outsider = open_socket(server, f"/ws/table/{code}/", in_a_thread(lambda: cookie(UserFactory())))
    assert close_code(outsider) in {4403, 4404}
    assert press_board_button(server, class_id, "remove", leader_cookie, pupil=pupil.pk) == 200
    assert close_code(ws) == 4401
