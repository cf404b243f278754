"""A member's socket at a table: their seat's view in, their moves and reactions out."""

from __future__ import annotations

import asyncio
import contextlib

from asgiref.sync import sync_to_async
from django.conf import settings

from game import services
from game.protocol.client import React
from game.realtime import faults
from game.realtime.database import database_call
from game.realtime.groups import member_group, table_group
from game.services import access, seen, snapshots
from game.sockets.closing import REFUSAL_CLOSES, Close
from game.sockets.member_door import MemberDoor
from game.sockets.seat import SeatSocket
from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.refusals import Refusal


class TableConsumer(MemberDoor, SeatSocket):
    """One member's socket at one table: their seat's view in, their moves out."""

    # Keeps this socket's presence fresh while it is open (game/realtime/presence.py), and the
    # refresh under way, if any, which a closing socket lets land before it notes its leaving.
    _keeping_present: asyncio.Task | None = None
    _refreshing: asyncio.Future | None = None

    async def connect(self) -> None:
        if not await self.admit_member():
            return
        user = self.scope["user"]
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
        await self._note(seen.arrived, version=welcome.get("version", 0), socket=self.channel_name)
        self._keeping_present = asyncio.ensure_future(self._keep_present())

    async def disconnect(self, code: int) -> None:
        if self._keeping_present is not None:
            self._keeping_present.cancel()
            if self._refreshing is not None:
                await asyncio.wait([self._refreshing])  # else it could note them back after the leave
        if self.table_id is not None:
            await self.channel_layer.group_discard(table_group(self.table_id), self.channel_name)
            await self.channel_layer.group_discard(self.seat_group, self.channel_name)
            if self.update_sent >= 0:
                await self._note(seen.went_away, version=self.update_sent, socket=self.channel_name)
        await self.leave_member_groups()

    async def _keep_present(self) -> None:
        """While this socket is open, its member counts as present: the server itself refreshes
        the presence of each open socket, three times within PRESENCE_SECONDS, so a page whose
        timers the browser slows (a tab in the background pings once a minute) stays present. A
        dead connection is closed by daphne's own WebSocket pings (20 s, then 30 s to answer) or by
        the page, which ends this."""
        still_here = sync_to_async(seen.still_here, thread_sensitive=False)
        while not self.closed:
            await asyncio.sleep(settings.PRESENCE_SECONDS / 3)
            # Only the cache is touched (an outage is logged there, never raised): a pool thread,
            # never one of the database lanes that serve this process's moves.
            self._refreshing = asyncio.ensure_future(
                still_here(table_id=self.table_id, user_id=self.scope["user"].pk, socket=self.channel_name)
            )
            await asyncio.shield(self._refreshing)

    async def _note(self, what, **facts) -> None:
        """Note what the member's page saw, or that it is open: never at the cost of the socket."""
        with contextlib.suppress(*faults.OUTAGES):  # the next ping, or the next visit, notes it again
            await database_call(what)(table_id=self.table_id, user_id=self.scope["user"].pk, **facts)

    async def on_react(self, message: React) -> None:
        await database_call(services.react)(
            table_id=self.table_id, reaction=message.reaction, **self.credentials
        )
