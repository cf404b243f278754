"""The channel layer with Redis (`REDIS_URL`): channels-redis's pub/sub layer, made to carry on when
Redis restarts. Settings name it by its dotted path with each Redis as plain data (`{"address": url}`,
as `redis_channel_layer` writes it); the layer adds the timeouts and the retry below to each host when
it is made, so settings import nothing of the game and need no redis package.

**Pub/sub.** A group message is published once and each process hands it to its own sockets.
channels-redis's list layer pushed a copy into every member's list with a Lua script and each
process popped them one by one: 4.2-4.4 ms of CPU per move against 1.1 ms (docs/performance.md).
What pub/sub does not do is keep a message for a process that is not listening at that moment; a
client resyncs from the version every message carries (docs/realtime.md, rule 5).

**No socket timeout, a connect timeout.** redis-py's own 5 s socket timeout would cut a quiet
connection's wait short (it once closed quiet sockets with 1011), so it is turned off; redis-py then
waits for a connect as long as the socket timeout, so connects get their own 2 s (one task at a time
connects the subscriber connection, below: one connect must not hang the others for the system's
two minutes when Redis is unreachable rather than down).

When Redis restarts, every connection a process holds dies with it. Two things then went wrong:

**Publishing: one retry on a new connection** (the `retry` setting). channels-redis builds its pool
with no retry, so each connection gets redis-py's `Retry(NoBackoff(), 0)`, and redis-py 8.1 no
longer replaces a pooled connection that the server closed before handing it out (with RESP3 its
pool skips that check while maintenance notifications are "auto": redis-py #4252). The first
PUBLISH after a restart was written to the dead socket and failed ("Connection closed by server"):
its update reached the other seats only at their next resync. With one retry, a command that meets
a dead connection is sent once more on a new one. No backoff: the error says the connection died,
not that Redis is down; while it is down the retry fails as fast as the first try (a group send
that fails is logged and counted, game/realtime/outbox.py). A PUBLISH could reach Redis twice only if the
connection died after Redis read it; a seat update names its version and goes out at most once
(game/realtime/delivery.py).

**Subscribing: one task at a time (re)connects the subscriber connection** (`SubscriberShard`).
channels-redis reads its one subscriber connection in a receive task and subscribes on it from the
sockets' tasks, and redis-py reconnects it from whichever task meets it dead. After a restart both
did at once: two coroutines reading one stream (`RuntimeError: readuntil() called while another
coroutine is already waiting`), and the first socket closed with 4500 or its updates stopped for a
second. A connection that Redis closed while nothing was subscribed even looks connected, and a
SUBSCRIBE written to it is lost without an error. Here the receive task reads the connection itself
and never lets redis-py reconnect it; a dead connection is reconnected under the shard's lock, by
the receive task between reads, or by a subscribe after stopping the receive task (as channels-redis
did before redis-py). Reconnecting subscribes again to everything the process listens to, so
sockets open through the restart get their messages again once Redis is back.

**Resumed: every socket catches up.** Pub/sub keeps nothing for a process that is not subscribed,
and a process subscribes again only when its receive task next tries (RETRY_SECONDS): a move
committed while Redis was down, or in the second after it came back, never reached that process's
sockets, and a socket heard of it only at its client's next keep-alive (issue 28: "a deaf socket").
So once the subscriber connection is back, every socket of the process is handed `layer.resumed`,
and answers it from the database: a seat's socket sends its client a catch-up from the last version
it sent, a member's socket looks at the session again (a sign-out may have been missed), the
lobby sends its list again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection
from channels_redis.utils import decode_hosts
from redis.asyncio.client import PubSub
from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry  # the asyncio one: the pool's connections await it
from redis.backoff import NoBackoff
from redis.commands.core import AsyncScript
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

BACKEND = "game.realtime.redis_layer.RedisPubSubLayer"
# How long a connect to Redis may take.
CONNECT_SECONDS = 2.0
# How long one read of the subscriber connection waits before looking at its state again.
READ_SECONDS = 0.1
# After failing to reach Redis, the receive task tries again this much later.
RETRY_SECONDS = 1.0
DOWN = (RedisConnectionError, RedisTimeoutError, OSError)
# The message each socket of a process gets when its subscriber connection is back.
RESUMED = "layer.resumed"
# A counter in one command: count, and on the first count set when it expires.
COUNT = """
local counted = redis.call('INCR', KEYS[1])
if counted == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return counted
"""


def redis_channel_layer(url: str) -> dict[str, Any]:
    """The CHANNEL_LAYERS entry for a Redis at `url`, as settings write it: plain data."""
    return {"BACKEND": BACKEND, "CONFIG": {"hosts": [{"address": url}]}}


def connection_options(host: dict[str, Any]) -> dict[str, Any]:
    """A host entry with no socket timeout, a connect timeout and one retry (the reasons are above);
    what the entry sets itself wins."""
    return {
        "socket_timeout": None,
        "socket_connect_timeout": CONNECT_SECONDS,
        "retry": Retry(NoBackoff(), 1),
        **host,
    }


def alive(connection: AbstractConnection | None) -> bool:
    """Connected, and the server has neither closed nor reset its end. (redis-py counts a socket
    the server closed while nobody read it as connected until someone reads it.)"""
    if connection is None or not connection.is_connected:
        return False
    reader = connection._reader
    return not reader.at_eof() and reader.exception() is None


class SubscriberShard(RedisSingleShardConnection):
    """channels-redis's connections to one Redis, with its subscriber connection reconnected by one
    task at a time and never while another reads it."""

    async def subscribe(self, channel: str) -> None:
        async with self._lock:
            if channel not in self._subscribed_to:
                self._ensure_redis()
                await self._subscriber_up()
                await self._pubsub.subscribe(channel)
                self._subscribed_to.add(channel)

    async def unsubscribe(self, channel: str) -> None:
        async with self._lock:
            if channel in self._subscribed_to:
                self._ensure_redis()
                await self._subscriber_up()
                await self._pubsub.unsubscribe(channel)
                self._subscribed_to.remove(channel)

    async def _subscriber_up(self) -> None:
        """Under the lock: the subscriber connection, taken from the pool the first time (nothing
        reads it before anything is subscribed), and reconnected if it has died, with the receive
        task stopped meanwhile so that nothing else reads it."""
        try:
            if self._pubsub.connection is None:
                await self._pubsub.connect()
            if not alive(self._pubsub.connection):
                await self._stop_receiving()
                await self._reconnect()
        finally:
            self._ensure_receiver()

    async def _stop_receiving(self) -> None:
        task, self._receive_task = self._receive_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _reconnect(self) -> None:
        """Connect the subscriber connection afresh: redis-py's connect callback subscribes it again
        to every channel the process listens to. Raises while Redis is down. Then every socket of
        the process is told (`layer.resumed`, see `tell_sockets`)."""
        connection = self._pubsub.connection
        await connection.disconnect()
        await connection.connect()
        log.info("the Redis subscriber connection is back")
        self.tell_sockets()

    def tell_sockets(self) -> None:
        """Hand every socket of this process a `layer.resumed` message. What was published while
        this process was not subscribed (Redis down, and up to RETRY_SECONDS after it returned) is
        lost to pub/sub; each socket catches up from the database instead, so none stays deaf
        until its client's next resync (game/sockets/)."""
        layer = self.channel_layer  # this event loop's layer; its own layer serializes
        resumed = layer.channel_layer.serialize({"type": RESUMED})
        for queue in list(layer.channels.values()):
            queue.put_nowait(resumed)

    async def publish_all(self, published: list[tuple[str, bytes]]) -> None:
        """PUBLISH each (channel, message) in order, all in one round trip (a pipeline, no
        MULTI), under the same lock as one PUBLISH: a move's updates for its seats, and whatever
        else the outbox had queued, go to Redis in one write and come back in one read. The retry
        is the same as for one PUBLISH (the pool's connections carry it): a pipeline that meets a
        dead connection is sent once more on a new one."""
        async with self._lock:
            self._ensure_redis()
            async with self._redis.pipeline(transaction=False) as pipe:
                for channel, message in published:
                    pipe.publish(channel, message)
                await pipe.execute()

    _count_script: AsyncScript | None = None

    async def count(self, key: str, seconds: int) -> int:
        """INCR `key`, which expires `seconds` after its first count; the count so far. One command
        (COUNT, run by its hash once Redis knows it; redis-py loads it again after a restart): a
        pipeline of INCR and EXPIRE cost more of the event loop in redis-py than the round trip. A
        counter shares no order with the publishes, so it does not wait for their lock."""
        self._ensure_redis()
        if self._count_script is None:
            self._count_script = self._redis.register_script(COUNT)
        return int(await self._count_script(keys=[key], args=[seconds], client=self._redis))

    async def _do_receiving(self) -> None:
        """The receive task: read the subscriber connection while something is subscribed, and
        reconnect it, under the lock, when it has died."""
        while True:
            try:
                pubsub = self._pubsub
                if pubsub is None or not pubsub.subscribed:
                    await asyncio.sleep(READ_SECONDS)
                elif not alive(pubsub.connection):
                    async with self._lock:
                        if pubsub is self._pubsub and not alive(pubsub.connection):
                            await self._reconnect()
                else:
                    await self._read(pubsub)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except DOWN as error:
                log.warning("Redis subscriber connection: %s: %s", type(error).__name__, error)
                await asyncio.sleep(RETRY_SECONDS)
            except Exception:
                log.exception("Unexpected exception in receive task")
                await asyncio.sleep(RETRY_SECONDS)

    async def _read(self, pubsub: PubSub) -> None:
        connection = pubsub.connection
        try:
            response = await connection.read_response(
                timeout=READ_SECONDS, disconnect_on_error=False, push_request=True
            )
        except DOWN:
            await connection.disconnect()  # dead: the next turn connects it again
            return
        self._receive_message(await pubsub.handle_message(response, ignore_subscribe_messages=True))


class RedisPubSubLayer(RedisPubSubChannelLayer):
    """channels-redis's pub/sub layer with `SubscriberShard`s: each event loop's layer gets them
    when it is made, before its first use. Each host gets `connection_options`."""

    def __init__(self, *args: Any, hosts: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, hosts=[connection_options(host) for host in decode_hosts(hosts)], **kwargs)

    async def new_channel(self, prefix: str = "specific.") -> str:
        """As channels-redis's, but a channel whose subscription failed (Redis down while a socket
        connects) leaves no queue behind: its socket is closed (game/sockets/doors.py), and a queue left
        over would only be handed `layer.resumed` messages nobody reads, for as long as the
        process runs."""
        layer = self._get_layer()
        channel = f"{layer.prefix}{prefix}{uuid.uuid4().hex}"
        try:
            await layer._subscribe_to_channel(channel)
        except BaseException:
            layer.channels.pop(channel, None)
            raise
        return channel

    async def group_send_all(self, sends: list[tuple[str, dict]]) -> None:
        """Each (group, message) to its group, in order, in one round trip per Redis (game/realtime/
        outbox.py hands over every send it has queued at once). Raises if Redis is down: none of
        them was sent then, or, after a retry, all of them (a seat update names its version and
        is sent at most once: game/realtime/delivery.py)."""
        layer = self._get_layer()
        by_shard: dict[SubscriberShard, list[tuple[str, bytes]]] = {}
        for group, message in sends:
            channel = layer._get_group_channel_name(group)
            by_shard.setdefault(layer._get_shard(channel), []).append((channel, self.serialize(message)))
        for shard, published in by_shard.items():
            await shard.publish_all(published)

    def serves(self, location: str) -> bool:
        """Whether this layer's Redis is the one at `location` (a cache's LOCATION): then a counter
        of that cache can be kept through `count` on this event loop instead of on a thread."""
        return [host["address"] for host in decode_hosts(self._kwargs.get("hosts"))] == [location]

    async def count(self, key: str, seconds: int) -> int:
        """A counter on this layer's Redis, from the event loop (SubscriberShard.count)."""
        layer = self._get_layer()
        return await layer._get_shard(key).count(key, seconds)

    def _get_layer(self):
        layer = super()._get_layer()
        if not isinstance(layer._shards[0], SubscriberShard):
            layer._shards = [SubscriberShard(shard.host, layer) for shard in layer._shards]
        return layer
