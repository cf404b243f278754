"""What every socket that shows a table shares (a seat's, a table screen's, a watcher's): parsing,
refusals, hello and catch-up, ping, and coming back after an outage of the channel layer."""

from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from typing import Any

from django.conf import settings

from game.protocol import client
from game.protocol.messages import error_message, pong_message
from game.protocol.types import ClientType
from game.realtime import faults, frames
from game.realtime.database import database_call
from game.services import snapshots
from game.sockets.base import ServerSocket
from game.sockets.closing import REFUSAL_CLOSES
from justalllowgod.lib.log_paths import loggable_path
from justalllowgod.lib.refusals import Code, Refusal

log = logging.getLogger(__name__)


class ViewerSocket(ServerSocket, ABC):
    """What every socket that shows a table shares. Frames were measured and counted on arrival
    (game/sockets/doors.py) before they reach it. Each kind says how it reads a catch-up
    (`read_catchup`) and what it does once what it showed is no longer its own (`gone`)."""

    table_id: int | None = None
    # When this socket's last hello was answered (monotonic seconds).
    hello_at = float("-inf")
    # What a client may send only once it sits at a table (an agent's socket joins one first).
    needs_table: frozenset[ClientType] = frozenset()

    @abstractmethod
    async def read_catchup(self, last: int) -> dict | None:
        """What this socket missed since version `last`, or None if it may no longer see it."""

    @abstractmethod
    async def gone(self) -> None:
        """What this socket may see is no longer its own: close it, saying why."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is not None:
            raw, message = text_data, frames.parse(text_data, self.scope)
        else:
            raw, message = frames.parse_bytes(bytes_data or b"", self.scope)
        outcome = await self._handle(raw, message)
        await self.after_message(raw, outcome)

    async def after_message(self, raw: str, outcome: str) -> None:
        """A hook for sockets that keep an audit of what they were sent."""

    async def _handle(self, raw: str, message: Any) -> str:
        """Parse one frame into its typed message and dispatch it; returns "ok" or why it was
        refused."""
        if self.closed:
            return "closed"
        if not isinstance(message, dict):
            if message is not frames.UNPARSED:
                frames.log_malformed(self.scope, "not a JSON object")
            return await self.send_error(Refusal(Code.MALFORMED_MESSAGE))
        try:
            kind = client.client_type(message)
            handler = getattr(self, f"on_{kind}", None)
            if handler is None:
                raise Refusal(Code.UNKNOWN_TYPE)
        except Refusal as error:
            return await self.send_error(error, ref=message.get("id"))
        try:
            if kind in self.needs_table and self.table_id is None:
                raise Refusal(Code.NOT_SEATED)
            return await handler(client.parse(kind, message)) or "ok"
        except Refusal as error:
            return await self.refused(error, ref=message.get("id"))
        except faults.OUTAGES as error:
            return await self.unavailable(error, ref=message.get("id"))

    async def unavailable(self, error: BaseException, ref: Any = None) -> str:
        """The database or Redis is down: a retryable error, and the socket stays open. Its
        version is the last this socket sent, since the database cannot be asked."""
        log.warning(
            "a %s could not be served: %s: %s",
            loggable_path(self.scope.get("path", "")),
            type(error).__name__,
            error,
        )
        refusal = Refusal(Code.UNAVAILABLE)
        payload = error_message(refusal.code, refusal.message, retry=True)
        if isinstance(ref, str):
            payload["id"] = ref
        payload["version"] = max(self.update_sent, 0)
        await self.send_json(payload)
        return refusal.code

    async def refused(self, error: Refusal, ref: Any = None) -> str:
        """Say why an act was refused; if whoever is here may no longer act at all, close too."""
        await self.send_error(error, ref=ref)
        close = REFUSAL_CLOSES.get(error.code)
        if close is not None:
            await self.turn_away(close)
        return error.code

    async def on_hello(self, message: client.Hello) -> str:
        """A reconnecting client names the last version it saw and gets what it missed. A catch-up
        can weigh 25 KB, so a socket gets one every WS_HELLO_SECONDS: a hello sooner is refused
        with `hello_too_soon`, its `retry_after` in seconds, and a version that cannot set off a
        resync (the last this socket was sent)."""
        wait = self.hello_wait()
        if wait > 0:
            refusal = Refusal(Code.HELLO_TOO_SOON)
            await self.send_json(
                error_message(
                    refusal.code,
                    refusal.message,
                    retry_after=round(wait, 1),
                    version=max(self.update_sent, 0),
                )
            )
            return refusal.code
        self.hello_at = time.monotonic()
        await self.catch_up(message.version)
        return "ok"

    def hello_wait(self) -> float:
        """Seconds until this socket may have its next hello answered; <= 0: now."""
        return self.hello_at + settings.WS_HELLO_SECONDS - time.monotonic()

    async def catch_up(self, last: int) -> None:
        """Send a catch-up of everything since version `last`, or close if what this socket shows
        is no longer its own (`read_catchup` asks, as the door did)."""
        if self.update_sent >= 0:
            # Never past what this socket has sent: after a refused move the version named came
            # from the database, and updates up to it may still be on their way here.
            last = min(last, self.update_sent)
        async with self.holding():
            catchup = await self.read_catchup(last)
            if catchup is None:
                await self.gone()
                return
            await self.send_json(catchup)
            self.welcomed(catchup)

    async def resume(self) -> None:
        """A socket sends its client, unasked, a catch-up from the last version it sent it (a
        waiting table's from 0), so a move published while the layer was away is not missed."""
        if self.table_id is not None:
            await self.catch_up(max(self.update_sent, 0))

    async def on_ping(self, message: client.Ping) -> None:
        await self.send_json(pong_message(await self._version()))

    async def _version(self) -> int:
        return await database_call(snapshots.version)(table_id=self.table_id)

    async def send_error(self, error: Refusal, ref: Any = None) -> str:
        payload = error_message(error.code, error.message)
        if isinstance(ref, str):
            payload["id"] = ref
        payload["version"] = await self._version() if self.table_id else 0
        await self.send_json(payload)
        return error.code
