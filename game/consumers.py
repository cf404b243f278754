"""WebSocket consumers: thin doors that check who is knocking and hand work to the services."""

from __future__ import annotations

import logging
import time
from functools import cached_property
from typing import Any

from channels.exceptions import AcceptConnection, DenyConnection, StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from game import services
from game.broadcast import LOBBY_GROUP, member_group, table_group
from game.closing import REFUSAL_CLOSES, Close
from game.devices import device_from_scope
from game.doors import log_refusal
from game.errors import GameError
from game.member_door import MemberDoor
from game.realtime import faults, frames, outbox, snapshots
from game.realtime.database import database_call
from game.realtime.delivery import Delivery
from game.realtime.dispatch import DirectDispatch
from game.services import access, authority
from justalllowgod.addresses import scope_address

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


class LobbyConsumer(MemberDoor, ServerSocket):
    """The start screen's live list of open public tables, for signed-in members."""

    async def connect(self) -> None:
        if not await self.admit_member():
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        tables = await database_call(snapshots.lobby)()
        await self.send_json({"type": "lobby", "version": 0, "tables": tables})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        await self.leave_member_groups()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The lobby only listens."""

    async def resume(self) -> None:
        await self.account_check({"type": "account.check"})
        if not self.closed:
            tables = await database_call(snapshots.lobby)()
            await self.send_json({"type": "lobby", "version": 0, "tables": tables})


class SeatSocket(ServerSocket):
    """What every seat's socket shares: parsing, moves, catch-up, errors. Frames were measured and
    counted on arrival (game/doors.py) before they reach it."""

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
        """Dispatch one parsed frame; returns "ok" or why it was refused."""
        if self.closed:
            return "closed"
        if not isinstance(message, dict):
            if message is not frames.UNPARSED:
                frames.log_malformed(self.scope, "not a JSON object")
            return await self.send_error(GameError("malformed_message"))
        kind = message.get("type")
        handler = getattr(self, f"on_{kind}", None) if isinstance(kind, str) and kind.isidentifier() else None
        if handler is None:
            return await self.send_error(GameError("unknown_type"), ref=message.get("id"))
        try:
            return await handler(message) or "ok"
        except GameError as error:
            return await self.refused(error, ref=message.get("id"))
        except faults.OUTAGES as error:
            return await self.unavailable(error, ref=message.get("id"))

    async def unavailable(self, error: BaseException, ref: Any = None) -> str:
        """The database or Redis is down: a retryable error, and the socket stays open. Its
        version is the last this socket sent, since the database cannot be asked."""
        log.warning(
            "a %s could not be served: %s: %s", self.scope.get("path", ""), type(error).__name__, error
        )
        refusal = GameError(faults.UNAVAILABLE)
        payload: dict[str, Any] = {"type": "error", "code": refusal.code, "message": refusal.message}
        payload["retry"] = True
        if isinstance(ref, str):
            payload["id"] = ref
        payload["version"] = max(self.update_sent, 0)
        await self.send_json(payload)
        return refusal.code

    async def refused(self, error: GameError, ref: Any = None) -> str:
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

    async def on_move(self, message: dict) -> str:
        move_id, version, move = message.get("id"), message.get("version"), message.get("move")
        if not isinstance(move_id, str) or not 0 < len(move_id) <= 64 or type(version) is not int:
            raise GameError("malformed_message")
        try:
            (game, _applied), own = await database_call(
                outbox.for_socket(services.play_move, self.seat_group)
            )(
                table_id=self.table_id,
                **self.credentials,
                move_id=move_id,
                version=version,
                move=move,
                device_id=self.device_id,
            )
        except GameError as error:
            await self.refused(error, ref=move_id)
            if error.code == "stale_version" and self.may_catch_up():
                # From what this socket was sent, never from the version the client named (a
                # made-up -5 would be a full catch-up), one per hello window: a stale move sooner
                # gets only its error and version, and the layer's updates.
                await self.catch_up(max(self.update_sent, 0))
            return error.code
        # The mover's own update first (the seat's other sockets get it through the layer), then
        # the ack with the version as play_move left it: no second trip to the database.
        # A socket whose earlier updates are still queued (an agent that moved on a version it
        # learned from a pong) gets them all through the layer, in order, instead.
        for update_version, text in own:
            # Only if it follows what this socket already sent; otherwise the relays, in order.
            if update_version == self.update_sent + 1:
                await self.send_update(update_version, text)
        await self.send_json({"type": "ack", "id": move_id, "version": game.version})
        return "ok"

    async def on_hello(self, message: dict) -> str:
        """A reconnecting client names the last version it saw and gets what it missed. A catch-up
        can weigh 25 KB, so a socket gets one every WS_HELLO_SECONDS: a hello sooner is refused
        with `hello_too_soon`, its `retry_after` in seconds, and a version that cannot set off a
        resync (the last this socket was sent)."""
        last = message.get("version")
        if type(last) is not int:
            raise GameError("malformed_message")
        wait = self.hello_wait()
        if wait > 0:
            refusal = GameError("hello_too_soon")
            await self.send_json(
                {
                    "type": "error",
                    "code": refusal.code,
                    "message": refusal.message,
                    "retry_after": round(wait, 1),
                    "version": max(self.update_sent, 0),
                }
            )
            return refusal.code
        self.hello_at = time.monotonic()
        await self.catch_up(last)
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
        longer this member's or agent's (snapshots.catchup asks, as the door did)."""
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

    async def on_ping(self, message: dict) -> None:
        await self.send_json({"type": "pong", "version": await self._version()})

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
        except GameError as refusal:
            code, detail = REFUSAL_CLOSES.get(refusal.code, code), refusal.code
        except faults.OUTAGES:
            pass  # the seat is gone either way
        await self.refuse(code, detail)

    async def send_error(self, error: GameError, ref: Any = None) -> str:
        payload: dict[str, Any] = {"type": "error", "code": error.code, "message": error.message}
        if isinstance(ref, str):
            payload["id"] = ref
        payload["version"] = await self._version() if self.table_id else 0
        await self.send_json(payload)
        return error.code


class TableConsumer(MemberDoor, SeatSocket):
    """One member's socket at one table: their seat's view in, their moves out."""

    async def connect(self) -> None:
        if not await self.admit_member():
            return
        user = self.scope["user"]
        code = self.scope["url_route"]["kwargs"]["code"]
        try:
            table_id, seated = await database_call(access.table_for_socket)(
                code=code, user=user, ip=scope_address(self.scope)
            )
        except GameError as error:  # too many wrong codes
            await self.refuse(REFUSAL_CLOSES.get(error.code, Close.TOO_MANY), error.code)
            return
        if table_id is None:
            await self.refuse(Close.NOT_FOUND, f"no table {code[:8]!r}")
            return
        if not seated:
            await self.refuse(Close.NOT_SEATED)
            return
        self.table_id, self.seat_group = table_id, member_group(table_id, user.pk)
        self.who = {"user": user}
        self.credentials = {"user": user, "session_key": self.session_key}
        # In the groups before the welcome is read (websocket_connect holds what arrives meanwhile).
        await self.channel_layer.group_add(table_group(self.table_id), self.channel_name)
        await self.channel_layer.group_add(self.seat_group, self.channel_name)
        welcome = await database_call(snapshots.welcome)(table_id=table_id, user=user)
        if welcome is None:  # left, or JagAI took the seat, since the door's check
            await self.refuse(Close.NOT_SEATED, "no longer seated")
            return
        del welcome["table_id"]
        await self.accept()
        await self.send_json(welcome)
        self.welcomed(welcome)

    async def disconnect(self, code: int) -> None:
        if self.table_id is not None:
            await self.channel_layer.group_discard(table_group(self.table_id), self.channel_name)
            await self.channel_layer.group_discard(self.seat_group, self.channel_name)
        await self.leave_member_groups()

    async def resume(self) -> None:
        # The session first: a sign-out or a restriction that the outage kept from this socket.
        await self.account_check({"type": "account.check"})
        if not self.closed:
            await super().resume()

    async def on_react(self, message: dict) -> None:
        reaction = message.get("reaction")
        if not isinstance(reaction, str):
            raise GameError("bad_reaction")
        await database_call(services.react)(table_id=self.table_id, reaction=reaction, **self.credentials)
