"""The Channels consumer every socket kind is (table.py, agent.py, screen.py, watcher.py,
lobby.py): direct dispatch, a close that is final, turning away for cause, one answer for outages
and our own bugs, and the socket's `Delivery`, which it holds. It asks a kind for nothing beyond
Channels' own connect, receive and disconnect: each kind is one class on it that says everything
it does itself."""

from __future__ import annotations

import logging

from channels.exceptions import AcceptConnection, DenyConnection, StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from game.realtime import faults
from game.realtime.delivery import Delivery
from game.realtime.dispatch import dispatch_at_once
from game.sockets.closing import Close
from game.sockets.doors import log_refusal
from game.sockets.language import language_of

log = logging.getLogger(__name__)


class ServerSocket(AsyncWebsocketConsumer):
    """Channels' consumer as all our sockets use it. What reaches a socket, and in what order, is
    its `delivery`'s (game/realtime/delivery.py)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.accepted = False
        # Set once the server closes the socket: nothing more is sent or relayed.
        self.closed = False
        self.delivery = Delivery(self)
        self._language: str | None = None

    @property
    def language(self) -> str:
        """The language this socket's words are in, chosen once (game/sockets/language.py)."""
        if self._language is None:
            self._language = language_of(self.scope, self.scope.get("user"))
        return self._language

    @property
    def live(self) -> bool:
        """Accepted and not closed: a socket its client still listens to."""
        return self.accepted and not self.closed

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

    async def accept(self, subprotocol: str | None = None, headers: list | None = None) -> None:
        self.accepted = True
        await super().accept(subprotocol, headers)

    async def refuse(self, code: Close, detail: str = "") -> None:
        """Turn a socket away for cause, with one warning line in the log."""
        log_refusal(self.scope, code, detail)
        await self.turn_away(code)

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

    async def dispatch(self, message: dict) -> None:
        """Any unexpected error closes the socket with 4500 (a code daphne lets through, unlike
        1011 from the application), after logging it once with its traceback: it is our bug. Every
        word made meanwhile (a refusal's, a service's) is in the socket's reader's language."""
        try:
            with translation.override(self.language):
                await dispatch_at_once(self, message)
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
        self.delivery.start_handing_over()
        async with self.delivery.holding():  # the welcome is a snapshot too
            await super().websocket_connect(message)

    async def websocket_disconnect(self, message: dict) -> None:
        self.delivery.stop_handing_over()
        await super().websocket_disconnect(message)

    async def relay(self, event: dict) -> None:
        """A group message for the client, from the channel layer: its delivery sends it on."""
        await self.delivery.relay(event)
