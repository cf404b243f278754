"""One agent's socket to the site (/ws/agent/ with its bearer token) and what the table has told it."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from . import words

log = logging.getLogger("jag_mcp")

# R19: an agent that has not chosen in this many seconds has the choice made for it by R16.
ANSWER_SECONDS = 10
WELCOME_LINES = 12  # of the recent log, when coming back to a game under way
REPLY_SECONDS = 10  # how long to wait for the site to answer a join or a move
# A ping this often: its pong names the table's version, so an update lost on its way is noticed
# within this many seconds and asked for again (the site's docs/realtime.md).
PING_SECONDS = 10

# What each close code means to the model (docs/protocol.md, docs/agents.md): every code of the
# site's Close (game/sockets/closing.py; tests/realtime/test_close_codes_agree.py), and the
# standard ones a proxy or the websockets library may close with.
CLOSE_WORDS = {
    4401: (
        "The site closed this agent's connection: its token is missing, unknown or revoked, or the "
        "team withdrew its approval. JagAI plays this seat now. Ask the team for a new token."
    ),
    4403: "This agent has no seat at that table (JagAI may have taken it over).",
    4404: "The site does not know that table or address.",
    4409: "The site closed this connection because this agent opened too many connections.",
    4413: "The site closed the connection: a message was too big.",
    4423: "This agent's account is suspended or banned, so it cannot play right now.",
    4429: "The site closed the connection: too many messages or wrong codes. Wait a minute, then try again.",
    4500: "The site had a problem on its side. Try join_table again in a moment.",
    1008: "The site closed the connection: too many messages in one second.",
    1009: "The site closed the connection: a message was too big.",
    1011: "The site had a problem on its side. Try join_table again in a moment.",
}
DROPPED = "The connection to the site dropped. Call join_table with the same code to come back to your seat."
BAD_TOKEN = (
    "The site refused this agent's token (JAG_AGENT_TOKEN): it is unknown or revoked, or the agent "
    "is not approved. Ask the team for a new token and restart this server with it."
)
NO_TOKEN = "JAG_AGENT_TOKEN is not set. Put the agent's token in the MCP server's environment and restart it."


class JagError(Exception):
    """Something the model should be told in plain words (never a stack trace)."""


@dataclass(frozen=True)
class Config:
    """Where the site is and the agent's token: from the environment only, never from arguments."""

    url: str
    token: str

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Config:
        environ = os.environ if environ is None else environ
        return cls(
            url=environ.get("JAG_URL", "http://127.0.0.1:8000").strip(),
            token=environ.get("JAG_AGENT_TOKEN", "").strip(),
        )

    @property
    def socket_url(self) -> str:
        """http(s)://host[/prefix] -> ws(s)://host[/prefix]/ws/agent/."""
        parts = urlsplit(self.url)
        scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
        path = parts.path.rstrip("/")
        if not path.endswith("/ws/agent"):
            path += "/ws/agent"
        return urlunsplit((scheme, parts.netloc, path + "/", "", ""))


def close_words(code: int | None) -> str:
    return CLOSE_WORDS.get(code or 0, DROPPED)


class AgentLink:
    """The agent's one socket: a reader task keeps the latest view and the table's log in words."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.socket: ClientConnection | None = None
        self.agent_name = ""
        self.code = ""
        self.table = words.Table()
        self.table_info: dict[str, Any] = {}
        self.view: dict[str, Any] | None = None
        self.version = 0
        self.log: list[str] = []  # the table's log in words; `cursor` is where the model has read to
        self.cursor = 0
        self.closed: str | None = None  # why the socket closed, in words
        self.due_at: float | None = None  # when the server chooses for us, by the monotonic clock
        self._changed = asyncio.Event()
        self._replies: dict[str, asyncio.Future[dict]] = {}
        self._joining: asyncio.Future[dict] | None = None
        self._reader: asyncio.Task | None = None
        self._pinger: asyncio.Task | None = None
        self._asked = -1  # the newest version a hello was sent for
        self._ids = itertools.count(1)
        self._logged_version = -1
        self._leaving = False

    # ---- connecting -------------------------------------------------------------------------

    async def open(self) -> str:
        """Connect with the token unless connected; returns the agent's name."""
        if self.socket is not None and self.closed is None:
            return self.agent_name
        if not self.config.token:
            raise JagError(NO_TOKEN)
        self._reset()
        try:
            socket, hello = await self._connect()
        except InvalidStatus as refused:
            status = refused.response.status_code
            raise JagError(
                BAD_TOKEN if status in (401, 403) else f"The site refused to connect (HTTP {status})."
            ) from None
        except ConnectionClosed as closed:
            raise JagError(BAD_TOKEN if _code(closed) == 4401 else close_words(_code(closed))) from None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as failed:
            raise JagError(
                f"Could not reach the site at {self.config.url} ({type(failed).__name__})."
            ) from None
        # Only a socket the site said hello on is kept: a refused one is tried afresh next time.
        self.socket, self.agent_name = socket, hello.get("agent", "")
        self._reader = asyncio.create_task(self._read(socket))
        self._pinger = asyncio.create_task(self._keep_alive(socket))
        return self.agent_name

    async def _keep_alive(self, socket: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.sleep(PING_SECONDS)
                await socket.send(json.dumps({"type": "ping"}))

    async def _connect(self) -> tuple[ClientConnection, dict[str, Any]]:
        """A socket and the site's hello on it; a socket that fails before its hello is closed."""
        headers = {"Authorization": f"Bearer {self.config.token}"}
        socket = await connect(self.config.socket_url, additional_headers=headers, open_timeout=REPLY_SECONDS)
        try:
            return socket, json.loads(await asyncio.wait_for(socket.recv(), REPLY_SECONDS))
        except BaseException:
            await socket.close()
            raise

    def _reset(self) -> None:
        self.socket, self.closed, self.code, self.view, self.version = None, None, "", None, 0
        self.table, self.table_info, self.due_at, self._logged_version = words.Table(), {}, None, -1
        self._leaving, self._asked = False, -1

    async def _read(self, socket: ClientConnection) -> None:
        try:
            async for text in socket:
                try:
                    message = json.loads(text)
                    behind = self._lost_since(message)
                    if behind is None or message.get("view") is None:
                        self._take(message)
                    if behind is not None:
                        await socket.send(json.dumps({"type": "hello", "version": behind}))
                except (ValueError, KeyError, TypeError) as odd:
                    # A message this adapter does not understand is skipped, not fatal to the seat.
                    log.warning("skipped a message from the site (%s)", type(odd).__name__)
                self._wake()
        except ConnectionClosed:
            pass
        finally:
            if self._pinger is not None:
                self._pinger.cancel()
            code = socket.close_code
            self.closed = "You left the table." if self._leaving else close_words(code)
            for future in [*self._replies.values(), self._joining]:
                if future is not None and not future.done():
                    future.set_result({"type": "__closed__", "code": code})
            self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def changed(self, timeout: float) -> None:
        """Wait until the socket brings something new, or `timeout` seconds pass."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    # ---- what the site says -----------------------------------------------------------------

    def _lost_since(self, message: dict[str, Any]) -> int | None:
        """The version to say hello from when an update was lost on its way, else None: an update
        that skips a version (not taken: the catchup brings it all), or a message without a view (a
        pong, an ack, an error: still taken) newer than the view held. Once per version."""
        version = message.get("version")
        if self.view is None or type(version) is not int or version <= self._asked:
            return None
        skipped = message.get("type") == "update" and version > self.version + 1
        behind = message.get("view") is None and version > self.version
        if not (skipped or behind):
            return None
        self._asked = version
        return self.version

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if message.get("cards"):
            self.table.cards = message["cards"]
        if "table" in message and isinstance(message["table"], dict):
            self._take_table(message["table"])
        if kind == "welcome":
            self.code = message["table"]["code"]
            self.table.me = message["me"]["seat"]
            if self._joining is not None and not self._joining.done():
                self._joining.set_result(message)
        if message.get("view") is not None and message.get("version", -1) >= self.version:
            self._take_view(message)
        if kind == "error" and message.get("code") == "hello_too_soon":
            # One catch-up per socket every few seconds: the next newer version asks again.
            self._asked = -1
            return
        if kind in ("ack", "error"):
            ref = message.get("id")
            future = self._replies.pop(ref, None) if ref else None
            if future is None and kind == "error" and self._joining is not None and not self._joining.done():
                future = self._joining
            if future is not None and not future.done():
                future.set_result(message)
            elif kind == "error":
                self.log.append(f"The site refused a message: {message.get('message', message.get('code'))}")

    def _take_table(self, table: dict[str, Any]) -> None:
        before, seated = self.table_info.get("status"), [s.get("tag") for s in self.table.seats]
        self.table_info = table
        self.table.seats = table.get("seats", [])
        status = table.get("status")
        if before == "waiting" == status:
            now = [s.get("tag") for s in self.table.seats]
            self.log.extend(f"{tag} sat down." for tag in now if tag not in seated)
            self.log.extend(f"{tag} left the table." for tag in seated if tag not in now)
        elif before == "waiting" and status == "playing":
            self.log.append("The host started the game.")

    def _take_view(self, message: dict[str, Any]) -> None:
        view = message["view"]
        was_due = self.is_due()
        self.view, self.version = view, message["version"]
        self.table.me = view["seat"]
        fresh = [
            e
            for e in message.get("events", [])
            if e.get("version", message["version"]) > self._logged_version
        ]
        said = words.describe_all(fresh, self.table)
        # A welcome back mid-game brings the recent log: its last lines are enough to pick up from.
        self.log.extend(said[-WELCOME_LINES:] if message.get("type") == "welcome" else said)
        if any(e.get("type") == "agent_timeout" and e.get("seat") == view["seat"] for e in fresh):
            self.log.append(
                f"Your {ANSWER_SECONDS} seconds ran out before you chose, so the server's choice by R16 stands."
            )
        self._logged_version = max(self._logged_version, message["version"])
        clock = message.get("clock")
        if not self.is_due():
            self.due_at = None
        elif clock and clock.get("seat") == view["seat"]:
            self.due_at = time.monotonic() + float(clock["seconds_left"])
        elif not was_due:
            self.due_at = time.monotonic() + ANSWER_SECONDS

    # ---- what the tools ask -----------------------------------------------------------------

    def is_due(self) -> bool:
        """Our seat must choose now."""
        view = self.view
        return bool(
            view and view.get("turn") == view["seat"] and view.get("legal_moves") and not view.get("result")
        )

    def is_over(self) -> bool:
        return bool(
            (self.view and self.view.get("result")) or self.table_info.get("status") in ("finished", "ended")
        )

    def seconds_left(self) -> int:
        return max(0, round(self.due_at - time.monotonic())) if self.due_at else ANSWER_SECONDS

    def unread(self) -> list[str]:
        """The log since the model last read it."""
        lines, self.cursor = self.log[self.cursor :], len(self.log)
        return lines

    def seated(self) -> None:
        if not self.code or self.socket is None:
            raise JagError("You are not at a table. Ask the host for the table's code and call join_table.")
        if self.closed:
            raise JagError(self.closed)

    async def join(self, code: str) -> dict[str, Any]:
        """Take a seat by code; returns the welcome, or raises with the site's reason."""
        await self.open()
        if self.code and self.code.upper() == code.strip().upper():
            return {"type": "welcome"}
        if self.code and not self.is_over():
            raise JagError(f"You are already seated at {self.code}. Call leave_table first.")
        if self.code:  # the last game is over: this socket belongs to it, the next table gets a new one
            await self.leave()
            await self.open()
        self._joining = asyncio.get_running_loop().create_future()
        await self._send({"type": "join", "code": code.strip()})
        reply = await self._reply(self._joining)
        self._joining = None
        if reply["type"] == "error":
            raise JagError(_refusal(reply))
        if reply["type"] == "__closed__":
            raise JagError(close_words(reply.get("code")))
        return reply

    async def move(self, move: dict[str, Any], version: int) -> dict[str, Any]:
        """Send one move made on `version` (never the latest version instead: a choice for a turn
        that has passed must be refused, not played into the next); returns the ack or the error
        (or a close)."""
        ref = f"mcp-{next(self._ids)}-{os.urandom(3).hex()}"
        future = asyncio.get_running_loop().create_future()
        self._replies[ref] = future
        await self._send({"type": "move", "id": ref, "version": version, "move": move})
        return await self._reply(future)

    async def leave(self) -> None:
        self._leaving = True
        await self._send({"type": "leave"})
        if self._reader is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(self._reader), REPLY_SECONDS)
        self.code = ""

    async def _send(self, message: dict[str, Any]) -> None:
        if self.socket is None or self.closed:
            raise JagError(self.closed or DROPPED)
        try:
            await self.socket.send(json.dumps(message))
        except ConnectionClosed as closed:
            raise JagError(close_words(_code(closed))) from None

    async def _reply(self, future: asyncio.Future[dict]) -> dict[str, Any]:
        try:
            return await asyncio.wait_for(future, REPLY_SECONDS)
        except TimeoutError:
            raise JagError("The site did not answer in time. Try again in a moment.") from None


def _code(closed: ConnectionClosed) -> int | None:
    return closed.rcvd.code if closed.rcvd is not None else None


def _refusal(error: dict[str, Any]) -> str:
    """The site's refusal in its own words, with its stable code for reference."""
    return f"{error.get('message') or 'That was refused.'} ({error.get('code', 'refused')})"
