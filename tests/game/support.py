"""Helpers for socket tests: members connected through the real ASGI router."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.test import Client

from game import engine, services
from game.models import Game
from game.realtime import outbox
from justalllowgod.asgi import application
from tests.factories import UserFactory, signed_in_session

ORIGIN = (b"origin", b"http://localhost")
HOST = (b"host", b"localhost")


HANDSHAKE_SECONDS = 10


class Communicator(WebsocketCommunicator):
    """Our server refuses a socket by accepting it and closing with a code at once (a refused
    handshake would reach a browser only as 1006): connect() reports that as refused, with the code."""

    _peeked: dict | None = None

    async def connect(self, timeout: float = 1) -> tuple[bool, int | None]:
        # The handshake waits for the door's database lookup: on a loaded machine (the services
        # suite beside the browser tests) that took over a second. It ends as soon as it is answered.
        connected, code = await super().connect(max(timeout, HANDSHAKE_SECONDS))
        if not connected:
            return connected, code
        try:
            first = await super().receive_output(timeout)
        except TimeoutError:
            return True, None
        if first["type"] == "websocket.close":
            return False, first.get("code")
        self._peeked = first
        return True, None

    async def receive_output(self, timeout: float = 1) -> dict:
        if self._peeked is not None:
            first, self._peeked = self._peeked, None
            return first
        return await super().receive_output(timeout)

    async def receive_nothing(self, timeout: float = 0.1, interval: float = 0.01) -> bool:
        if self._peeked is not None:
            return False
        return await super().receive_nothing(timeout, interval)


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@dataclass
class Player:
    """One member's socket and everything it has been sent."""

    user: object
    comm: WebsocketCommunicator
    received: list[dict] = field(default_factory=list)

    sent_at: list[float] = field(default_factory=list)

    async def send_paced(self, message: dict) -> None:
        """Send like a quick but human client: never 20 messages within one second."""
        loop = asyncio.get_running_loop()
        self.sent_at = [t for t in self.sent_at if loop.time() - t < 1.0]
        if len(self.sent_at) >= 15:
            await asyncio.sleep(1.0 - (loop.time() - self.sent_at[0]) + 0.01)
        self.sent_at.append(loop.time())
        await self.send(message)

    async def send(self, message: dict | str) -> None:
        await self.comm.send_to(text_data=message if isinstance(message, str) else json.dumps(message))

    async def _next_output(self, limit: float) -> dict | None:
        """The next frame, or None after `limit` seconds; waiting never cancels the consumer."""
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while await self.comm.receive_nothing(timeout=0.01, interval=0.005):
            if loop.time() >= end:
                return None
        output = await self.comm.receive_output()
        if output["type"] == "websocket.close":
            return {"type": "__closed__", "code": output.get("code")}
        return json.loads(output["text"])

    async def drain(self, quiet: float = 0.05) -> list[dict]:
        """Everything that arrives until the socket has been quiet for a moment."""
        got: list[dict] = []
        while (message := await self._next_output(quiet)) is not None:
            got.append(message)
            if message["type"] == "__closed__":
                break
        self.received.extend(got)
        return got

    async def next_of(self, kind: str, limit: float = 5.0) -> dict:
        """The next message of one type (others are kept in `received`)."""
        while (message := await self._next_output(limit)) is not None:
            self.received.append(message)
            if message["type"] == kind:
                return message
            if message["type"] == "__closed__":
                raise AssertionError(f"socket closed with {message['code']} while waiting for {kind}")
        raise AssertionError(f"no {kind} message")

    async def until_version(self, version: int, limit: float = 5.0) -> None:
        """Receive until a message with a view at this version (or later) has arrived."""
        if any(m.get("view") is not None and m["version"] >= version for m in self.received):
            return
        while (message := await self._next_output(limit)) is not None:
            self.received.append(message)
            if message.get("view") is not None and message["version"] >= version:
                return
        raise AssertionError(f"no view at version {version}")

    async def close(self) -> None:
        await self.comm.disconnect()


async def until_dealt(players, table_id: int) -> None:
    """Wait until every socket holds the dealt game's view. A quiet moment proves nothing: under
    load the deal's update can come after the socket has been still for a while."""
    game = await sync_to_async(Game.objects.get)(table_id=table_id)
    for player in players:
        await player.until_version(game.version, limit=HANDSHAKE_SECONDS)


def deal_private_table(host, guest, *, start: bool = True):
    """A private table with a host in seat 1 and a guest in seat 2 (JagAI fills the other seats),
    dealt unless told not."""
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    if start:
        services.start_table(user=host, code=table.code)
    return table


@sync_to_async
def two_member_game(*, start: bool = True):
    """deal_private_table for two new members: (table, host, guest)."""
    host, guest = UserFactory(), UserFactory()
    return deal_private_table(host, guest, start=start), host, guest


def play_one_move(table_id: int, members: dict) -> int:
    """The member whose turn it is makes their first legal move; returns the new version."""
    game = Game.objects.get(table_id=table_id)
    state = engine.from_json(game.state)
    seat = state["turn"]
    move = engine.legal_moves(state, seat)[0]
    played = services.play_move(
        table_id=table_id,
        user=members[seat],
        session_key=signed_in_session(members[seat]),
        move_id=f"t{game.version}",
        version=game.version,
        move=move,
    )
    return played.game.version


def commit_without_publishing(table_id: int, members: dict) -> int:
    """play_one_move with its update lost, as if the process that committed it was killed before it
    published (kill -9); returns the new version."""
    before = Game.objects.get(table_id=table_id).version
    real, outbox.send_all = outbox.send_all, lambda sends: None
    try:
        played = play_one_move(table_id, members)
    finally:
        outbox.send_all = real
        connections.close_all()
    assert played == before + 1  # applied, not repeated
    return played


async def connect(
    user, code: str, *, origin: tuple[bytes, bytes] = ORIGIN, cookie: bytes | None = None
) -> tuple[bool, int | None, Player]:
    """A member's table socket; `cookie` (e.g. b"sessionid=...") reuses a session, else a new one."""
    cookie = cookie or await sync_to_async(session_cookie)(user)
    comm = Communicator(application, f"/ws/table/{code}/", headers=[origin, HOST, (b"cookie", cookie)])
    connected, code_ = await comm.connect()
    return connected, code_, Player(user=user, comm=comm)


async def seated(user, code: str, *, cookie: bytes | None = None) -> Player:
    connected, close_code, player = await connect(user, code, cookie=cookie)
    assert connected, f"refused with {close_code}"
    welcome = await player.next_of("welcome")
    assert welcome["me"]["tag"] == user.gamer_tag
    return player


def host_answers(table, request_id: int, *, yes: bool = True):
    """The host's yes (or no) to a guest asking to sit at their table (R41), as their page sends it."""
    from game.services import guests

    return guests.answer_guest(
        user=table.host,
        session_key=signed_in_session(table.host),
        code=table.code,
        request_id=request_id,
        yes=yes,
    )
