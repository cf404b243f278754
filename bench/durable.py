"""The durable floor socket: what the least durable move costs, on the same server as the moves.

Routed at /ws/bench/durable/?slot=N only when BENCH_ECHO is on (never in production), behind the
same origin check, session middleware and frame guard as the table socket. Each text frame runs one
durable floor transaction (bench/durable_store.py: lock one row, update it, insert one row, commit)
on the socket's database thread and connection, through the same `database_call` as a move, then
is sent straight back. The move's price beyond this is the engine, authority, the protocol's
build and the layer's publish (docs/performance.md).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer

from bench.durable_store import durable_round, slot_count
from game.realtime.database import database_call
from game.realtime.dispatch import DirectDispatch

BAD_SLOT = 4400  # the query string names no slot of this run's


class DurableConsumer(DirectDispatch, AsyncWebsocketConsumer):
    slot: int = 0

    async def connect(self) -> None:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        raw = (query.get("slot") or [""])[0]
        await self.accept()  # then close with a code: a refused handshake would only say 403
        if not (raw.isascii() and raw.isdigit()) or not 0 < int(raw) <= await database_call(slot_count)():
            await self.close(code=BAD_SLOT)
            return
        self.slot = int(raw)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None or not self.slot:
            return  # the probes send text; anything else is not a probe
        # A slot stands where a table would, so the probes spread over the database lanes as tables do.
        await database_call(durable_round)(table_id=self.slot)
        await self.send(text_data=text_data)

    async def layer_resumed(self, message: dict) -> None:
        """Redis is back (game/realtime/redis_layer.py): a floor socket has nothing to catch up."""
