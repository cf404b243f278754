"""The outbox: services in worker threads hand their messages to the event loop, in order, without
waiting for it; with no loop attached they send from the calling thread."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from game.protocol import publish
from game.realtime import outbox


class LoopThread:
    """An event loop running in its own thread, as daphne's is, with the outbox attached to it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.run(self._attach())

    async def _attach(self) -> None:
        outbox.attach()

    def run(self, coro, timeout: float = 5.0):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture(autouse=True)
def in_memory_layer(settings):
    """These tests hand messages between event loops in threads: the in-memory layer, whatever the
    configuration (channels resets its layers when the setting changes)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "game.realtime.layers.SweptInMemoryChannelLayer"}}


@pytest.fixture
def loop_thread():
    running = LoopThread()
    yield running
    running.close()


async def _join(group: str) -> str:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    return channel


async def _receive(channel: str, count: int, timeout: float = 5.0) -> list[dict]:
    layer = get_channel_layer()
    return [await asyncio.wait_for(layer.receive(channel), timeout) for _ in range(count)]


async def _nothing_within(channel: str, seconds: float) -> bool:
    try:
        await asyncio.wait_for(get_channel_layer().receive(channel), seconds)
    except TimeoutError:
        return True
    return False


def test_a_message_is_encoded_once_as_compact_json():
    [(group, message)] = publish.relays([("g", {"type": "update", "version": 3, "view": {"a": [1, 2]}})])
    assert group == "g"
    assert message == {
        "type": "relay",
        "text": '{"type":"update","version":3,"view":{"a":[1,2]}}',
        "update": 3,
    }
    [(_, table)] = publish.relays([("g", {"type": "table", "version": 3})])
    assert "update" not in table


def test_without_an_attached_loop_the_calling_thread_sends(monkeypatch):
    monkeypatch.setattr(outbox, "_current", None)
    channel = async_to_sync(_join)("outbox-plain")
    outbox.send_all(publish.relays([("outbox-plain", {"type": "table", "version": 0})]))
    [got] = async_to_sync(_receive)(channel, 1)
    assert json.loads(got["text"]) == {"type": "table", "version": 0}


def test_a_thread_hands_its_messages_to_the_loop_and_they_arrive_in_order(loop_thread):
    channel = loop_thread.run(_join("outbox-order"))
    for version in range(1, 101):
        outbox.send_all(publish.relays([("outbox-order", {"type": "update", "version": version})]))
    got = loop_thread.run(_receive(channel, 100))
    assert [json.loads(m["text"])["version"] for m in got] == list(range(1, 101))


def test_the_sending_thread_does_not_wait_for_a_busy_loop(loop_thread):
    channel = loop_thread.run(_join("outbox-busy"))
    loop_thread.loop.call_soon_threadsafe(time.sleep, 0.5)  # the loop is busy for half a second
    started = time.monotonic()
    outbox.send_all(publish.relays([("outbox-busy", {"type": "update", "version": 1})]))
    assert time.monotonic() - started < 0.2
    [got] = loop_thread.run(_receive(channel, 1))
    assert json.loads(got["text"])["version"] == 1


def test_a_sockets_call_wakes_the_loop_when_it_returns_not_before(loop_thread):
    channel = loop_thread.run(_join("outbox-held"))
    seen_while_running = []

    with outbox.one_wake():
        outbox.send_all(publish.relays([("outbox-held", {"type": "update", "version": 7})]))
        # The loop is idle and would deliver at once if it had been woken.
        seen_while_running.append(loop_thread.run(_nothing_within(channel, 0.2)))
    assert seen_while_running == [True]
    [got] = loop_thread.run(_receive(channel, 1))
    assert json.loads(got["text"])["version"] == 7


def test_a_sockets_call_that_fails_still_sends_what_it_committed(loop_thread):
    channel = loop_thread.run(_join("outbox-held-fails"))

    with pytest.raises(ValueError), outbox.one_wake():
        outbox.send_all(publish.relays([("outbox-held-fails", {"type": "table", "version": 2})]))
        raise ValueError("after the commit")
    [got] = loop_thread.run(_receive(channel, 1))
    assert json.loads(got["text"])["version"] == 2


def test_only_the_calling_thread_waits_for_its_wake(loop_thread):
    """Another thread's sends (an HTTP view, the clock) still wake the loop at once."""
    channel = loop_thread.run(_join("outbox-other-thread"))
    with outbox.one_wake():
        other = threading.Thread(
            target=outbox.send_all,
            args=(publish.relays([("outbox-other-thread", {"type": "table", "version": 3})]),),
        )
        other.start()
        other.join(5)
        [got] = loop_thread.run(_receive(channel, 1))
    assert json.loads(got["text"])["version"] == 3


def test_one_failed_send_does_not_stop_the_ones_behind_it(loop_thread, monkeypatch, caplog):
    channel = loop_thread.run(_join("outbox-after-failure"))
    layer = get_channel_layer()
    real = layer.group_send

    async def flaky(group, message):
        if group == "outbox-broken":
            raise ConnectionError("the layer is down for this one")
        await real(group, message)

    monkeypatch.setattr(layer, "group_send", flaky)
    # In one batch (one move's messages) and in the next one.
    outbox.send_all(
        publish.relays(
            [
                ("outbox-broken", {"type": "update", "version": 1}),
                ("outbox-after-failure", {"type": "update", "version": 1}),
            ]
        )
    )
    outbox.send_all(publish.relays([("outbox-after-failure", {"type": "update", "version": 2})]))
    got = loop_thread.run(_receive(channel, 2))
    assert [json.loads(m["text"])["version"] for m in got] == [1, 2]
    assert "group send to outbox-broken failed" in caplog.text


def test_a_stopped_loop_is_not_used(loop_thread, monkeypatch):
    loop_thread.close()
    channel = async_to_sync(_join)("outbox-stopped")
    outbox.send_all(publish.relays([("outbox-stopped", {"type": "update", "version": 4})]))
    [got] = async_to_sync(_receive)(channel, 1)
    assert json.loads(got["text"])["version"] == 4


def test_what_queues_while_the_loop_is_busy_leaves_in_one_go_in_order(loop_thread, monkeypatch):
    """A layer that sends many at once (Redis: one round trip) is handed everything queued."""
    layer = get_channel_layer()
    handed: list[list] = []

    async def send_together(sends):
        handed.append([json.loads(event["text"])["version"] for _group, event in sends])

    monkeypatch.setattr(layer, "group_send_all", send_together, raising=False)
    loop_thread.loop.call_soon_threadsafe(time.sleep, 0.3)  # three moves commit meanwhile
    for version in (1, 2, 3):
        outbox.send_all(
            publish.relays(
                [("a", {"type": "update", "version": version}), ("b", {"type": "update", "version": version})]
            )
        )
    deadline = time.monotonic() + 5
    while not handed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert handed == [[1, 1, 2, 2, 3, 3]]


def test_a_batch_the_layer_cannot_send_is_logged_and_counted_whole(loop_thread, monkeypatch, caplog):
    from game import metrics

    layer = get_channel_layer()

    async def down(sends):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(layer, "group_send_all", down, raising=False)
    before = metrics.LAYER_SEND_FAILURES._value.get()
    outbox.send_all(
        publish.relays([("x", {"type": "update", "version": 1}), ("y", {"type": "update", "version": 1})])
    )
    deadline = time.monotonic() + 5
    while metrics.LAYER_SEND_FAILURES._value.get() == before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert metrics.LAYER_SEND_FAILURES._value.get() - before == 2
    assert "group send to x, y failed" in caplog.text
