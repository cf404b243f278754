"""The delivery contract runs through a real daphne process, like the browser tests: the server is
forked, so it needs the test database in a file (settings.py names one for SQLite) or PostgreSQL,
and the live_asgi fixture."""

from __future__ import annotations

import pytest

from tests.e2e.live import deck, live_asgi, server, server_log  # noqa: F401  (fixtures)
from tests.factories import UserFactory
from tests.game.support import deal_private_table
from tests.realtime.own_redis import own_redis  # noqa: F401  (fixture)


@pytest.fixture
def table(deck):  # noqa: F811  (the fixture imported above)
    """A dealt private table: the host in seat 1, a guest in seat 2, JagAI in the others."""
    host, guest = UserFactory(), UserFactory()
    return deal_private_table(host, guest), host, guest
