"""The start screen's socket (/ws/lobby/): the live list of open public tables, for signed-in
members. It only listens, so it keeps no state of its own: its delivery and its session watch hold
all there is."""

from __future__ import annotations

from game.realtime.database import database_call
from game.realtime.groups import LOBBY_GROUP
from game.services import snapshots
from game.sockets.closing import Close
from game.sockets.session_watch import MemberSocket, SessionWatch


class LobbyConsumer(MemberSocket):
    """The start screen's live list of open public tables."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.session = SessionWatch(self)

    async def connect(self) -> None:
        if not await self.session.admit():
            return
        user = self.scope["user"]
        if user.is_guest or user.is_class_child:  # they sit at no public table, so see none (R41)
            await self.refuse(Close.NOT_FOUND, "not for guests or a class")
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.delivery.send_json(await database_call(snapshots.lobby)())

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        await self.session.leave()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The lobby only listens."""

    # What the channel layer sends it (besides `relay`, game/sockets/base.py).

    async def layer_resumed(self, event: dict) -> None:
        """The channel layer is back after an outage: the session first, then the list again (what
        changed meanwhile may not have reached it)."""
        if not self.live:
            return
        await self.session.check()
        if not self.closed:
            await self.delivery.send_json(await database_call(snapshots.lobby)())
