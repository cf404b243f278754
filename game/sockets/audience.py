"""The sockets of those who watch a table without a seat: a table screen (no sign-in, the big-screen
link's secret) and a watcher (a signed-in member at a private table). Both get the public view
(engine.public_view) through the same delivery as seats: versions, catch-up, resync. They may say
hello and ping, nothing else; every hello, ping and catch-up asks afresh whether the screen or the
watcher may still see the table, and closes 4410 once not."""

from __future__ import annotations

from abc import abstractmethod
from contextlib import nullcontext

from django.urls import reverse

from game.protocol import client
from game.protocol.messages import pong_message
from game.realtime import budgets
from game.realtime.database import database_call
from game.realtime.frames import WHO_KEY
from game.realtime.groups import audience_group, screen_group, table_group, watcher_group
from game.services import access, screens, snapshots
from game.sockets.closing import REFUSAL_CLOSES, Close
from game.sockets.member_door import MemberDoor, note_socket_closed, note_socket_opened
from game.sockets.viewer import ViewerSocket
from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.refusals import Code, Refusal


class AudienceSocket(ViewerSocket):
    """What a screen's and a watcher's socket share: the table's public groups, no acts."""

    groups: tuple[str, ...] = ()

    async def enter(self, table_id: int, *own: str) -> None:
        """Join the table's public groups (before the welcome is read, as a seat's socket does)."""
        await self.leave_groups()
        self.table_id = table_id
        self.groups = (table_group(table_id), audience_group(table_id), *own)
        for group in self.groups:
            await self.channel_layer.group_add(group, self.channel_name)

    async def leave_groups(self) -> None:
        for group in self.groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups = ()

    async def disconnect(self, code: int) -> None:
        await self.leave_groups()

    async def on_move(self, message: client.Move) -> None:
        raise Refusal(Code.NOT_SEATED)

    async def on_react(self, message: client.React) -> None:
        raise Refusal(Code.NOT_SEATED)

    async def gone(self) -> None:
        await self.refuse(Close.TURNED_OFF)

    async def turned_off(self, event: dict) -> None:
        """The host turned the screen off, removed the watcher, or ended the game early."""
        if not self.closed:
            await self.refuse(Close.TURNED_OFF)

    @abstractmethod
    def join_qr(self, code: str) -> str:
        """The address of the join QR image this socket's page may load (waiting room only)."""

    async def send_welcome(self, welcome: dict | None) -> bool:
        if welcome is None:
            await self.refuse(Close.TURNED_OFF)
            return False
        del welcome["table_id"]
        audience = welcome["audience"]
        audience["join_qr"] = self.join_qr(audience["code"]) if audience["join_url"] else None
        if not self.accepted:
            await self.accept()
        await self.send_json(welcome)
        self.welcomed(welcome)
        return True


class ScreenConsumer(AudienceSocket):
    """A table screen: the big-screen link opened on a TV or a projector, with no sign-in. One
    screen at a time per link: a newer socket for it closes the older one (4409)."""

    screen_id: int | None = None
    secret = ""

    def join_qr(self, code: str) -> str:
        return reverse("screen_join_qr", args=[self.secret])

    @property
    def replaced_key(self) -> str:
        return f"sockets:screen:{self.screen_id}"

    async def connect(self) -> None:
        ip = scope_address(self.scope)
        self.secret = self.scope["url_route"]["kwargs"]["secret"]
        try:
            screen = await database_call(screens.find_screen)(self.secret, ip=ip)
        except Refusal as error:  # too many secrets that open nothing from this address
            await self.refuse(REFUSAL_CLOSES.get(error.code, Close.TOO_MANY), error.code)
            return
        if screen is None:
            await self.refuse(Close.NOT_FOUND, "no such screen")
            return
        # Reconnects are budgeted per screen, not per address: a school's other sockets never
        # keep a right link out (issue 49); unknown secrets are counted per address above.
        if await budgets.too_many_connects(f"screen {screen.pk}"):
            await self.refuse(Close.TOO_MANY, "too many new screen sockets")
            return
        self.screen_id = screen.pk
        self.scope[WHO_KEY] = f"screen {screen.pk}"
        for older in await note_socket_opened(self.replaced_key, self.channel_name, 1):
            await self.channel_layer.send(older, {"type": "socket.replaced"})
        await self._show(screen.table_id)

    async def _show(self, table_id: int) -> None:
        """Join the table's groups and send the welcome of the table the screen shows now."""
        # A socket not yet accepted is held by ServerSocket.websocket_connect already.
        async with self.holding() if self.accepted else nullcontext():
            await self.enter(table_id, screen_group(self.screen_id))
            welcome = await database_call(snapshots.screen_welcome)(screen_id=self.screen_id)
            if welcome is not None and welcome["table_id"] != table_id:  # moved meanwhile
                await self.enter(welcome["table_id"], screen_group(self.screen_id))
            self.update_sent = -1  # a new table's versions start again
            await self.send_welcome(welcome)

    async def read_catchup(self, last: int) -> dict | None:
        return await database_call(snapshots.screen_catchup)(
            screen_id=self.screen_id, table_id=self.table_id, since=last
        )

    async def catch_up(self, last: int) -> None:
        """As every viewer's; a screen that Play again moved to the next table gets that table's
        welcome instead (its versions start again there)."""
        now = await database_call(snapshots.screen_table)(screen_id=self.screen_id)
        if now is None:
            await self.gone()
        elif now != self.table_id:
            await self._show(now)
        else:
            await super().catch_up(last)

    async def on_ping(self, message: client.Ping) -> None:
        now = await database_call(snapshots.screen_table)(screen_id=self.screen_id)
        if now is None:
            await self.gone()
            return
        # A screen Play again moved is told a version ahead, so its next hello brings the new table.
        version = await self._version() if now == self.table_id else max(self.update_sent, 0) + 1
        await self.send_json(pong_message(version))

    async def socket_replaced(self, message: dict) -> None:
        """The same link was opened on another screen: this one, the older, gives way."""
        if not self.closed:
            await self.refuse(Close.REPLACED, "the link was opened on another screen")

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        if self.screen_id is not None:
            await note_socket_closed(self.replaced_key, self.channel_name)


class WatcherConsumer(MemberDoor, AudienceSocket):
    """A member watching a private table on their own device: the public view, no seat."""

    def join_qr(self, code: str) -> str:
        return reverse("table_qr", args=[code])

    async def connect(self) -> None:
        if not await self.admit_member():
            return
        user = self.scope["user"]
        code = self.scope["url_route"]["kwargs"]["code"]
        try:
            table = await database_call(access.find_table)(code, user=user, ip=scope_address(self.scope))
        except Refusal as error:  # too many wrong codes
            await self.refuse(REFUSAL_CLOSES.get(error.code, Close.TOO_MANY), error.code)
            return
        if table is None:
            await self.refuse(Close.NOT_FOUND, f"no table {code[:8]!r}")
            return
        watching = await database_call(snapshots.watching)(table_id=table.pk, user=user)
        if not watching:
            await self.refuse(Close.NOT_SEATED, "not watching")
            return
        self.who = {"user": user}
        await self.enter(table.pk, watcher_group(table.pk, user.pk))
        welcome = await database_call(snapshots.watcher_welcome)(table_id=table.pk, user=user)
        await self.send_welcome(welcome)

    async def read_catchup(self, last: int) -> dict | None:
        return await database_call(snapshots.watcher_catchup)(
            table_id=self.table_id, since=last, user=self.who["user"]
        )

    async def on_ping(self, message: client.Ping) -> None:
        if not await database_call(snapshots.watching)(table_id=self.table_id, user=self.who["user"]):
            await self.gone()
            return
        await super().on_ping(message)

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        await self.leave_member_groups()
