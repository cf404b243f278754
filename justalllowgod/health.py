"""/healthz, /readyz and /metrics: answered before any other middleware, for the proxy, the process
manager and the operators' scraper.

They come first so that a probe is never redirected to https, never refused for its Host header
(a probe on loopback asks for 127.0.0.1), never counted by a rate limit and never given a cookie.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connections
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers

from justalllowgod.metrics import METRICS_PATH, metrics

log = logging.getLogger(__name__)
PROBE_GROUP = "readyz.probe"

# Each dependency must answer within this; /readyz answers within about twice it in the worst case.
CHECK_SECONDS = 0.8

# A hung database keeps its probe thread waiting; a few threads are enough, and a busy pool fails
# the check by its timeout. One pool per process: a forked child (the browser tests' server) must
# not inherit a pool whose threads stayed behind in the parent.
_database_probes: dict[int, ThreadPoolExecutor] = {}


def _probe_pool() -> ThreadPoolExecutor:
    pid = os.getpid()
    if pid not in _database_probes:
        _database_probes[pid] = ThreadPoolExecutor(max_workers=4, thread_name_prefix="readyz-db")
    return _database_probes[pid]


def _ask_database() -> None:
    """SELECT 1 on a connection of this probe thread, closed after so no probe holds one."""
    connection = connections["default"]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()


def check_database() -> str:
    """'ok', or why the database did not answer in time."""
    future = _probe_pool().submit(_ask_database)
    try:
        future.result(timeout=CHECK_SECONDS)
    except FutureTimeout:
        future.cancel()
        return "timeout"
    except Exception as error:
        return type(error).__name__
    return "ok"


async def _round_trip() -> None:
    """A message to a group nobody is in: with Redis, a real request that leaves nothing behind.

    (Not a send and receive on a channel of our own: with channels-redis, a process's sockets share
    one reader of their channels, and a probe's message waited behind it while a socket was open.)
    """
    await get_channel_layer().group_send(PROBE_GROUP, {"type": "readyz.ping"})


async def _layer_within_timeout() -> str:
    try:
        await asyncio.wait_for(_round_trip(), CHECK_SECONDS)
    except TimeoutError:
        return "timeout"
    except Exception as error:
        return type(error).__name__
    return "ok"


def check_channel_layer() -> str:
    """'ok', or why the channel layer (Redis in production) did not answer in time."""
    return async_to_sync(_layer_within_timeout)()


def _answer(body: dict, status: int) -> HttpResponse:
    response = JsonResponse(body, status=status)
    add_never_cache_headers(response)
    return response


def healthz() -> HttpResponse:
    """The process is up and serving: nothing else is asked."""
    return _answer({"status": "ok"}, 200)


def readyz() -> HttpResponse:
    """The process can do its work: the database and the channel layer both answer."""
    started = time.monotonic()
    checks = {"database": check_database(), "channel_layer": check_channel_layer()}
    ready = all(value == "ok" for value in checks.values())
    body = {
        "status": "ok" if ready else "unavailable",
        "checks": checks,
        "ms": round((time.monotonic() - started) * 1000),
    }
    response = _answer(body, 200 if ready else 503)
    if not ready:
        # One warning that says what failed, instead of Django's "Service Unavailable" error line.
        log.warning("not ready: %s", ", ".join(f"{k} {v}" for k, v in checks.items() if v != "ok"))
        response._has_been_logged = True
    return response


PROBES: dict[str, Callable[[], HttpResponse]] = {"/healthz": healthz, "/readyz": readyz}


class HealthMiddleware:
    """Answer the two probe paths and /metrics (GET or HEAD) before anything else looks at the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        # /metrics exactly, as the scraper asks for it: no trailing or doubled slash is the same
        # path (nginx refuses the whole prefix too; docs/operations.md).
        if request.path_info == METRICS_PATH:
            return metrics(request)
        probe = PROBES.get(request.path_info.rstrip("/"))
        return probe() if probe else self.get_response(request)
