"""A bare echo socket: the transport floor the benchmark measures moves against.

Routed at /ws/bench/echo/ only when the BENCH_ECHO setting is on (off by default, never in production).
It sits behind the same origin check and session middleware as the table socket, and does nothing
but send each text frame straight back. Like the site's sockets it dispatches directly
(game/realtime/dispatch.py), so the floor is the transport and the event loop, not the database thread's queue.
"""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer

from game.realtime.dispatch import DirectDispatch


class EchoConsumer(DirectDispatch, AsyncWebsocketConsumer):
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is not None:
            await self.send(text_data=text_data)
        elif bytes_data is not None:
            await self.send(bytes_data=bytes_data)

    async def layer_resumed(self, message: dict) -> None:
        """Redis is back (game/realtime/redis_layer.py): an echo socket has nothing to catch up."""
