"""Outages answered, sockets never deaf (issue 28, item 10): two daphne processes on the suite's
database (PostgreSQL in .ci/run's services pass) and a Redis of the test's own, for the channel
layer and the cache. Redis stops; a second socket for a seat is tried during the outage and is
refused with a documented close code, never HTTP 500; Redis comes back, and the next move reaches
both seats' sockets live (these test clients never ping or resync, so only a live update counts).
"""

from __future__ import annotations

import pytest
from channels import auth as channels_auth
from django.db import OperationalError
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.realtime.redis_layer import redis_channel_layer
from tests.realtime.sockets import Tab, move_over
from tests.trust import session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def attempt(server, code: str, cookie: bytes) -> tuple[str, object]:
    """Open a table socket during the outage: what the client saw."""
    try:
        tab = Tab(server, code, cookie)
    except InvalidStatus as refused:
        return "http", refused.response.status_code
    except ConnectionClosed as closed:
        return "closed", closed.rcvd.code if closed.rcvd else None
    return "welcomed", tab


@pytest.mark.parametrize("second_on", ["same-process", "other-process"])
def test_a_socket_tried_while_redis_is_down_is_refused_with_a_code_and_every_socket_is_live_after(
    deck, live_asgi, server_log, table, own_redis, second_on
):
    made, host, guest = table
    # Signed in before the servers' cache is this Redis (axes keeps the cache it first meets).
    cookies = {user: session_cookie_of(signed_in_client(user)) for user in (host, guest)}
    services = {
        "TEST_SERVER_LOG": str(server_log),
        "CHANNEL_LAYERS": {"default": redis_channel_layer(own_redis.url)},
        "CACHES": own_redis.caches(),
    }
    process_a, process_b = live_asgi(**services), live_asgi(**services)
    host_tab = Tab(process_a, made.code, cookies[host])
    guest_tab = Tab(process_b, made.code, cookies[guest])
    version = move_over({1: host_tab, 2: guest_tab}, made.pk, "before")
    guest_tab.until_version(version)
    host_tab.until_version(version)

    own_redis.stop()
    second = process_b if second_on == "same-process" else process_a
    outcome, detail = attempt(second, made.code, cookies[guest])
    # Accepted and closed with 4500 ("reconnecting is safe", docs/protocol.md), never HTTP 500.
    assert (outcome, detail) == ("closed", 4500), (outcome, detail)
    own_redis.start()

    # The next move reaches both seats' first sockets live, on both processes.
    after = move_over({1: host_tab, 2: guest_tab}, made.pk, "after")
    for name, tab in (("host", host_tab), ("guest", guest_tab)):
        try:
            tab.until_version(after)
        except TimeoutError:
            raise AssertionError(f"{name} deaf: {[(m['type'], m.get('version')) for m in tab.got]}") from None
    log = server_log.read_text()
    assert " 500 " not in log and "HTTP 500" not in log and "Traceback" not in log, log


class DatabaseDown:
    """channels.auth.get_user, raising what psycopg raises with PostgreSQL gone while a file both
    processes see exists (the forked daphne inherits the patch, as in test_faults.py)."""

    def __init__(self, path, real) -> None:
        self.path, self.real = path, real

    async def __call__(self, scope):
        if self.path.exists():
            raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")
        return await self.real(scope)


def test_a_socket_opened_while_the_database_is_down_is_closed_4500_not_http_500(
    live_asgi, server_log, table, tmp_path, monkeypatch
):
    made, host, _guest = table
    down = DatabaseDown(tmp_path / "down", channels_auth.get_user)
    monkeypatch.setattr(channels_auth, "get_user", down)
    server = live_asgi(TEST_SERVER_LOG=str(server_log))
    cookie = session_cookie_of(signed_in_client(host))
    down.path.touch()
    assert attempt(server, made.code, cookie) == ("closed", 4500)
    down.path.unlink()
    tab = Tab(server, made.code, cookie)
    assert tab.welcome["me"]["seat"] == 1
    tab.close()
    log = server_log.read_text()
    assert "socket closed 4500 (server_error)" in log and "outage: OperationalError" in log, log
    assert "Traceback" not in log and " 500 " not in log, log


async def test_through_the_router_an_outage_before_the_consumer_runs_is_closed_4500(monkeypatch, tmp_path):
    from justalllowgod.asgi import application
    from tests.game.support import Communicator

    down = DatabaseDown(tmp_path / "down", channels_auth.get_user)
    monkeypatch.setattr(channels_auth, "get_user", down)
    down.path.touch()
    comm = Communicator(
        application, "/ws/table/ABCD/", headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")]
    )
    assert await comm.connect() == (False, 4500)
