"""The embedded default's channel layer: upstream's in-memory layer with its expiry sweep throttled."""

from __future__ import annotations

import asyncio
import time

import pytest
from channels.layers import InMemoryChannelLayer

from game.layers import SweptInMemoryChannelLayer


def test_it_is_the_embedded_default():
    from django.conf import settings

    if settings.REDIS_URL:
        pytest.skip("Redis is the channel layer in this configuration")
    from channels.layers import get_channel_layer

    assert isinstance(get_channel_layer(), SweptInMemoryChannelLayer)


async def test_a_group_send_reaches_every_member_in_order():
    layer = SweptInMemoryChannelLayer()
    channels = [await layer.new_channel() for _ in range(3)]
    for channel in channels:
        await layer.group_add("g", channel)
    for n in range(5):
        await layer.group_send("g", {"type": "relay", "n": n})
    for channel in channels:
        assert [(await layer.receive(channel))["n"] for _ in range(5)] == [0, 1, 2, 3, 4]


async def test_a_full_channel_misses_the_message_and_the_others_still_get_it():
    layer = SweptInMemoryChannelLayer(capacity=1)
    full, free = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", full)
    await layer.group_add("g", free)
    await layer.send(full, {"type": "relay", "n": 0})
    await layer.group_send("g", {"type": "relay", "n": 1})
    assert (await layer.receive(full))["n"] == 0
    assert (await layer.receive(free))["n"] == 1


async def test_expired_messages_are_still_dropped_and_their_channel_leaves_its_groups():
    layer = SweptInMemoryChannelLayer(expiry=0.05)
    layer.sweep_interval = 0
    gone = await layer.new_channel()
    await layer.group_add("g", gone)
    await layer.send(gone, {"type": "relay"})
    await asyncio.sleep(0.1)
    await layer.group_send("elsewhere", {"type": "relay"})  # a group send or a receive sweeps
    assert gone not in layer.groups.get("g", {})
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(layer.receive(gone), 0.05)


async def test_the_sweep_runs_at_most_once_a_second(monkeypatch):
    layer = SweptInMemoryChannelLayer()
    sweeps = []
    upstream = InMemoryChannelLayer._clean_expired
    monkeypatch.setattr(
        InMemoryChannelLayer, "_clean_expired", lambda self: sweeps.append(1) or upstream(self)
    )
    channel = await layer.new_channel()
    for _ in range(200):
        await layer.send(channel, {"type": "relay"})
        await layer.receive(channel)
    assert len(sweeps) == 1
    layer._next_sweep = time.monotonic() - 0.001
    await layer.group_send("g", {"type": "relay"})
    assert len(sweeps) == 2
