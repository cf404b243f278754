"""What all our sockets share as doors: direct dispatch, a close that is final, turning away for
cause, and one answer for our own bugs."""

from __future__ import annotations

import logging

from channels.exceptions import AcceptConnection, DenyConnection, StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer

from game.realtime import faults
from game.realtime.delivery import Delivery
from game.realtime.dispatch import DirectDispatch
from game.sockets.closing import Close
from game.sockets.doors import log_refusal

log = logging.getLogger(__name__)


class ServerSocket(Delivery, DirectDispatch, AsyncWebsocketConsumer):
    """What all our sockets share as doors: direct dispatch, a close that is final, turning away
    for cause, and one answer for our own bugs. What reaches them, and in what order, is
    game/realtime/delivery.py's."""

    accepted = False

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        self.closed = True
        await super().close(code=int(code) if isinstance(code, Close) else code, reason=reason)

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Nothing more goes out once the server has closed the socket (a reply still being
        worked on when it closed would only meet a closed protocol)."""
        if not self.closed:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    async def refuse(self, code: Close, detail: str = "") -> None:
        """Turn a socket away for cause, with one warning line in the log."""
        log_refusal(self.scope, code, detail)
        await self.turn_away(code)

    async def dispatch(self, message: dict) -> None:
        """Any unexpected error closes the socket with 4500 (a code daphne lets through, unlike
        1011 from the application), after logging it once with its traceback: it is our bug."""
        try:
            await super().dispatch(message)
        except (StopConsumer, AcceptConnection, DenyConnection):
            raise
        except faults.OUTAGES as error:
            # Not our bug: one warning line, and a close the client may retry after.
            log.warning(
                "a %s message met an outage (%s: %s); closing the socket with 4500",
                message.get("type"),
                type(error).__name__,
                error,
            )
            if not self.closed:
                await self.turn_away(Close.SERVER_ERROR)
            raise StopConsumer from None
        except Exception:
            log.exception("a %s message failed; closing the socket with 4500", message.get("type"))
            if not self.closed:
                await self.turn_away(Close.SERVER_ERROR)
            raise StopConsumer from None

    async def websocket_connect(self, message: dict) -> None:
        self.start_handing_over()
        async with self.holding():  # the welcome is a snapshot too
            await super().websocket_connect(message)

    async def websocket_disconnect(self, message: dict) -> None:
        self.stop_handing_over()
        await super().websocket_disconnect(message)

    async def layer_resumed(self, message: dict) -> None:
        """The channel layer is back after an outage: what it carried meanwhile may be lost
        (game/realtime/redis_layer.py). Each socket says how it makes that good."""
        if not self.closed and self.accepted:
            await self.resume()

    async def resume(self) -> None:
        """What a socket sends again after an outage of the channel layer."""

    async def accept(self, subprotocol: str | None = None, headers: list | None = None) -> None:
        self.accepted = True
        await super().accept(subprotocol, headers)

    async def turn_away(self, code: Close) -> None:
        """Close a socket that may not stay: it leaves its groups now, not when the close is
        answered (and, closed, it relays nothing held or queued for it). A handshake refused before
        accept() reaches a browser only as 1006, so a socket not yet accepted is accepted first and
        the client reads the code."""
        try:
            await self.disconnect(int(code))
        except faults.OUTAGES as error:  # Redis is down: its groups go with it, or expire
            log.warning("leaving groups failed (%s: %s)", type(error).__name__, error)
        if self.closed:
            return
        if not self.accepted:
            await self.accept()
        await self.close(code=code)
