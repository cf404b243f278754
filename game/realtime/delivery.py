"""What reaches a socket, and in what order: relayed group messages, held back behind a snapshot,
each seat update sent once and only upwards, and the catch-ups that resync a client
(docs/realtime.md, rules 2-4). Every socket holds one `Delivery` (game/sockets/base.py makes it).

With the in-process channel layer (game/realtime/layers.py) the layer hands a socket its messages
at once, through `take`, instead of through a queue and the consumer's receive loop. A handed-over
message is handled right away, even while the socket waits on the database for a move (a relayed
update goes out then, and `send_update` keeps each version to one send), except while the socket
is sending a snapshot: see `holding`. With Redis, messages come through Channels' receive loop to
the same `relay`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, Protocol

from channels.exceptions import ChannelFull, StopConsumer
from django.conf import settings

from game.realtime import outbox


class Outlet(Protocol):
    """The socket a delivery sends through (a Channels consumer)."""

    channel_layer: Any
    channel_name: str
    # Set once the server closes the socket: messages still on their way to it are not sent.
    closed: bool

    async def send(self, text_data: str | None = None) -> None: ...

    async def dispatch(self, message: dict) -> None: ...


class Delivery:
    """One socket's delivery: what it has sent, what it holds back, and when it may resync."""

    def __init__(self, socket: Outlet) -> None:
        self.socket = socket
        # The newest seat update this socket has sent: versions only grow within a table's game.
        self.update_sent = -1
        # Handed-over messages kept in order while a snapshot is sent; None when not holding.
        self.held_back: deque[dict] | None = None
        # When this socket's last hello was answered, and when a stale move last brought a
        # catch-up (monotonic seconds): one of each per WS_HELLO_SECONDS.
        self.hello_at = float("-inf")
        self.stale_catchup_at = float("-inf")

    def start_handing_over(self) -> None:
        """Ask the in-process layer to hand this socket its messages (Redis has no such thing)."""
        hand_over = getattr(self.socket.channel_layer, "hand_over", None)
        if hand_over is not None:
            hand_over(self.socket.channel_name, self)

    def stop_handing_over(self) -> None:
        stop = getattr(self.socket.channel_layer, "stop_handing_over", None)
        if stop is not None:
            stop(self.socket.channel_name)

    async def take(self, message: dict) -> None:
        """A message the channel layer hands over: handled now, or kept in order while holding."""
        if self.held_back is None:
            await self._handle_handed_over(message)
        elif len(self.held_back) >= self.socket.channel_layer.get_capacity(self.socket.channel_name):
            raise ChannelFull(self.socket.channel_name)  # as a full queue would: this message is missed
        else:
            self.held_back.append(message)

    async def _handle_handed_over(self, message: dict) -> None:
        # A failure closes the socket with 4500 (see its dispatch). On its own receive loop it would
        # end the consumer; here it must not stop the sender reaching the group's other sockets.
        with suppress(StopConsumer):
            await self.socket.dispatch(message)

    @asynccontextmanager
    async def holding(self) -> AsyncIterator[None]:
        """While the socket reads a snapshot from the database and sends it (a welcome, a catch-up),
        a relayed update newer than the snapshot must not overtake it: handed-over messages wait, in
        order, and go out after it (those the snapshot already covers are skipped then). The socket
        joins its groups before the read, so an update committed after the read is among them."""
        assert self.held_back is None, "snapshots do not nest"
        self.held_back = deque()
        try:
            yield
        finally:
            # Also when the snapshot failed: what was held still goes out, in order.
            try:
                while self.held_back:
                    await self._handle_handed_over(self.held_back.popleft())
            finally:
                self.held_back = None

    async def relay(self, event: dict) -> None:
        """A group message built by a service after commit, already encoded: sent on as it is,
        unless it is a seat update this socket already sent itself (the mover's own update).
        ("message" is the unencoded form older server processes send during a rolling deploy.)"""
        if self.socket.closed:  # with Redis, what was queued for it before it left its groups
            return
        text = event["text"] if "text" in event else outbox.to_text(event["message"])
        await self.send_update(event.get("update"), text)

    async def send_update(self, version: int | None, text: str) -> bool:
        """Send one encoded message; a seat update only if it is newer than the last one sent."""
        if version is not None:
            if version <= self.update_sent:
                return False
            self.update_sent = version
        await self.socket.send(text_data=text)
        return True

    async def send_json(self, content: dict) -> None:
        await self.socket.send(text_data=outbox.to_text(content))

    def welcomed(self, snapshot: dict) -> None:
        """A welcome or catch-up holds the seat's view at its version: older updates add nothing."""
        if snapshot.get("view") is not None:
            self.update_sent = max(self.update_sent, snapshot["version"])

    def start_again(self) -> None:
        """The socket shows another table now (a screen Play again moved): its versions start again."""
        self.update_sent = -1

    @property
    def version_sent(self) -> int:
        """The version of the newest view this socket sent, 0 before any."""
        return max(self.update_sent, 0)

    async def catch_up(
        self,
        last: int,
        read: Callable[[int], Awaitable[dict | None]],
        gone: Callable[[], Awaitable[None]],
    ) -> None:
        """Send a catch-up of everything since version `last` (`read` from the database), held like
        every snapshot; if `read` finds that what this socket shows is no longer its own, `gone`
        closes it, still holding (what was held back then goes nowhere)."""
        if self.update_sent >= 0:
            # Never past what this socket has sent: after a refused move the version named came
            # from the database, and updates up to it may still be on their way here.
            last = min(last, self.update_sent)
        async with self.holding():
            catchup = await read(last)
            if catchup is None:
                await gone()
                return
            await self.send_json(catchup)
            self.welcomed(catchup)

    def hello_wait(self) -> float:
        """Seconds until this socket may have its next hello answered; <= 0: now."""
        return self.hello_at + settings.WS_HELLO_SECONDS - time.monotonic()

    def hello_answered(self) -> None:
        self.hello_at = time.monotonic()

    def may_catch_up_after_stale_move(self) -> bool:
        """Whether a stale move may bring a catch-up now: one per WS_HELLO_SECONDS, on a window of
        its own, so a stale move right after a hello still gets one (its updates may have been
        lost) but a run of them cannot stand in for hellos."""
        now = time.monotonic()
        if self.stale_catchup_at + settings.WS_HELLO_SECONDS > now:
            return False
        self.stale_catchup_at = now
        return True
