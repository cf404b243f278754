"""The delivery contract runs through a real daphne process, like the browser tests: the server is
forked, so it needs the test database in a file (or PostgreSQL) and the live_asgi fixture."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.e2e.conftest import _file_based_sqlite_for_tests
from tests.e2e.live import live_asgi  # noqa: F401  (a fixture)
from tests.factories import UserFactory
from tests.game.support import deal_private_table

_file_based_sqlite_for_tests()


@pytest.fixture
def server_log(tmp_path):
    return tmp_path / "server.log"


@pytest.fixture
def deck():
    call_command("load_default_deck", verbosity=0)


@pytest.fixture
def server(deck, live_asgi, server_log):  # noqa: F811
    return live_asgi(TEST_SERVER_LOG=str(server_log))


@pytest.fixture
def table(deck):
    """A dealt private table: the host in seat 1, a guest in seat 2, JagAI in the others."""
    host, guest = UserFactory(), UserFactory()
    return deal_private_table(host, guest), host, guest
