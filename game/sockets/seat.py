"""What every seat's socket shares (a member's and an agent's): parsing, moves, catch-up, errors."""

from __future__ import annotations

import logging
import time
from functools import cached_property
from typing import Any

from django.conf import settings

from game import services
from game.devices import device_from_scope
from game.protocol import client
from game.protocol.messages import ack_message, error_message, pong_message
from game.protocol.types import ClientType
from game.realtime import faults, frames
from game.realtime.database import database_call
from game.services import authority, snapshots
from game.sockets.base import ServerSocket
from game.sockets.closing import REFUSAL_CLOSES, Close
from justalllowgod.refusals import Code, Refusal

log = logging.getLogger(__name__)


class SeatSocket(ServerSocket):
    """What every seat's socket shares: parsing, moves, catch-up, errors. Frames were measured and
    counted on arrival (game/sockets/doors.py) before they reach it."""

    table_id: int | None = None
    # The group that carries this socket's own seat's view, once it is seated.
    seat_group: str | None = None
    # Who is sitting, as the services take it: {"user": member} or {"agent": agent}.
    who: dict[str, Any]
    # What the services check at every act: the member's session, or the agent's token.
    credentials: dict[str, Any]
    # When this socket's last hello was answered (monotonic seconds).
    hello_at = float("-inf")
    # When a stale move last brought a catch-up (monotonic seconds).
    stale_catchup_at = float("-inf")
    # What a client may send only once it sits at a table (an agent's socket joins one first).
    needs_table: frozenset[ClientType] = frozenset()

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
            "a %s could not be served: %s: %s", self.scope.get("path", ""), type(error).__name__, error
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

    @cached_property
    def device_id(self) -> str:
        """The browser's signed device id, checked once per socket rather than on every move."""
        return device_from_scope(self.scope)

    async def on_move(self, message: client.Move) -> str:
        try:
            played = await database_call(services.play_move)(
                table_id=self.table_id,
                **self.credentials,
                move_id=message.id,
                version=message.version,
                move=message.move,
                device_id=self.device_id,
            )
        except Refusal as error:
            await self.refused(error, ref=message.id)
            if error.code == Code.STALE_VERSION and self.may_catch_up():
                # From what this socket was sent, never from the version the client named (a
                # made-up -5 would be a full catch-up), one per hello window: a stale move sooner
                # gets only its error and version, and the layer's updates.
                await self.catch_up(max(self.update_sent, 0))
            return error.code
        # The mover's own update first, from the messages the move returned (the seat's other
        # sockets get it through the layer, and this one skips that copy by its version), then
        # the ack with the version as play_move left it: no second trip to the database.
        # A socket whose earlier updates are still queued (an agent that moved on a version it
        # learned from a pong) gets them all through the layer, in order, instead.
        for sent in played.messages:
            # Only if it follows what this socket already sent; otherwise the relays, in order.
            if sent.group == self.seat_group and sent.update == self.update_sent + 1:
                await self.send_update(sent.update, sent.text)
        await self.send_json(ack_message(message.id, played.game.version))
        return "ok"

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

    def may_catch_up(self) -> bool:
        """Whether a stale move may bring a catch-up now: one per WS_HELLO_SECONDS, on a window of
        its own, so a stale move right after a hello still gets one (its updates may have been
        lost) but a run of them cannot stand in for hellos."""
        now = time.monotonic()
        if self.stale_catchup_at + settings.WS_HELLO_SECONDS > now:
            return False
        self.stale_catchup_at = now
        return True

    async def catch_up(self, last: int) -> None:
        """Send a catch-up of everything since version `last`, or close 4403 if the seat is no
        longer this member's or agent's (services.snapshots.catchup asks, as the door did)."""
        if self.update_sent >= 0:
            # Never past what this socket has sent: after a refused move the version named came
            # from the database, and updates up to it may still be on their way here.
            last = min(last, self.update_sent)
        async with self.holding():
            catchup = await database_call(snapshots.catchup)(table_id=self.table_id, since=last, **self.who)
            if catchup is None:  # JagAI took the seat and its seat_taken never came (R38)
                await self.refuse(Close.NOT_SEATED, "JagAI plays the seat now")
                return
            await self.send_json(catchup)
            self.welcomed(catchup)

    async def resume(self) -> None:
        """A seat's socket sends its client, unasked, a catch-up from the last version it sent it
        (a waiting table's from 0), so a move published while the layer was away is not missed."""
        if self.table_id is not None:
            await self.catch_up(max(self.update_sent, 0))

    async def on_ping(self, message: client.Ping) -> None:
        await self.send_json(pong_message(await self._version()))

    async def _version(self) -> int:
        return await database_call(snapshots.version)(table_id=self.table_id)

    async def seat_taken(self, event: dict) -> None:
        """JagAI took this seat (left, missed turns, R38): it closes and never sees the seat again,
        with the code of a restriction or revocation that came with it (R38), else 4403."""
        if self.closed:
            return
        code, detail = Close.NOT_SEATED, "JagAI plays the seat now"
        try:
            await database_call(authority.require_may_act)(**self.credentials)
        except Refusal as refusal:
            code, detail = REFUSAL_CLOSES.get(refusal.code, code), refusal.code
        except faults.OUTAGES:
            pass  # the seat is gone either way
        await self.refuse(code, detail)

    async def send_error(self, error: Refusal, ref: Any = None) -> str:
        payload = error_message(error.code, error.message)
        if isinstance(ref, str):
            payload["id"] = ref
        payload["version"] = await self._version() if self.table_id else 0
        await self.send_json(payload)
        return error.code
