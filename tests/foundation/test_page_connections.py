"""Under ASGI each page request runs in a thread of its own: the database connections it opened
are closed when it ends, so page requests never pile connections up (a Sunday's class boards ran
PostgreSQL out of them: docs/performance.md, "A Sunday: classes")."""

from __future__ import annotations

import pytest
from channels.testing import HttpCommunicator
from django.conf import settings
from django.db.backends.signals import connection_created

from justalllowgod.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_page_requests_database_connections_are_closed_when_it_ends():
    opened = []

    def remember(sender, connection, **kwargs):
        opened.append(connection)

    connection_created.connect(remember)
    # As in production (tests keep none: tests/conftest.py): kept, a request thread's would linger.
    settings.DATABASES["default"]["CONN_MAX_AGE"] = 600
    try:
        for path in ("/how-to-play/", "/rules/", "/class/"):
            page = HttpCommunicator(application, "GET", path, headers=[(b"host", b"localhost")])
            answer = await page.get_response()
            await page.wait(5)  # the response is closed (request_finished) after its body is sent
            assert answer["status"] == 200, path
    finally:
        connection_created.disconnect(remember)
        settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
    assert opened, "the pages read the database"
    assert [wrapper for wrapper in opened if wrapper.connection is not None] == []
