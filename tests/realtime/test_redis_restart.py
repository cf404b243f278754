"""After Redis restarts, the first socket a server process opens is welcomed (it failed once with
a 500, then with 4500: the pool's connection had died with the old Redis), and sockets that closed
while Redis was down leave a warning each, not a traceback.

The test runs a Redis of its own (redis-server, as CI installs it) so that it can stop and start it
without disturbing the suite's; the live server uses it for its channel layer and cache.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest

from tests.realtime.sockets import move_over, tab_for

pytestmark = pytest.mark.django_db(transaction=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnRedis:
    def __init__(self, port: int) -> None:
        self.port = port

    def start(self) -> None:
        subprocess.run(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "yes",
            ],
            check=True,
            capture_output=True,
        )
        for _ in range(100):
            if (
                subprocess.run(
                    ["redis-cli", "-p", str(self.port), "ping"], capture_output=True
                ).stdout.strip()
                == b"PONG"
            ):
                return
            time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True)
        for _ in range(100):
            if (
                subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True).returncode
                != 0
            ):
                return
            time.sleep(0.05)


@pytest.fixture
def own_redis():
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed (CI installs it: .ci/run)")
    redis = OwnRedis(free_port())
    redis.start()
    yield redis
    redis.stop()


def test_the_first_socket_after_redis_restarts_is_welcomed(deck, live_asgi, server_log, table, own_redis):
    url = f"redis://127.0.0.1:{own_redis.port}/0"
    server = live_asgi(
        TEST_SERVER_LOG=str(server_log),
        CHANNEL_LAYERS={
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": [{"address": url, "socket_timeout": None}],
                    "capacity": 1500,
                    "expiry": 30,
                },
            }
        },
        CACHES={"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}},
    )
    made, host, guest = table
    host_tab, guest_tab = tab_for(server, made, host), tab_for(server, made, guest)
    version = move_over({1: host_tab, 2: guest_tab}, made.pk, "before")
    guest_tab.until_version(version)
    host_tab.close()
    guest_tab.close()

    own_redis.stop()
    own_redis.start()

    # The first socket on the process after the restart, and the game going on through it.
    host_tab, guest_tab = tab_for(server, made, host), tab_for(server, made, guest)
    assert host_tab.welcome["version"] == version
    after = move_over({1: host_tab, 2: guest_tab}, made.pk, "after")
    guest_tab.until_version(after)
    log = server_log.read_text()
    # Sockets that closed while Redis was down leave one warning each, never our traceback.
    assert "a websocket.disconnect message failed" not in log, log
    assert "HTTP 500" not in log and " 500 " not in log, log
