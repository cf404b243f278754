"""The start screen's socket: the live list of open public tables."""

from __future__ import annotations

from game.realtime.database import database_call
from game.realtime.groups import LOBBY_GROUP
from game.services import snapshots
from game.sockets.base import ServerSocket
from game.sockets.member_door import MemberDoor


class LobbyConsumer(MemberDoor, ServerSocket):
    """The start screen's live list of open public tables, for signed-in members."""

    async def connect(self) -> None:
        if not await self.admit_member():
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.send_json(await database_call(snapshots.lobby)())

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)
        await self.leave_member_groups()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The lobby only listens."""

    async def resume(self) -> None:
        await self.account_check({"type": "account.check"})
        if not self.closed:
            await self.send_json(await database_call(snapshots.lobby)())
