"""A Redis of a test's own (redis-server, as CI installs it), so that the test can stop and start it
without disturbing the suite's."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest

from tests.ports import free_port
from tests.realtime.sockets import WAIT


def wait_for(condition: Callable[[], bool], what: str) -> None:
    end = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {WAIT} s")
        time.sleep(0.05)


class OwnRedis:
    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"

    def cli(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["redis-cli", "-p", str(self.port), *args], capture_output=True)

    def start(self) -> None:
        options = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "yes"]
        subprocess.run(["redis-server", "--port", str(self.port), *options], check=True, capture_output=True)
        wait_for(lambda: self.cli("ping").stdout.strip() == b"PONG", "redis-server did not start")

    def stop(self) -> None:
        self.cli("shutdown", "nosave")
        wait_for(lambda: self.cli("ping").returncode != 0, "redis-server did not stop")

    def caches(self) -> dict:
        """CACHES as settings build them with REDIS_URL at this Redis: `default` and `limits` (the
        security counters, justalllowgod/lib/limits.py) in it, `pages` as configured."""
        from django.conf import settings

        redis = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": self.url}
        return {"default": redis, "limits": redis, "pages": settings.CACHES["pages"]}

    def listens_to_nothing(self) -> bool:
        """No client is subscribed to any channel."""
        return self.cli("pubsub", "channels").stdout.strip() == b""


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed (CI installs it: .ci/run)")
    redis = OwnRedis(free_port())
    redis.start()
    yield redis
    redis.stop()
