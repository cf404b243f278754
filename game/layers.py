"""The embedded default's channel layer: Channels' in-memory layer, swept for expired messages less often.

Upstream sweeps every channel and every group for expired messages on every send and every receive,
which costs time in proportion to the number of open sockets on each message: a fifth of the event
loop at 200 tables. Here the sweep runs at most once a second, so a message may outlive its expiry
by up to a second; nothing else changes. Group sends go to each member in turn, without a task each:
an in-memory send never waits.
"""

from __future__ import annotations

import contextlib
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer


class SweptInMemoryChannelLayer(InMemoryChannelLayer):
    sweep_interval = 1.0

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._next_sweep = 0.0

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
