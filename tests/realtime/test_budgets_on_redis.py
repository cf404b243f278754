"""The message budget on the stack (game/realtime/budgets.py): counted from the event loop through
the channel layer's connections when the layer's Redis is the limits cache's, and on a pool thread
otherwise, one count either way."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from game.realtime import budgets
from game.realtime.redis_layer import redis_channel_layer

SECOND = 1_900_000_000  # a fixed second, so that no count straddles two


def on_redis(settings, layer_url: str, cache_url: str) -> None:
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(layer_url)}
    limits = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": cache_url,
        "KEY_PREFIX": "t",
    }
    settings.CACHES = {**settings.CACHES, "default": limits, "limits": limits}


@pytest.fixture
def fixed_second(monkeypatch):
    monkeypatch.setattr(budgets, "time", SimpleNamespace(time=lambda: SECOND + 0.5))


@pytest.fixture
def one_redis(own_redis, settings, monkeypatch, fixed_second):
    """The layer and the limits cache on one Redis, and no count may go to a pool thread."""
    on_redis(settings, own_redis.url, own_redis.url)

    async def no_thread(*args):
        raise AssertionError("counted on a pool thread although the layer's Redis is the cache's")

    monkeypatch.setattr(budgets, "_spend_off_loop", no_thread)
    monkeypatch.setattr(budgets, "_count_connect_off_loop", no_thread)
    return own_redis  # channels-redis closes each loop's connections as its loop closes


async def test_on_one_redis_frames_are_counted_on_the_loop_with_the_caches_key(one_redis, settings):
    settings.WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND = 3
    assert [await budgets.over_budget("member 9") for _ in range(3)] == [False, False, False]
    # A count made the other way (a cache other than Redis would) adds to the same key.
    assert await asyncio.to_thread(budgets._spend, "member:9", SECOND) == 4
    assert await budgets.over_budget("member 9") is True
    assert await budgets.over_budget("member 10") is False  # another member's budget is untouched
    ttl = int((await asyncio.to_thread(one_redis.cli, "ttl", f"t:1:sockets:budget:member:9:{SECOND}")).stdout)
    assert 0 < ttl <= budgets.KEPT_SECONDS


async def test_on_one_redis_new_sockets_are_counted_on_the_loop_too(one_redis, settings):
    settings.WS_MAX_CONNECTS = 2
    assert [await budgets.too_many_connects("member 9") for _ in range(2)] == [False, False]
    window = SECOND // settings.WS_CONNECT_WINDOW_SECONDS
    # The thread's way (add, then incr) counts on the same key.
    assert await asyncio.to_thread(budgets._count_connect, "member:9", window) == 3
    assert await budgets.too_many_connects("member 9") is True
    assert await budgets.too_many_connects("agent abc") is False


async def test_a_layer_on_another_redis_leaves_the_count_to_the_thread(own_redis, settings, fixed_second):
    on_redis(settings, "redis://127.0.0.1:1/0", own_redis.url)  # nothing listens on port 1
    assert budgets._counter_on_the_loop() is None
    assert [await budgets.over_budget("member 9") for _ in range(2)] == [False, False]
    assert await asyncio.to_thread(budgets._spend, "member:9", SECOND) == 3


def test_the_embedded_default_counts_in_its_own_cache(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "game.realtime.layers.SweptInMemoryChannelLayer"}}
    settings.CACHES = {
        **settings.CACHES,
        "limits": {"BACKEND": "justalllowgod.lib.limits.CountersLocMemCache", "LOCATION": "budget-test"},
    }
    assert budgets._counter_on_the_loop() is None
