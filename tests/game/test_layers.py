"""The embedded default's channel layer: upstream's in-memory layer with messages handed straight to
this process's sockets and its expiry sweep throttled."""

from __future__ import annotations

import asyncio
import gc
import time

import pytest
from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

from game.realtime.layers import SweptInMemoryChannelLayer


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


class Taker:
    """A socket as the layer sees it once handed over: it takes each message as it is sent."""

    def __init__(self) -> None:
        self.got: list[dict] = []

    async def take(self, message: dict) -> None:
        self.got.append(message)


async def test_a_handed_over_channel_gets_each_message_at_once_in_order_and_nothing_queues():
    layer = SweptInMemoryChannelLayer()
    taken, queued = await layer.new_channel(), await layer.new_channel()
    taker = Taker()
    layer.hand_over(taken, taker)
    for channel in (taken, queued):
        await layer.group_add("g", channel)
    for n in range(3):
        await layer.group_send("g", {"type": "relay", "n": n})
    await layer.send(taken, {"type": "revoked"})
    assert [m.get("n") for m in taker.got] == [0, 1, 2, None]
    assert taken not in layer.channels  # no queue was even made for it
    assert [(await layer.receive(queued))["n"] for _ in range(3)] == [0, 1, 2]


async def test_once_the_socket_stops_its_messages_wait_in_the_queue_again():
    layer = SweptInMemoryChannelLayer()
    channel, taker = await layer.new_channel(), Taker()
    layer.hand_over(channel, taker)
    await layer.send(channel, {"type": "relay", "n": 0})
    layer.stop_handing_over(channel)
    await layer.send(channel, {"type": "relay", "n": 1})
    assert [m["n"] for m in taker.got] == [0]
    assert (await layer.receive(channel))["n"] == 1


async def test_a_socket_that_is_gone_is_not_kept_by_the_layer():
    layer = SweptInMemoryChannelLayer()
    channel, taker = await layer.new_channel(), Taker()
    layer.hand_over(channel, taker)
    del taker
    gc.collect()
    await layer.send(channel, {"type": "relay", "n": 0})
    assert (await layer.receive(channel))["n"] == 0


async def test_a_socket_that_is_full_misses_the_message_and_the_others_still_get_it():
    class Full:
        async def take(self, message: dict) -> None:
            raise ChannelFull("full")

    layer = SweptInMemoryChannelLayer()
    full, taken, taker, refuser = await layer.new_channel(), await layer.new_channel(), Taker(), Full()
    layer.hand_over(full, refuser)
    layer.hand_over(taken, taker)
    for channel in (full, taken):
        await layer.group_add("g", channel)
    await layer.group_send("g", {"type": "relay", "n": 0})
    assert [m["n"] for m in taker.got] == [0]


def test_a_channel_name_is_checked_when_handed_over():
    with pytest.raises(TypeError):
        SweptInMemoryChannelLayer().hand_over("not a valid name!", Taker())
