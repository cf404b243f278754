"""A member's socket at a table (/ws/table/<CODE>/): their seat's view in, their moves and reactions
out. One owner: its state in `TableState`, one `match` over what the client sends, its delivery
and its session watch held, not inherited."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings

from game import services
from game.protocol.client import ClientMessage, Hello, Malformed, Move, Ping, React
from game.protocol.types import ClientType
from game.realtime import faults, frames
from game.realtime.database import database_call
from game.realtime.groups import member_group, table_group
from game.services import access, seen, snapshots
from game.sockets import answers, seats
from game.sockets.closing import REFUSAL_CLOSES, Close
from game.sockets.session_watch import MemberSocket, SessionWatch
from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.refusals import Code, Refusal

# What a member's table socket takes from its client; anything else is `unknown_type`.
TAKES = frozenset({ClientType.HELLO, ClientType.MOVE, ClientType.PING, ClientType.REACT})


@dataclass
class TableState:
    """One member's socket at one table (its seat, once let in)."""

    table_id: int | None = None
    seat_group: str | None = None
    who: dict[str, Any] = field(default_factory=dict)
    credentials: dict[str, Any] = field(default_factory=dict)
    device_id: str | None = None
    # Keeps this socket's presence fresh while it is open (game/realtime/presence.py), and the
    # refresh under way, if any, which a closing socket lets land before it notes its leaving.
    keeping_present: asyncio.Task | None = None
    refreshing: asyncio.Future | None = None


class TableConsumer(MemberSocket):
    """One member's socket at one table: their seat's view in, their moves out."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.state = TableState()
        self.session = SessionWatch(self)

    async def connect(self) -> None:
        if not await self.session.admit():
            return
        user, state = self.scope["user"], self.state
        code = self.scope["url_route"]["kwargs"]["code"]
        try:
            table_id, seated = await database_call(access.table_for_socket)(
                code=code, user=user, ip=scope_address(self.scope)
            )
        except Refusal as error:  # too many wrong codes
            await self.refuse(REFUSAL_CLOSES.get(error.code, Close.TOO_MANY), error.code)
            return
        if table_id is None:
            await self.refuse(Close.NOT_FOUND, f"no table {code[:8]!r}")
            return
        if not seated:
            await self.refuse(Close.NOT_SEATED)
            return
        state.table_id, state.seat_group = table_id, member_group(table_id, user.pk)
        state.who = {"user": user}
        state.credentials = {"user": user, "session_key": self.session.session_key}
        # In the groups before the welcome is read (websocket_connect holds what arrives meanwhile).
        await self.channel_layer.group_add(table_group(table_id), self.channel_name)
        await self.channel_layer.group_add(state.seat_group, self.channel_name)
        welcome = await database_call(snapshots.welcome)(table_id=table_id, user=user)
        if welcome is None:  # left, or JagAI took the seat, since the door's check
            await self.refuse(Close.NOT_SEATED, "no longer seated")
            return
        del welcome["table_id"]
        await self.accept()
        await self.delivery.send_json(welcome)
        self.delivery.welcomed(welcome)
        await self._note(
            seen.arrived, version=welcome.get("version", 0), socket=self.channel_name, language=self.language
        )
        state.keeping_present = asyncio.ensure_future(self._keep_present())

    async def disconnect(self, code: int) -> None:
        state = self.state
        if state.keeping_present is not None:
            state.keeping_present.cancel()
            if state.refreshing is not None:
                await asyncio.wait([state.refreshing])  # else it could note them back after the leave
        if state.table_id is not None:
            await self.channel_layer.group_discard(table_group(state.table_id), self.channel_name)
            await self.channel_layer.group_discard(state.seat_group, self.channel_name)
            if self.delivery.update_sent >= 0:
                await self._note(seen.went_away, version=self.delivery.update_sent, socket=self.channel_name)
        await self.session.leave()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        _raw, value = frames.read(text_data, bytes_data, self.scope)
        await answers.answer(self, self.state, value, TAKES, self.act)

    async def act(self, message: ClientMessage) -> str | None:
        """What the client asked, answered (a refusal is raised, and answered by game/sockets/answers.py)."""
        state = self.state
        match message:
            case Malformed(code=code):
                raise Refusal(code)
            case Move():
                return await seats.move(self, state, message)
            case Hello(version=version):
                return await answers.hello(self, version, self.catch_up)
            case Ping():
                await answers.pong(self, await answers.table_version(state.table_id))
            case React(reaction=reaction):
                await database_call(services.react)(
                    table_id=state.table_id, reaction=reaction, **state.credentials
                )
            case _:
                raise Refusal(Code.UNKNOWN_TYPE)
        return None

    async def catch_up(self, last: int) -> None:
        await seats.catch_up(self, self.state, last)

    # What the channel layer sends it (besides `relay`, game/sockets/base.py).

    async def seat_taken(self, event: dict) -> None:
        await seats.taken(self, self.state)

    async def layer_resumed(self, event: dict) -> None:
        """The channel layer is back after an outage (game/realtime/redis_layer.py): the session
        first (a sign-out or a restriction the outage kept from this socket), then, unasked, a
        catch-up from the last version it sent, so a move published meanwhile is not missed."""
        if not self.live:
            return
        await self.session.check()
        if not self.closed and self.state.table_id is not None:
            await self.catch_up(self.delivery.version_sent)

    # Presence: who has the table's page open (game/services/seen.py).

    async def _keep_present(self) -> None:
        """While this socket is open, its member counts as present: the server itself refreshes
        the presence of each open socket, three times within PRESENCE_SECONDS, so a page whose
        timers the browser slows (a tab in the background pings once a minute) stays present. A
        dead connection is closed by daphne's own WebSocket pings (20 s, then 30 s to answer) or by
        the page, which ends this."""
        still_here = sync_to_async(seen.still_here, thread_sensitive=False)
        state = self.state
        while not self.closed:
            await asyncio.sleep(settings.PRESENCE_SECONDS / 3)
            # Only the cache is touched (an outage is logged there, never raised): a pool thread,
            # never one of the database lanes that serve this process's moves.
            state.refreshing = asyncio.ensure_future(
                still_here(table_id=state.table_id, user_id=self.scope["user"].pk, socket=self.channel_name)
            )
            await asyncio.shield(state.refreshing)

    async def _note(self, what, **facts) -> None:
        """Note what the member's page saw, or that it is open: never at the cost of the socket."""
        with contextlib.suppress(*faults.OUTAGES):  # the next ping, or the next visit, notes it again
            await database_call(what)(table_id=self.state.table_id, user_id=self.scope["user"].pk, **facts)
