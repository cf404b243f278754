"""What reaches a socket, and in what order: relayed group messages, held back behind a snapshot,
each seat update sent once and only upwards (docs/realtime.md, rules 2-4).

With the in-process channel layer (game/realtime/layers.py) the layer hands a socket its messages
at once, through `take`, instead of through a queue and the consumer's receive loop. A handed-over
message is handled right away, even while the socket waits on the database for a move (a relayed
update goes out then, and `send_update` keeps each version to one send), except while the socket
is sending a snapshot: see `holding`. With Redis, messages come through Channels' receive loop to
the same `relay`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

from channels.exceptions import ChannelFull, StopConsumer

from game.realtime import outbox


class Delivery:
    """Mix in before a Channels consumer: the delivery side of a socket."""

    # The newest seat update this socket has sent: versions only grow within a table's game.
    update_sent = -1
    # Handed-over messages kept in order while a snapshot is sent; None when not holding.
    held_back: deque[dict] | None = None
    # Set once the server closes the socket: messages still on their way to it are not sent.
    closed = False

    def start_handing_over(self) -> None:
        """Ask the in-process layer to hand this socket its messages (Redis has no such thing)."""
        hand_over = getattr(self.channel_layer, "hand_over", None)
        if hand_over is not None:
            hand_over(self.channel_name, self)

    def stop_handing_over(self) -> None:
        stop = getattr(self.channel_layer, "stop_handing_over", None)
        if stop is not None:
            stop(self.channel_name)

    async def take(self, message: dict) -> None:
        """A message the channel layer hands over: handled now, or kept in order while holding."""
        if self.held_back is None:
            await self._handle_handed_over(message)
        elif len(self.held_back) >= self.channel_layer.get_capacity(self.channel_name):
            raise ChannelFull(self.channel_name)  # as a full queue would: this message is missed
        else:
            self.held_back.append(message)

    async def _handle_handed_over(self, message: dict) -> None:
        # A failure closes the socket with 4500 (see dispatch). On its own receive loop it would
        # end the consumer; here it must not stop the sender reaching the group's other sockets.
        with suppress(StopConsumer):
            await self.dispatch(message)

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
        unless it is a seat update this socket already sent itself (see SeatSocket.on_move).
        ("message" is the unencoded form older server processes send during a rolling deploy.)"""
        if self.closed:  # with Redis, what was queued for it before it left its groups
            return
        text = event["text"] if "text" in event else outbox.to_text(event["message"])
        await self.send_update(event.get("update"), text)

    async def send_update(self, version: int | None, text: str) -> bool:
        """Send one encoded message; a seat update only if it is newer than the last one sent."""
        if version is not None:
            if version <= self.update_sent:
                return False
            self.update_sent = version
        await self.send(text_data=text)
        return True

    async def send_json(self, content: dict) -> None:
        await self.send(text_data=outbox.to_text(content))

    def welcomed(self, snapshot: dict) -> None:
        """A welcome or catch-up holds the seat's view at its version: older updates add nothing."""
        if snapshot.get("view") is not None:
            self.update_sent = max(self.update_sent, snapshot["version"])
