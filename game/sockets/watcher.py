"""A watcher's socket (/ws/watch/<CODE>/): a member watching a private table on their own device,
with the public view and no seat. One owner: its state in `WatcherState`, one `match` over what the
watcher sends, its delivery and its session watch held."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from accounts.models import User
from game.protocol.client import ClientMessage, Hello, Malformed, Move, Ping, React
from game.realtime import frames
from game.realtime.database import database_call
from game.realtime.groups import watcher_group
from game.services import access, snapshots
from game.sockets import answers, audience
from game.sockets.closing import REFUSAL_CLOSES, Close
from game.sockets.session_watch import MemberSocket, SessionWatch
from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.refusals import Code, Refusal


@dataclass
class WatcherState:
    """One watcher's socket at one table."""

    user: User | None = None
    table_id: int | None = None
    groups: tuple[str, ...] = ()


class WatcherConsumer(MemberSocket):
    """A member watching a private table: the public view, hello and ping, nothing else."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.state = WatcherState()
        self.session = SessionWatch(self)

    def join_qr(self, code: str) -> str:
        return reverse("table_qr", args=[code])

    async def connect(self) -> None:
        if not await self.session.admit():
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
        self.state.user = user
        await audience.enter(self, self.state, table.pk, watcher_group(table.pk, user.pk))
        welcome = await database_call(snapshots.watcher_welcome)(table_id=table.pk, user=user)
        await audience.send_welcome(self, welcome, self.join_qr)

    async def disconnect(self, code: int) -> None:
        await audience.leave(self, self.state)
        await self.session.leave()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        _raw, value = frames.read(text_data, bytes_data, self.scope)
        await answers.answer(self, self.state, value, audience.TAKES, self.act)

    async def act(self, message: ClientMessage) -> str | None:
        """What the watcher asked, answered (a refusal is raised, and answered by game/sockets/answers.py)."""
        state = self.state
        match message:
            case Malformed(code=code):
                raise Refusal(code)
            case Move() | React():
                raise Refusal(Code.NOT_SEATED)
            case Hello(version=version):
                return await answers.hello(self, version, self.catch_up)
            case Ping():
                if not await database_call(snapshots.watching)(table_id=state.table_id, user=state.user):
                    await audience.gone(self)
                    return None
                await answers.pong(self, await answers.table_version(state.table_id))
            case _:
                raise Refusal(Code.UNKNOWN_TYPE)
        return None

    async def catch_up(self, last: int) -> None:
        await self.delivery.catch_up(last, self._read_catchup, lambda: audience.gone(self))

    async def _read_catchup(self, since: int) -> dict | None:
        return await database_call(snapshots.watcher_catchup)(
            table_id=self.state.table_id, since=since, user=self.state.user
        )

    # What the channel layer sends it (besides `relay`, game/sockets/base.py).

    async def turned_off(self, event: dict) -> None:
        await audience.turned_off(self)

    async def layer_resumed(self, event: dict) -> None:
        """The channel layer is back after an outage: the session first, then, unasked, a catch-up
        from the last version this socket sent."""
        if not self.live:
            return
        await self.session.check()
        if not self.closed and self.state.table_id is not None:
            await self.catch_up(self.delivery.version_sent)
