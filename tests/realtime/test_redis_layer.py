"""The site's Redis channel layer (game/realtime/redis_layer.py) through Redis restarts, and the
private parts of channels-redis and redis-py it relies on.

The restarts run on a Redis of the test's own, under the layer alone (no server), several times
over: a process that holds a subscription through the restart and one that listens to nothing
then, as the subscriber connection goes dead differently in each (see the module's docstring).
The private parts: channels-redis or redis-py could change any of them in a release; these tests
fail loudly then, naming what to look at, instead of the layer quietly losing messages after the
next Redis restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging

import channels_redis
import pytest
import redis
from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection
from django.utils.module_loading import import_string
from redis.asyncio import Connection
from redis.asyncio.client import PubSub
from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry

from game.realtime.redis_layer import CONNECT_SECONDS, RESUMED, SubscriberShard, alive, redis_channel_layer
from game.realtime.redis_layer import DOWN as DOWN_ERRORS
from tests.realtime.own_redis import wait_for
from tests.realtime.sockets import WAIT

RESTARTS = 20
UNREACHABLE = "redis://127.0.0.1:1/0"  # nothing below connects
WHAT_TO_DO = (
    f"channels-redis {channels_redis.__version__} or redis-py {redis.__version__} changed a part that "
    "game/realtime/redis_layer.py relies on; it must follow (docs/realtime.md, rule 7)"
)


def site_layer(url: str) -> RedisPubSubChannelLayer:
    """The layer as settings configure it for a Redis at `url`."""
    config = redis_channel_layer(url)
    return import_string(config["BACKEND"])(**config["CONFIG"])


async def leave(layer, group: str, channel: str) -> None:
    """As a socket that closes: out of its group, and its channel's receive cancelled (which is
    when channels-redis unsubscribes the channel)."""
    await layer.group_discard(group, channel)
    receiving = asyncio.ensure_future(layer.receive(channel))
    await asyncio.sleep(0)  # it waits on the channel's queue now
    receiving.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await receiving


async def next_message(layer, channel: str, resumed: list[dict] | None = None) -> dict:
    """The channel's next message other than the layer's own `layer.resumed` notices (kept in
    `resumed` when given)."""
    while True:
        message = await asyncio.wait_for(layer.receive(channel), WAIT)
        if message["type"] != RESUMED:
            return message
        if resumed is not None:
            resumed.append(message)


async def listening_to_nothing(layer) -> None:
    """Until the layer's subscriber has had every unsubscribe confirmed."""
    subscriber = layer._get_layer()._shards[0]._pubsub
    for _ in range(int(WAIT / 0.05)):
        if not subscriber.subscribed:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"still subscribed after {WAIT} s: {subscriber.channels}")


@pytest.mark.parametrize("hold", [True, False], ids=["a-channel-held", "nothing-subscribed"])
async def test_after_each_restart_the_first_message_reaches_new_and_held_subscribers(own_redis, hold, caplog):
    caplog.set_level(logging.WARNING)
    layer = site_layer(own_redis.url)
    held = await layer.new_channel()
    await layer.group_add("held", held)
    if not hold:
        await leave(layer, "held", held)
    resumed_held: list[dict] = []
    for turn in range(RESTARTS):
        if not hold:  # the process, and Redis, listen to nothing when it stops
            await listening_to_nothing(layer)
            await asyncio.to_thread(wait_for, own_redis.listens_to_nothing, "unsubscribed")
        # In threads: the event loop runs on while Redis is down, as a server's does.
        await asyncio.to_thread(own_redis.stop)
        await asyncio.to_thread(own_redis.start)

        fresh = await layer.new_channel()
        await layer.group_add("fresh", fresh)
        await layer.group_send("fresh", {"type": "x", "turn": turn})
        assert (await next_message(layer, fresh))["turn"] == turn
        if hold:
            await layer.group_send("held", {"type": "x", "turn": turn})
            # The held channel was told the layer is back (issue 28: its socket catches up then).
            assert (await next_message(layer, held, resumed=resumed_held))["turn"] == turn
            assert resumed_held, f"turn {turn}: the held channel was not told the layer is back"
            resumed_held.clear()
        await leave(layer, "fresh", fresh)
    await layer._get_layer().flush()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_the_shard_still_has_the_parts_the_subclass_uses():
    shard = RedisSingleShardConnection({"address": UNREACHABLE}, None)
    assert shard.host == {"address": UNREACHABLE}, WHAT_TO_DO
    assert isinstance(shard._lock, asyncio.Lock), WHAT_TO_DO
    assert shard._subscribed_to == set(), WHAT_TO_DO
    assert shard._redis is None and shard._pubsub is None and shard._receive_task is None, WHAT_TO_DO
    for name in ("_ensure_redis", "_ensure_receiver", "_receive_message", "_do_receiving"):
        assert callable(getattr(shard, name, None)), WHAT_TO_DO
    for name in ("subscribe", "unsubscribe", "publish", "flush"):
        assert inspect.iscoroutinefunction(getattr(shard, name, None)), WHAT_TO_DO


async def test_the_receive_task_the_shard_starts_is_the_subclass_one(monkeypatch):
    ran = asyncio.Event()

    async def receiving(self) -> None:
        ran.set()

    monkeypatch.setattr(SubscriberShard, "_do_receiving", receiving)
    shard = SubscriberShard({"address": UNREACHABLE}, None)
    shard._ensure_receiver()
    await asyncio.wait_for(ran.wait(), WAIT)
    assert shard._receive_task is not None, WHAT_TO_DO


async def test_each_loop_layer_gets_subscriber_shards_and_the_connection_settings():
    layer = site_layer(UNREACHABLE)
    loop_layer = layer._get_layer()
    assert [type(shard) for shard in loop_layer._shards] == [SubscriberShard], WHAT_TO_DO
    assert layer._get_layer() is loop_layer, WHAT_TO_DO
    shard = loop_layer._shards[0]
    shard._ensure_redis()
    assert isinstance(shard._pubsub, PubSub), WHAT_TO_DO
    assert shard._pubsub.connection is None and not shard._pubsub.subscribed, WHAT_TO_DO
    connection = shard._redis.connection_pool.make_connection()
    assert isinstance(connection.retry, Retry) and connection.retry.get_retries() == 1, WHAT_TO_DO
    assert connection.socket_timeout is None and connection.socket_connect_timeout == CONNECT_SECONDS, (
        WHAT_TO_DO
    )
    await loop_layer.flush()


async def test_redis_py_still_reads_and_reports_connections_as_the_subclass_expects():
    read = inspect.signature(AbstractConnection.read_response).parameters
    assert {"timeout", "disconnect_on_error", "push_request"} <= set(read), WHAT_TO_DO
    assert "ignore_subscribe_messages" in inspect.signature(PubSub.handle_message).parameters, WHAT_TO_DO
    assert inspect.iscoroutinefunction(PubSub.connect), WHAT_TO_DO
    connection = Connection()
    assert connection._reader is None and not connection.is_connected and not alive(connection), WHAT_TO_DO
    reader = asyncio.StreamReader()
    connection._reader, connection._writer = reader, object()
    assert connection.is_connected and alive(connection), WHAT_TO_DO
    reader.feed_eof()  # the server closed its end, and nothing has read since
    assert connection.is_connected and not alive(connection), WHAT_TO_DO
    connection._reader = connection._writer = None  # nothing to close


async def test_a_channel_made_while_redis_is_down_leaves_no_queue_behind(own_redis):
    """Issue 28: a socket opened during an outage is closed 4500; its channel must not stay in the
    process's layer, handed every `layer.resumed` for as long as the process runs."""
    layer = site_layer(own_redis.url)
    held = await layer.new_channel()
    await asyncio.to_thread(own_redis.stop)
    with pytest.raises(DOWN_ERRORS):
        await layer.new_channel()
    assert set(layer._get_layer().channels) == {held}
    await asyncio.to_thread(own_redis.start)
    again = await layer.new_channel()
    assert set(layer._get_layer().channels) == {held, again}
    await layer._get_layer().flush()


async def test_a_batch_of_group_sends_leaves_in_one_pipeline_and_arrives_in_order(own_redis, monkeypatch):
    """The outbox hands the layer everything it has queued at once: one PUBLISH after another in
    one round trip, each group's messages in the order given, to every process listening."""
    sender, listener = site_layer(own_redis.url), site_layer(own_redis.url)  # two server processes
    mine, theirs = await sender.new_channel(), await listener.new_channel()
    await sender.group_add("seat.a", mine)
    await listener.group_add("seat.b", theirs)
    pipelines = []
    real = SubscriberShard.publish_all

    async def counted(self, published):
        pipelines.append([channel for channel, _ in published])
        await real(self, published)

    async def one_by_one(self, channel, message):
        raise AssertionError("a batch is not published one message at a time")

    monkeypatch.setattr(SubscriberShard, "publish_all", counted)
    monkeypatch.setattr(SubscriberShard, "publish", one_by_one)
    sends = [(group, {"type": "x", "n": n}) for n in range(1, 4) for group in ("seat.a", "seat.b")]
    await sender.group_send_all(sends)
    assert len(pipelines) == 1 and len(pipelines[0]) == 6
    assert [(await next_message(sender, mine))["n"] for _ in range(3)] == [1, 2, 3]
    assert [(await next_message(listener, theirs))["n"] for _ in range(3)] == [1, 2, 3]
    await sender._get_layer().flush()
    await listener._get_layer().flush()


async def test_a_batch_after_a_restart_goes_out_on_a_new_connection(own_redis):
    """The pooled connection died with Redis: the pipeline is sent once more on a new one, as a
    single PUBLISH is (redis_channel_layer's retry), so the first batch after a restart arrives."""
    layer = site_layer(own_redis.url)
    channel = await layer.new_channel()
    await layer.group_add("seat.a", channel)
    await layer.group_send_all([("seat.a", {"type": "x", "n": 1})])
    assert (await next_message(layer, channel))["n"] == 1
    await asyncio.to_thread(own_redis.stop)
    await asyncio.to_thread(own_redis.start)
    await layer.group_send_all([("seat.b", {"type": "x", "n": 2})])  # nobody listens: no error either
    resumed: list[dict] = []
    # One receive, never cancelled (a cancelled receive unsubscribes its channel); the subscriber
    # connection comes back by itself a moment later, so publish until the message gets through.
    arriving = asyncio.ensure_future(next_message(layer, channel, resumed=resumed))
    end = asyncio.get_running_loop().time() + WAIT
    while not arriving.done():
        assert asyncio.get_running_loop().time() < end, "the batch never arrived after the restart"
        await layer.group_send_all([("seat.a", {"type": "x", "n": 3})])
        await asyncio.wait([arriving], timeout=0.2)
    got = arriving.result()
    assert got["n"] == 3
    await layer._get_layer().flush()


async def test_a_count_on_the_layer_counts_up_and_expires(own_redis):
    layer = site_layer(own_redis.url)
    assert layer.serves(own_redis.url) and not layer.serves(UNREACHABLE)
    assert [await layer.count("jag:1:k", 3) for _ in range(3)] == [1, 2, 3]
    ttl = int((await asyncio.to_thread(own_redis.cli, "ttl", "jag:1:k")).stdout)
    assert 0 < ttl <= 3
    await layer._get_layer().flush()
