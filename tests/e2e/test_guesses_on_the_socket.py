"""Every guess counts the same on the table socket too (issue 28 item 6), through a real daphne:
a finished table's code closes 4404 exactly as an unknown code does and counts as a wrong guess,
while a member of that finished table still gets their welcome."""

from __future__ import annotations

import json

import pytest
from websockets.sync.client import ClientConnection

from game import services
from game.models import Table
from tests.e2e.test_socket_doors import _close_sockets, close_code  # noqa: F401  (_close_sockets: a fixture)
from tests.e2e.test_socket_doors import open_socket as open_path
from tests.factories import UserFactory
from tests.trust import session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def open_socket(server, code: str, user) -> ClientConnection:
    """A signed-in member's table socket, closed after the test (test_socket_doors keeps them)."""
    return open_path(server, f"/ws/table/{code}/", session_cookie_of(signed_in_client(user)))


@pytest.fixture
def finished(deck):
    """A game two members played, now finished; its code may be used again by a new table."""
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    return table, host


def test_a_finished_code_closes_like_an_unknown_one_and_counts(server, finished, server_log):
    table, _host = finished
    stranger = UserFactory()
    unknown = "ZZZZ" if table.code != "ZZZZ" else "YYYY"
    assert close_code(open_socket(server, table.code, stranger)) == 4404
    assert close_code(open_socket(server, unknown, stranger)) == 4404
    for _ in range(8):
        assert close_code(open_socket(server, table.code, stranger)) == 4404
    waiting = services.create_private_table(user=UserFactory()).table
    assert close_code(open_socket(server, waiting.code, stranger)) == 4429
    assert "Traceback" not in (server_log.read_text() if server_log.exists() else "")


def test_a_member_of_the_finished_table_still_gets_their_welcome(server, finished):
    table, host = finished
    ws = open_socket(server, table.code, host)
    first = json.loads(ws.recv(timeout=10))
    assert first["type"] == "welcome"
