"""Shared test fixtures."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from tests.clock import Clock

# Tests fire clock deadlines themselves, with a controlled clock.
settings.GAME_CLOCK_IN_PROCESS = False
# Threads in tests (races, socket workers) must not keep connections that block dropping the test DB.
settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
# Hashing passwords slowly protects members, not tests.
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _a_redis_database_per_worker() -> None:
    """pytest-xdist's workers (`make test` runs several) share one Redis: each takes a database of
    its own (gw0 the 1st, gw1 the 2nd, ...), so one worker's cache.clear() (a FLUSHDB) or channel
    groups never reach another's. Servers and processes a test starts inherit it by REDIS_URL.
    Their databases (PostgreSQL, SQLite files) are already their own: pytest-django names them per
    worker."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    shared = settings.REDIS_URL
    if not (worker.startswith("gw") and shared):
        return
    own = urlsplit(shared)._replace(path=f"/{int(worker[2:]) + 1}").geturl()
    os.environ["REDIS_URL"] = settings.REDIS_URL = own
    for cache in settings.CACHES.values():
        if cache.get("LOCATION") == shared:
            cache["LOCATION"] = own
    for host in settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]:
        host["address"] = own
    # Pub/sub channels are not in a database: each worker's (and the servers it starts) get their
    # own prefix, or PostgreSQL's table 1 of one worker hears another's.
    prefix = f"asgi-{worker}"
    os.environ["DJANGO_CHANNEL_LAYER_PREFIX"] = settings.CHANNEL_LAYER_PREFIX = prefix
    settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = prefix


_a_redis_database_per_worker()


@pytest.fixture
def live_deck(db):
    """The default deck of twenty approved stories, for tests that deal a game."""
    from content.deal import live_deck
    from tests.deck import load_deck

    load_deck()
    return live_deck()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate limits and throttles live in the cache, built files in another; each test starts with none."""
    from django.core.cache import caches

    for alias in settings.CACHES:
        caches[alias].clear()
    yield
    for alias in settings.CACHES:
        caches[alias].clear()


@pytest.fixture(autouse=True)
def _no_connection_left_in_a_database_thread():
    """Sockets' database calls run on long-lived threads (Channels' one, or the lanes), and each
    call first looks at that thread's old connections, as Channels does. One that a test with the
    database left there would be looked at by a later test without it, on the same worker, which
    pytest-django refuses ("Database access not allowed"): each test closes them when it ends."""
    yield
    from asgiref.sync import SyncToAsync
    from django.db import connections

    from game.realtime import database

    for executor in (SyncToAsync.single_thread_executor, *database.lanes()):
        if getattr(executor, "_threads", None) and not getattr(executor, "_shutdown", False):
            executor.submit(connections.close_all).result(timeout=30)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    """Freeze django.utils.timezone.now for the services; advance it by hand."""
    from django.utils import timezone

    controlled = Clock(timezone.now())
    monkeypatch.setattr(timezone, "now", controlled)
    return controlled
