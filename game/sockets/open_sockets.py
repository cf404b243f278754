"""The sockets open under one key (a member, an agent token, a big-screen link), shared through the
cache so a limit holds across server processes: past it, the oldest is told to give way (4409).

Best effort: two sockets opened at the same instant on two processes may both be counted once. Run
on a pool thread, never the database thread: a socket may close while it relays a message that a
service's thread is still sending.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asgiref.sync import sync_to_async
from django.conf import settings

from justalllowgod.lib.limits import limits as cache

if TYPE_CHECKING:
    from game.sockets.base import ServerSocket

MEMBER_KEY = "sockets:member:{}"
AGENT_KEY = "sockets:agent:{}"
SCREEN_KEY = "sockets:screen:{}"
KEPT_SECONDS = 24 * 3600


def _note_opened(key: str, channel: str, limit: int) -> list[str]:
    """Count a socket opened under `key`; the channels of the oldest sockets past the limit."""
    channels = [c for c in (cache.get(key) or []) if c != channel] + [channel]
    excess, channels = channels[:-limit], channels[-limit:]
    cache.set(key, channels, timeout=KEPT_SECONDS)
    return excess


def _note_closed(key: str, channel: str) -> None:
    channels = cache.get(key) or []
    if channel in channels:
        cache.set(key, [c for c in channels if c != channel], timeout=KEPT_SECONDS)


_opened = sync_to_async(_note_opened, thread_sensitive=False)
closed = sync_to_async(_note_closed, thread_sensitive=False)


async def opened(socket: ServerSocket, key: str, limit: int | None = None) -> None:
    """Count this socket under `key` (at most `limit`, else WS_MAX_SOCKETS_PER_MEMBER open); each
    older socket past the limit is told to give way."""
    for oldest in await _opened(key, socket.channel_name, limit or settings.WS_MAX_SOCKETS_PER_MEMBER):
        await socket.channel_layer.send(oldest, {"type": "socket.replaced"})
