"""The edges of a table socket as a client sees them through a real daphne (issue 28): odd frames
answered, budgets per socket and per member, and what is refused or closed, with which code."""

from __future__ import annotations

import pytest

from tests.realtime.sockets import tab_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_odd_frames_are_answered_malformed_and_never_close_the_socket(live_asgi, server_log, table):
    made, host, _guest = table
    server = live_asgi(TEST_SERVER_LOG=str(server_log))
    tab = tab_for(server, made, host)
    for frame in ["[" * 4000, '{"a":' * 800, "1" * 4090, b'{"type": "ping", "x": "\xff"}']:
        tab.ws.send(frame)
        error = tab.until(lambda m: m["type"] == "error")
        assert error["code"] == "malformed_message"
    tab.send({"type": "ping"})
    assert tab.until(lambda m: m["type"] == "pong")["version"] == tab.welcome["version"]
    tab.close()
    log = server_log.read_text()
    assert log.count("malformed frame") == 4, log
    assert "Traceback" not in log and "4500" not in log and "RecursionError" not in log, log
