"""`python -m bench.layer_cpu` delivers every relay through both Redis layers (it needs Redis: CI's
second pass, or REDIS_URL)."""

from __future__ import annotations

import asyncio
import os

import pytest

from bench.layer_cpu import cpu_ms_per_move

REDIS_URL = os.environ.get("REDIS_URL")


@pytest.mark.skipif(not REDIS_URL, reason="needs Redis (REDIS_URL)")
@pytest.mark.parametrize("kind", ["list", "pubsub"])
def test_every_relay_reaches_both_sockets_of_its_table(kind):
    # cpu_ms_per_move waits until both sockets of each move's table got it, or times out.
    assert asyncio.run(cpu_ms_per_move(kind, REDIS_URL, tables=3, moves=20)) > 0
