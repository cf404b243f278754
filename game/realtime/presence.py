"""Who has a table's page open: each of a member's open table sockets counts on its own, so closing
one tab (or the phone's page) never makes them "away" while another page of theirs is open
(issue 46). The notices of issue 32 ask it: nobody is told it is their turn while they watch.

One key per member and table in the `limits` cache (Redis on the stack, so every server process
and the clock see it) holds each open socket with the moment it stops counting: noted when the
socket opens, pushed on every PRESENCE_SECONDS / 3 by the socket itself while it stays open
(game/sockets/table.py), and dropped when it closes. A process that dies leaves entries that lapse
by themselves within PRESENCE_SECONDS, so nobody is taken as present for long after their page
is gone. On Redis the key is a sorted set, each change one atomic command (two processes opening
and closing sockets at once never lose one); in a process's own memory a lock does the same.

An unreachable cache says "not here": a notice too many beats a member never told."""

from __future__ import annotations

import logging
import math
import threading
import time

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache

from game.realtime.faults import OUTAGES
from justalllowgod.lib.limits import LIMITS

log = logging.getLogger(__name__)

# Not the release before's "presence:{table}:{member}" (a plain value), which may linger for
# PRESENCE_SECONDS after an upgrade: a sorted set cannot share its name.
KEY = "presence:sockets:{}:{}"
# A socket's name when the caller has none (one page: scripts, tests).
PAGE = "page"
# Caches in this process's memory are changed under this lock: a read, a change and a write.
_lock = threading.Lock()


def _key(table_id: int, user_id: int) -> str:
    return KEY.format(table_id, user_id)


def arrived(table_id: int, user_id: int, socket: str = PAGE) -> None:
    """A table socket of theirs opened, or is still open: it counts for PRESENCE_SECONDS more."""
    try:
        _change(_key(table_id, user_id), add=socket)
    except Exception as error:
        _could_not("note a member at", table_id, error)


def left(table_id: int, user_id: int, socket: str = PAGE) -> None:
    """That table socket of theirs closed; any other still open keeps them here."""
    try:
        _change(_key(table_id, user_id), drop=socket)
    except Exception as error:
        _could_not("note a member leaving", table_id, error)


def is_here(table_id: int, user_id: int) -> bool:
    """Whether the member has the table's page open now, on any device or tab."""
    try:
        return _open_sockets(_key(table_id, user_id)) > 0
    except Exception:
        return False


def _change(key: str, *, add: str | None = None, drop: str | None = None) -> None:
    cache, now, ttl = caches[LIMITS], time.time(), settings.PRESENCE_SECONDS
    if isinstance(cache, RedisCache):
        full = cache.make_and_validate_key(key)
        with cache._cache.get_client(full, write=True).pipeline() as pipe:
            pipe.zremrangebyscore(full, "-inf", now)  # sockets of a process that died
            if add is not None:
                pipe.zadd(full, {add: now + ttl})
                pipe.expire(full, math.ceil(ttl))
            if drop is not None:
                pipe.zrem(full, drop)
            pipe.execute()
        return
    with _lock:
        sockets = {s: until for s, until in (cache.get(key) or {}).items() if until > now}
        if add is not None:
            sockets[add] = now + ttl
        sockets.pop(drop, None)
        if sockets:
            cache.set(key, sockets, timeout=max(sockets.values()) - now)
        else:
            cache.delete(key)


def _open_sockets(key: str) -> int:
    cache, now = caches[LIMITS], time.time()
    if isinstance(cache, RedisCache):
        full = cache.make_and_validate_key(key)
        return int(cache._cache.get_client(full).zcount(full, f"({now}", "+inf"))
    return sum(1 for until in (cache.get(key) or {}).values() if until > now)


def open_until(table_id: int, user_id: int) -> dict[str, float]:
    """Each open socket of the member at the table, with the time its presence lasts until (for
    operators and tests; a dead process's sockets are still listed until they lapse)."""
    cache, key = caches[LIMITS], _key(table_id, user_id)
    if isinstance(cache, RedisCache):
        full = cache.make_and_validate_key(key)
        pairs = cache._cache.get_client(full).zrange(full, 0, -1, withscores=True)
        return {(s.decode() if isinstance(s, bytes) else s): until for s, until in pairs}
    return dict(cache.get(key) or {})


def _could_not(what: str, table_id: int, error: Exception) -> None:
    # Redis down is not our bug: one line says so (a restart would otherwise bury the log in
    # redis-py's chained tracebacks). Anything else is, and keeps its traceback.
    if isinstance(error, OUTAGES):
        log.warning("presence: could not %s table %s (%s: %s)", what, table_id, type(error).__name__, error)
    else:
        log.warning("presence: could not %s table %s", what, table_id, exc_info=error)
