"""Helpers for the MCP adapter's tests: the adapter over stdio, members on real sockets, form posts."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from http.cookiejar import Cookie, CookieJar
from pathlib import Path
from typing import TextIO

from django.conf import settings
from mcp import ClientSession, StdioServerParameters, stdio_client
from websockets.asyncio.client import connect

CLIENTS = Path(settings.BASE_DIR) / "clients"


@dataclass
class Tools:
    """An MCP client session on the adapter; every tool result's text is kept, to look for the token."""

    session: ClientSession
    said: list[str] = field(default_factory=list)

    async def call(self, name: str, **arguments: object) -> tuple[bool, str]:
        """(is_error, text) of one tool call."""
        result = await self.session.call_tool(name, arguments)
        text = "\n".join(part.text for part in result.content if part.type == "text")
        self.said.append(text)
        return bool(result.is_error), text


@asynccontextmanager
async def adapter(url: str, token: str, errlog: TextIO) -> AsyncIterator[Tools]:
    """`python -m jag_mcp` over stdio, started by the SDK's own client, as a desktop client would."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "jag_mcp"],
        env={"PYTHONPATH": str(CLIENTS), "JAG_URL": url, "JAG_AGENT_TOKEN": token},
    )
    async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield Tools(session)


def choose_gift(legal_text: str) -> str:
    """The test's simple policy: the first card that fits the recipient, else the first card (or
    keeping the gift, when that is all there is: R36)."""
    keys = re.findall(r"^- (give \d+): (.*)$", legal_text, flags=re.M)
    if not keys and "\n- keep: " in legal_text:
        return "keep"
    assert keys, legal_text
    return next((key for key, what in keys if "(fits" in what), keys[0][0])


def _policy(view: dict, rng: random.Random) -> dict:
    """A member who lays stones when they can, answers, goes to the Well, and otherwise asks or stops."""
    moves = view["legal_moves"]
    for name in ("knock", "seal", "answer", "well"):
        for move in moves:
            if name in move:
                return move
    asks = [m for m in moves if "ask" in m]
    if asks and (not view["asked"] or rng.random() < 0.5):
        return rng.choice(asks)
    return next((m for m in moves if "done" in m), moves[0])


@dataclass
class Member:
    """A member at the live table on their own socket, playing whenever it is their turn."""

    ws_url: str
    code: str
    cookie: str
    origin: str
    seed: int
    result: dict | None = None
    moves: int = 0

    async def play(self) -> None:
        rng, sent, moved_on = random.Random(self.seed), [], -1
        headers = {"Cookie": self.cookie, "Origin": self.origin}
        async with connect(f"{self.ws_url}/ws/table/{self.code}/", additional_headers=headers) as socket:
            async for text in socket:
                message = json.loads(text)
                view = message.get("view")
                if view is None:
                    continue
                if view["result"]:
                    self.result = view["result"]
                    return
                if view["turn"] == view["seat"] and view["legal_moves"] and message["version"] > moved_on:
                    moved_on = message["version"]
                    sent = await _paced(sent)
                    move = _policy(view, rng)
                    await socket.send(
                        json.dumps({"type": "move", "id": f"m{moved_on}", "version": moved_on, "move": move})
                    )
                    self.moves += 1


async def _paced(sent: list[float]) -> list[float]:
    """Never more than 15 messages in a second: the socket closes past 20."""
    loop = asyncio.get_running_loop()
    sent = [t for t in sent if loop.time() - t < 1.0]
    if len(sent) >= 15:
        await asyncio.sleep(1.0 - (loop.time() - sent[0]) + 0.01)
    return [*sent, loop.time()]


class FormPoster:
    """A signed-in member's plain form posts (a button on a page), with the CSRF token the page gave."""

    def __init__(self, base: str, session_key: str) -> None:
        self.base, self.jar = base, CookieJar()
        self.jar.set_cookie(_cookie("sessionid", session_key))
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def post(self, page: str, action: str, fields: dict[str, str] | None = None) -> int:
        html = self.opener.open(self.base + page, timeout=10).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        assert token, f"no form on {page}"
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token.group(1), **(fields or {})}).encode()
        request = urllib.request.Request(
            self.base + action, data=body, headers={"Origin": self.base, "Referer": self.base + page}
        )
        return self.opener.open(request, timeout=10).status


def _cookie(name: str, value: str) -> Cookie:
    return Cookie(
        0, name, value, None, False, "127.0.0.1", False, False, "/", True, False, None, False, None, None, {}
    )
