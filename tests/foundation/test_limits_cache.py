"""Security counters live in the `limits` cache, apart from built files, and are never evicted alive."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache, caches

from game.services.access import count_wrong_code, require_not_throttled
from justalllowgod.lib.limits import LIMITS, PAGES, CountersLocMemCache, limits
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory


def test_the_page_cache_is_a_store_apart_and_the_counters_share_allauths():
    limits.set("limits-probe", 1)
    assert cache.get("limits-probe") == 1  # allauth's rate limits (the default cache) are counters too
    assert caches[PAGES].get("limits-probe") is None
    caches[PAGES].set("pages-probe", 2)
    assert limits.get("pages-probe") is None
    assert settings.AXES_CACHE == LIMITS


def test_filling_the_page_cache_past_its_size_leaves_a_throttled_member_throttled(db):
    member = UserFactory()
    for _ in range(settings.GAME_JOIN_FAILURE_LIMIT):
        count_wrong_code(user=member, ip="198.51.100.9")
    pages = caches[PAGES]
    size = settings.CACHES[PAGES]["OPTIONS"]["MAX_ENTRIES"]
    for n in range(size * 20):
        pages.set(f"print:flood-{n}", b"%" * 1000)
    assert pages.get("print:flood-0") is None  # the page cache did evict: it was really full
    with pytest.raises(Refusal) as refused:
        require_not_throttled(user=member, ip="198.51.100.9")
    assert refused.value.status == 429


def test_the_counters_cache_never_evicts_a_live_key_only_expired_ones():
    store = CountersLocMemCache("jag-test-counters", {"OPTIONS": {"MAX_ENTRIES": 10}})
    store.clear()
    for n in range(5):
        store.set(f"old-{n}", n, timeout=-1)  # kept, but already expired
    for n in range(50):
        store.set(f"live-{n}", n, timeout=600)
    assert all(store.get(f"live-{n}") == n for n in range(50))
    assert not [key for key in store._cache if "old-" in key]  # the expired ones made room
    store.clear()
