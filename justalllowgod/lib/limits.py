"""Where the security counters live: the `limits` cache, which nothing else may fill.

Throttles (wrong table codes, tables per hour, /print/ downloads), lockouts (allauth's rate limits,
axes with Redis) and each member's open sockets are counted here. Pages and files are cached apart
(the `pages` cache), so a flood of cache writes can never push a counter out and let a throttled
guesser guess again. Embedded (no REDIS_URL) the counters are in this process's memory in a cache
that never evicts a live key; with Redis they are in Redis, which holds nothing but counters and
the channel layer's messages.
"""

from __future__ import annotations

import time

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.utils.connection import ConnectionProxy

LIMITS = "limits"
PAGES = "pages"

# Use as `from justalllowgod.lib.limits import limits as cache`: the same calls as Django's `cache`.
limits = ConnectionProxy(caches, LIMITS)


def count(key: str, *, window: int) -> int:
    """One more in a counter whose window starts at its first count; returns the new total. The
    add() starts it only if missing; a counter that lapsed between the add and the incr starts again."""
    limits.add(key, 0, timeout=window)
    try:
        return limits.incr(key)
    except ValueError:
        limits.set(key, 1, timeout=window)
        return 1


class CountersLocMemCache(LocMemCache):
    """Django's in-memory cache, except that past MAX_ENTRIES it drops only expired keys.

    Django's own culls a share of the entries, live or not, so enough writes could forget a
    throttle before its window ended. Here every counter lives out its timeout.
    """

    def _cull(self) -> None:
        now = time.time()
        for key in [
            key for key, expires in self._expire_info.items() if expires is not None and expires <= now
        ]:
            self._delete(key)
