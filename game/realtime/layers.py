"""The embedded default's channel layer: Channels' in-memory layer, with messages handed straight to
the sockets of this process, and swept for expired messages less often.

**Handed over.** Upstream puts each message in its channel's queue, where the consumer's receive
loop picks it up: a task for every message and three turns of the event loop before the handler
runs (about 0.8 ms per relayed update at 200 tables). A socket whose delivery registers with
`hand_over` instead gets each message for its channel at once, through the delivery's `take`, in
the order they are sent: it handles the message then, or keeps it in order while it is sending a
snapshot (game/realtime/delivery.py). The message is not copied; receivers must not change it. A receiver's
handler runs on the sender's task, so it must not wait on the database thread (a service sending
from that thread would then wait for it in turn); ours (`relay`, `revoked`) only send. Order
between a socket's own sends and handed-over ones holds because daphne's send never waits.

**Swept less often.** Upstream sweeps every channel and every group for expired messages on every
receive and every group send, which costs time in proportion to the number of open sockets on each
message: a fifth of the event loop at 200 tables. Here the sweep runs at most once a second, so a
message may outlive its expiry by up to a second.

Group sends go to each member in turn, without a task each: an in-memory send never waits.
"""

from __future__ import annotations

import contextlib
import time
from typing import Protocol
from weakref import WeakValueDictionary

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer


class Receiver(Protocol):
    async def take(self, message: dict) -> None: ...


class SweptInMemoryChannelLayer(InMemoryChannelLayer):
    sweep_interval = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._next_sweep = 0.0
        # Weak: a socket whose task ended without saying goodbye does not stay here.
        self.receivers: WeakValueDictionary[str, Receiver] = WeakValueDictionary()

    def hand_over(self, channel: str, receiver: Receiver) -> None:
        """From now on, give this channel's messages to `receiver.take` instead of its queue."""
        self.require_valid_channel_name(channel)
        self.receivers[channel] = receiver

    def stop_handing_over(self, channel: str) -> None:
        self.receivers.pop(channel, None)

    async def send(self, channel: str, message: dict) -> None:
        receiver = self.receivers.get(channel)
        if receiver is None:
            await super().send(channel, message)
            return
        assert isinstance(message, dict), "message is not a dict"
        await receiver.take(message)

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.sweep_interval
        super()._clean_expired()

    async def group_send(self, group: str, message: dict) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            # As upstream: a full channel misses this message; the others still get it.
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)
