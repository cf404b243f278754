"""Idle sockets (`--idle-sockets N`): members who keep the start screen or a quiet table open.

Half are lobby sockets, half are both members' sockets at tables where nobody moves. Each one only
sends the browser's keep-alive ping (every 25 s, static/js/socket.js) and reads whatever comes. They
measure what an open socket costs the server in memory and CPU while the playing tables go on.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bench.load import Stats
from bench.servers import log
from bench.setup_db import Member, TableInfo

PING_EVERY = 25.0  # seconds, as the browser


class IdleSocket:
    """One socket that pings now and then and reads everything it is sent."""

    def __init__(self, url: str, origin: str, path: str, member: Member, stats: Stats) -> None:
        self.url, self.origin, self.path, self.member, self.stats = url, origin, path, member, stats
        self.ws: ClientConnection | None = None
        self.tasks: list[asyncio.Task] = []
        self.closing = False
        self.received: Counter[str] = Counter()  # message types, e.g. {"welcome": 1, "pong": 3}

    async def open(self, rng: random.Random, every: float = PING_EVERY) -> None:
        self.ws = await connect(
            f"{self.url}{self.path}",
            origin=self.origin,
            additional_headers={"Cookie": self.member.cookie},
            proxy=None,
            max_size=2**22,
            open_timeout=60,
            close_timeout=2,
            ping_interval=None,
        )
        self.tasks = [
            asyncio.create_task(self._read()),
            asyncio.create_task(self._ping(rng.uniform(0, every), every)),
        ]

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                kind = str(json.loads(raw).get("type"))
                self.received[kind] += 1
                if kind == "error":
                    self.stats.error("idle_error")
        except ConnectionClosed:
            pass
        if not self.closing:
            self.stats.error(f"idle_closed:{self.ws.close_code}")

    async def _ping(self, first: float, every: float = PING_EVERY) -> None:
        assert self.ws is not None
        await asyncio.sleep(first)
        while True:
            try:
                await self.ws.send('{"type":"ping"}')
            except ConnectionClosed:
                return
            await asyncio.sleep(every)

    async def close(self) -> None:
        self.closing = True
        for task in self.tasks[1:]:
            task.cancel()
        if self.ws is not None:
            await self.ws.close()
        if self.tasks:
            await asyncio.wait(self.tasks[:1], timeout=3)
            self.tasks[0].cancel()


def shares(count: int) -> tuple[int, int]:
    """How many members `count` idle sockets need: on the start screen, and seated two a table
    (an odd socket's table has a second member whose socket is not opened)."""
    at_tables = count // 2
    return count - at_tables, at_tables + at_tables % 2


def plan(
    count: int,
    lobby_members: list[Member],
    tables: list[TableInfo],
    urls: list[tuple[str, str]],
    stats: Stats,
) -> list[IdleSocket]:
    """`count` idle sockets: lobby sockets for `lobby_members`, then every member of the quiet
    `tables`, spread over the server processes in turn."""
    paths = [("/ws/lobby/", m) for m in lobby_members]
    paths += [(f"/ws/table/{t.code}/", m) for t in tables for m in t.members]
    return [
        IdleSocket(*urls[i % len(urls)], path, member, stats)
        for i, (path, member) in enumerate(paths[:count])
    ]


async def open_all(
    sockets: list[IdleSocket], rng: random.Random, stats: Stats, at_once: int = 20, every: float = PING_EVERY
) -> int:
    """Open them, `at_once` at a time; returns how many opened (a failure counts as an error)."""
    gate = asyncio.Semaphore(at_once)

    async def one(socket: IdleSocket) -> bool:
        async with gate:
            try:
                await socket.open(rng, every)
                return True
            except Exception as error:
                stats.error(f"idle_connect:{type(error).__name__}")
                return False

    return sum(await asyncio.gather(*(one(s) for s in sockets)))


async def open_idle(args, servers, stats, rng, db, tag) -> list:
    """The `--idle-sockets` sockets, open before the moves start: half on the start screen, half
    at quiet tables of two members (see bench/idle.py)."""
    from bench import setup_db

    if not args.idle_sockets:
        return []
    started = time.perf_counter()
    on_lobby, seated_count = shares(args.idle_sockets)
    quiet = []
    members = await db(setup_db.make_members, f"{tag}i", on_lobby + seated_count)
    lobby, seated = members[:on_lobby], members[on_lobby:]
    for i in range(0, len(seated), 2):
        quiet.append(await db(setup_db.open_table, seated[i : i + 2]))
    urls = [(f"ws://127.0.0.1:{s.port}", f"http://127.0.0.1:{s.port}") for s in servers]
    sockets = plan(args.idle_sockets, lobby, quiet, urls, stats)
    opened = await open_all(sockets, rng, stats)
    log(f"{opened} idle sockets ({len(quiet)} quiet tables) open in {time.perf_counter() - started:.1f} s")
    return sockets
