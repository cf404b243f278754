"""The message budget a member or an agent shares across all of their sockets.

One socket is capped on its own (game/sockets/doors.py: WS_MAX_MESSAGES_PER_SECOND); ten sockets inside
that cap could still send ten times as much. So every frame also counts against its sender's
budget for the current second, WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND, kept in the `limits` cache
with the other security counters so that it holds across sockets and server processes (Redis on
the stack).

Cheap on the hot path: one count per frame (one command, one round trip to Redis), and nothing at
all for anonymous sockets (closed at connect). On the stack the count is kept from the event loop,
through the channel layer's own connections to the same Redis (game/realtime/redis_layer.py
`count`): handing each frame to a pool thread and back cost more of the server's CPU than the
count itself (docs/performance.md, "Issue 33, item 7"). Any other cache is counted on a pool
thread (never a database lane, which serves its tables' moves). Both ways count the same key.

The window is the wall-clock second, so the count needs no list of times; a burst across a
second's boundary can reach twice the budget for that moment, which the per-socket cap bounds.
An unreachable cache lets the frame through: the per-socket cap still holds, and an outage must not
close every socket.

New sockets are counted the same way (WS_MAX_CONNECTS per WS_CONNECT_WINDOW_SECONDS per member or
agent token): each is sent a full welcome, so reconnecting must not stand in for hellos.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache

from game.realtime import faults
from justalllowgod.lib.limits import LIMITS
from justalllowgod.lib.limits import limits as cache

log = logging.getLogger(__name__)

BUDGET_KEY = "sockets:budget:{}:{}"
CONNECTS_KEY = "sockets:connects:{}:{}"
# The counts live with the security counters (justalllowgod/lib/limits.py), where nothing evicts them.
CACHE_ALIAS = LIMITS
# A second's count is kept a little longer than its second, then expires by itself.
KEPT_SECONDS = 3


def _spend(who: str, second: int) -> int:
    """Count one frame for `who` in this second; the count so far (this frame included)."""
    key = BUDGET_KEY.format(who, second)
    backend = caches[CACHE_ALIAS]
    if isinstance(backend, RedisCache):
        # One round trip (INCR and EXPIRE in a pipeline) instead of Django's three (EXISTS, INCR,
        # and SET for the first frame). Django keeps integers as they are, so INCR reads them.
        full = backend.make_and_validate_key(key)
        with backend._cache.get_client(full, write=True).pipeline() as pipe:
            pipe.incr(full)
            pipe.expire(full, KEPT_SECONDS)
            spent, _ = pipe.execute()
        return int(spent)
    try:
        return cache.incr(key)
    except ValueError:  # the first frame of this second
        if cache.add(key, 1, timeout=KEPT_SECONDS):
            return 1
        return cache.incr(key)  # another socket added it meanwhile


_spend_off_loop = sync_to_async(_spend, thread_sensitive=False)


def _counter_on_the_loop() -> Callable[[str, int], Awaitable[int]] | None:
    """The channel layer's `count`, when the layer's Redis is the limits cache's own; else None."""
    backend, layer = caches[CACHE_ALIAS], get_channel_layer()
    count = getattr(layer, "count", None)
    if (
        isinstance(backend, RedisCache)
        and count is not None
        and layer.serves(settings.CACHES[CACHE_ALIAS]["LOCATION"])
    ):
        return count
    return None


async def _spend_now(who: str, second: int) -> int:
    count = _counter_on_the_loop()
    if count is None:
        return await _spend_off_loop(who, second)
    # The same key as `_spend` (the cache's prefix and version), so both ways count one budget.
    return await count(
        caches[CACHE_ALIAS].make_and_validate_key(BUDGET_KEY.format(who, second)), KEPT_SECONDS
    )


async def over_budget(who: str) -> bool:
    """Whether this frame takes `who` (e.g. "member 12", "agent 3") past their budget a second."""
    try:
        spent = await _spend_now(who.replace(" ", ":"), int(time.time()))
    except faults.OUTAGES as error:
        log.warning("message budget not counted (%s: %s)", type(error).__name__, error)
        return False
    return spent > settings.WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND


def _count_connect(who: str, window: int) -> int:
    """Count one new socket for `who` in the current window; the count so far (this one included).
    The window is wall-clock aligned like the message budget's second, so no list of times."""
    key = CONNECTS_KEY.format(who, window)
    seconds = settings.WS_CONNECT_WINDOW_SECONDS
    cache.add(key, 0, timeout=seconds * 2)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=seconds * 2)
        return 1


_count_connect_off_loop = sync_to_async(_count_connect, thread_sensitive=False)


async def _count_connect_now(who: str, window: int) -> int:
    count = _counter_on_the_loop()
    if count is None:
        return await _count_connect_off_loop(who, window)
    key = caches[CACHE_ALIAS].make_and_validate_key(CONNECTS_KEY.format(who, window))
    return await count(key, settings.WS_CONNECT_WINDOW_SECONDS * 2)


async def too_many_connects(who: str) -> bool:
    """Whether this new socket takes `who` (e.g. "member 12", "agent abc...") past
    WS_MAX_CONNECTS in this WS_CONNECT_WINDOW_SECONDS: reconnecting must not work as an unlimited
    hello, each new socket being sent a full welcome. An unreachable cache lets it in."""
    window = int(time.time()) // settings.WS_CONNECT_WINDOW_SECONDS
    try:
        count = await _count_connect_now(who.replace(" ", ":"), window)
    except faults.OUTAGES as error:
        log.warning("connect not counted (%s: %s)", type(error).__name__, error)
        return False
    return count > settings.WS_MAX_CONNECTS
