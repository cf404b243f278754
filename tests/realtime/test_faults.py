"""A database or Redis outage answers a move or a ping with a retryable error; the socket stays open.

The outage is made in the server process itself: the service a socket calls raises what psycopg,
SQLite or redis-py raise when their server is gone (the forked daphne inherits the fault).
"""

from __future__ import annotations

import pytest
from django.db import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from game import services
from game.services import snapshots
from tests.realtime.sockets import move_over, next_move, tab_for

pytestmark = pytest.mark.django_db(transaction=True)


class Outage:
    """Switched on and off from the test through a file both processes see."""

    def __init__(self, path, error: Exception) -> None:
        self.path, self.error = path, error

    def guard(self, real):
        def guarded(*args, **kwargs):
            if self.path.exists():
                raise self.error
            return real(*args, **kwargs)

        return guarded


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("server closed the connection unexpectedly"),
        RedisConnectionError("Connection refused"),
    ],
    ids=["database", "redis"],
)
def test_an_outage_answers_a_move_and_a_ping_with_a_retryable_error_and_the_socket_stays_open(
    live_asgi, server_log, table, tmp_path, monkeypatch, error
):
    made, host, guest = table
    outage = Outage(tmp_path / "down", error)
    monkeypatch.setattr(services, "play_move", outage.guard(services.play_move))
    monkeypatch.setattr(snapshots, "version", outage.guard(snapshots.version))
    server = live_asgi(TEST_SERVER_LOG=str(server_log))
    host_tab, guest_tab = tab_for(server, made, host), tab_for(server, made, guest)
    tabs = {1: host_tab, 2: guest_tab}
    seat, version, move = next_move(made.pk)

    outage.path.touch()
    tabs[seat].send({"type": "move", "id": "during", "version": version, "move": move})
    refused = tabs[seat].until(lambda m: m["type"] == "error")
    assert refused["code"] == "unavailable" and refused["retry"] is True and refused["id"] == "during"
    assert refused["version"] == version
    tabs[seat].send({"type": "ping"})
    assert tabs[seat].until(lambda m: m["type"] == "error")["code"] == "unavailable"

    outage.path.unlink()
    # The same socket, the same move id: applied once, now that the service is back.
    tabs[seat].send({"type": "move", "id": "during", "version": version, "move": move})
    ack = tabs[seat].until(lambda m: m["type"] == "ack")
    assert ack == {"type": "ack", "id": "during", "version": version + 1}
    assert move_over(tabs, made.pk, "after") == version + 2
    log = server_log.read_text()
    assert "could not be served" in log and "Traceback" not in log and "4500" not in log
