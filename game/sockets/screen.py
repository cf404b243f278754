"""A table screen's socket (/ws/screen/<SECRET>/): the big-screen link opened on a TV or a projector,
with no sign-in, showing the public view. One owner: its state in `ScreenState`, one `match` over
what the screen sends, its delivery held. One screen at a time per link: a newer socket for it
closes the older one (4409)."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass

from django.urls import reverse

from game.protocol.client import ClientMessage, Hello, Malformed, Move, Ping, React
from game.realtime import budgets, frames
from game.realtime.database import database_call
from game.realtime.frames import WHO_KEY
from game.realtime.groups import screen_group
from game.services import screens, snapshots
from game.sockets import answers, audience, open_sockets
from game.sockets.base import ServerSocket
from game.sockets.closing import REFUSAL_CLOSES, Close
from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.refusals import Code, Refusal


@dataclass
class ScreenState:
    """One screen's socket: its link, and the table it shows now (Play again moves it)."""

    secret: str = ""
    screen_id: int | None = None
    table_id: int | None = None
    groups: tuple[str, ...] = ()


class ScreenConsumer(ServerSocket):
    """A table screen: the public view of the table its link shows, hello and ping, nothing else."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.state = ScreenState()

    def join_qr(self, code: str) -> str:
        return reverse("screen_join_qr", args=[self.state.secret])

    async def connect(self) -> None:
        state = self.state
        state.secret = self.scope["url_route"]["kwargs"]["secret"]
        try:
            screen = await database_call(screens.find_screen)(state.secret, ip=scope_address(self.scope))
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
        state.screen_id = screen.pk
        self.scope[WHO_KEY] = f"screen {screen.pk}"
        await open_sockets.opened(self, open_sockets.SCREEN_KEY.format(screen.pk), 1)
        await self._show(screen.table_id)

    async def _show(self, table_id: int) -> None:
        """Join the table's groups and send the welcome of the table the screen shows now."""
        state = self.state
        # A socket not yet accepted is held by ServerSocket.websocket_connect already.
        async with self.delivery.holding() if self.accepted else nullcontext():
            await audience.enter(self, state, table_id, screen_group(state.screen_id))
            welcome = await database_call(snapshots.screen_welcome)(screen_id=state.screen_id)
            if welcome is not None and welcome["table_id"] != table_id:  # moved meanwhile
                await audience.enter(self, state, welcome["table_id"], screen_group(state.screen_id))
            self.delivery.start_again()  # a new table's versions start again
            await audience.send_welcome(self, welcome, self.join_qr)

    async def disconnect(self, code: int) -> None:
        await audience.leave(self, self.state)
        if self.state.screen_id is not None:
            await open_sockets.closed(open_sockets.SCREEN_KEY.format(self.state.screen_id), self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        _raw, value = frames.read(text_data, bytes_data, self.scope)
        await answers.answer(self, self.state, value, audience.TAKES, self.act)

    async def act(self, message: ClientMessage) -> str | None:
        """What the screen asked, answered (a refusal is raised, and answered by game/sockets/answers.py)."""
        match message:
            case Malformed(code=code):
                raise Refusal(code)
            case Move() | React():
                raise Refusal(Code.NOT_SEATED)
            case Hello(version=version):
                return await answers.hello(self, version, self.catch_up)
            case Ping():
                await self._pong()
            case _:
                raise Refusal(Code.UNKNOWN_TYPE)
        return None

    async def _pong(self) -> None:
        now = await database_call(snapshots.screen_table)(screen_id=self.state.screen_id)
        if now is None:
            await audience.gone(self)
            return
        # A screen Play again moved is told a version ahead, so its next hello brings the new table.
        if now == self.state.table_id:
            version = await answers.table_version(self.state.table_id)
        else:
            version = self.delivery.version_sent + 1
        await answers.pong(self, version)

    async def catch_up(self, last: int) -> None:
        """As every audience's; a screen that Play again moved to the next table gets that table's
        welcome instead (its versions start again there)."""
        state = self.state
        now = await database_call(snapshots.screen_table)(screen_id=state.screen_id)
        if now is None:
            await audience.gone(self)
        elif now != state.table_id:
            await self._show(now)
        else:
            await self.delivery.catch_up(last, self._read_catchup, lambda: audience.gone(self))

    async def _read_catchup(self, since: int) -> dict | None:
        state = self.state
        return await database_call(snapshots.screen_catchup)(
            screen_id=state.screen_id, table_id=state.table_id, since=since
        )

    # What the channel layer sends it (besides `relay`, game/sockets/base.py).

    async def socket_replaced(self, event: dict) -> None:
        """The same link was opened on another screen: this one, the older, gives way."""
        if not self.closed:
            await self.refuse(Close.REPLACED, "the link was opened on another screen")

    async def turned_off(self, event: dict) -> None:
        await audience.turned_off(self)

    async def layer_resumed(self, event: dict) -> None:
        """The channel layer is back after an outage: unasked, a catch-up from the last version
        this socket sent (or the next table's welcome)."""
        if self.live and self.state.table_id is not None:
            await self.catch_up(self.delivery.version_sent)
