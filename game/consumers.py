"""WebSocket consumers: thin doors that check who is knocking and hand work to the services."""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer

LOBBY_GROUP = "lobby"

# Close codes in the 4000 range are ours: 4401 means "sign in first".
CLOSE_NOT_SIGNED_IN = 4401


class LobbyConsumer(AsyncJsonWebsocketConsumer):
    """The start screen's live list of open public tables, for signed-in members."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_NOT_SIGNED_IN)
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def lobby_update(self, event: dict) -> None:
        """Forward the open tables list to the browser."""
        await self.send_json({"type": "lobby", "tables": event["tables"]})
