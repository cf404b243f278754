"""`python -m bench --flood`: one member floods inside the limits while another member pings.

Issue 28 found that one member inside the per-socket limits (10 sockets x 18 hellos a second, each
hello answered with a 25 KB catch-up) raised another member's ping from 3-4 ms to a median of
128-466 ms. This scenario measures the other member's ping (scheduled send -> pong, so a slow
answer delays the next probe's measurement too: no coordinated omission) in three phases:

- `baseline`: nobody floods (its socket stay open, quiet);
- `flood`: the flooder's sockets (10 by default, the most a member may open) send as much as the
  limits now let them: every socket a hello every WS_HELLO_SECONDS (each would bring a catch-up of
  the whole game so far), and stale moves (version -5, each a locked play_move transaction, and
  before the review of #28 each a full catch-up) and pings in turn filling the rest of the
  member's budget a second, at 90 % of it; meanwhile the flooder's partner reconnects (a new socket,
  a full welcome, closed) as often as the connect budget lets them, at 90 % of it;
- `after`: the flood has stopped (the issue saw the ping stay slow for ~9 s).

The baseline and flood phases are taken in CYCLES blocks each, in turn, so that load from outside
the benchmark weighs on both alike; `--seconds` is each phase's total.

Then the old flood (18 hellos a second on each socket) is sent for a moment, to show how the new
limits answer it: its sockets close with 4429.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bench.load import percentiles
from bench.servers import Server, log
from bench.setup_db import Member

now = time.perf_counter
PROBE_EVERY = 0.1  # the other member's ping, ten a second
CYCLES = 3  # quiet and flooded blocks, in turn
# Moves played at the flooder's table first, so that a catch-up weighs what it does late in a game.
MOVES_BEFORE = 60


async def table_socket(url: str, origin: str, code: str, member: Member) -> ClientConnection:
    ws = await connect(
        f"{url}/ws/table/{code}/",
        origin=origin,
        additional_headers={"Cookie": member.cookie},
        proxy=None,
        max_size=2**22,
        open_timeout=30,
        close_timeout=2,
        ping_interval=None,
    )
    first = json.loads(await asyncio.wait_for(ws.recv(), 30))
    if first.get("type") != "welcome":
        raise RuntimeError(f"expected a welcome, got {first}")
    return ws


@dataclass
class Flood:
    """What the flooder's sockets sent and were sent."""

    sent: int = 0
    received: Counter = field(default_factory=Counter)  # message type or error code
    bytes_in: int = 0
    closes: Counter = field(default_factory=Counter)
    stale_moves: int = 0

    async def read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                self.bytes_in += len(raw)
                message = json.loads(raw)
                kind = message.get("type")
                self.received[message.get("code", kind) if kind == "error" else kind] += 1
        except ConnectionClosed:
            pass
        self.closes[ws.close_code] += 1

    async def answered(self, timeout: float) -> None:
        """Wait, at most `timeout` seconds, until every stale move sent has had its refusal: a loaded
        server may still be answering the last of them when the flood stops, and closing the
        sockets then would lose those answers and count them as never sent."""
        deadline = now() + timeout
        while self.received["stale_version"] < self.stale_moves and now() < deadline:
            await asyncio.sleep(0.05)

    async def drive(
        self, ws: ClientConnection, until: float, hello_every: float, per_second: float, stale: bool = True
    ) -> None:
        """Send hellos every `hello_every` and, at `per_second` in all, stale moves and pings in
        turn (pings only without `stale`) on one socket until `until`."""
        next_hello, gap = now(), 1.0 / per_second
        due = now()
        try:
            while due < until:
                await asyncio.sleep(max(0.0, due - now()))
                if now() >= next_hello:
                    await ws.send('{"type":"hello","version":0}')
                    next_hello = now() + hello_every + 0.2  # never early at the server
                elif stale and self.sent % 2:
                    self.stale_moves += 1
                    move = {"type": "move", "id": f"stale{id(ws)}-{self.sent}", "version": -5}
                    await ws.send(json.dumps({**move, "move": {"well": {}}}))
                else:
                    await ws.send('{"type":"ping"}')
                self.sent += 1
                due += gap
        except ConnectionClosed:
            pass


@dataclass
class Reconnects:
    """A member who opens a new socket (and is sent a full welcome) again and again."""

    welcomed: int = 0
    refused: Counter = field(default_factory=Counter)  # close code of a socket refused at connect

    async def drive(
        self, url: str, origin: str, code: str, member: Member, until: float, every: float
    ) -> None:
        due = now()
        while due < until:
            await asyncio.sleep(max(0.0, due - now()))
            try:
                ws = await table_socket(url, origin, code, member)
            except ConnectionClosed as closed:
                self.refused[closed.rcvd.code if closed.rcvd else None] += 1
            else:
                self.welcomed += 1
                await ws.close()
            due += every


async def probe(ws: ClientConnection, until: float) -> list[float]:
    """The other member's pings, one every PROBE_EVERY, each timed from when it was due."""
    samples, due = [], now()
    while due < until:
        await asyncio.sleep(max(0.0, due - now()))
        await ws.send('{"type":"ping"}')
        while json.loads(await asyncio.wait_for(ws.recv(), 30)).get("type") != "pong":
            pass
        samples.append((now() - due) * 1000)
        due += PROBE_EVERY
        while due < now():  # a probe whose time passed while waiting is counted late, not skipped
            samples.append((now() - due) * 1000)
            due += PROBE_EVERY
    return samples


async def run_flood(args, servers: list[Server], executor: ThreadPoolExecutor, database: str) -> dict:
    from django.conf import settings

    from bench import setup_db

    loop = asyncio.get_running_loop()

    def db(fn, *a):
        return loop.run_in_executor(executor, fn, *a)

    members = await db(setup_db.make_members, f"f{int(time.time()) % 100000}", 4)
    flooder_table = await db(setup_db.open_table, members[:2])
    played = await db(setup_db.play_moves, flooder_table, MOVES_BEFORE)
    other_table = await db(setup_db.open_table, members[2:])
    (url, origin), phase = (
        (f"ws://127.0.0.1:{servers[0].port}", f"http://127.0.0.1:{servers[0].port}"),
        args.seconds,
    )
    flooder, other = members[0], members[2]
    victim = await table_socket(url, origin, other_table.code, other)
    log(f"flood: {played} moves played at the flooder's table; {phase:.0f} s a phase")

    hello_every = settings.WS_HELLO_SECONDS
    budget = settings.WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND * 0.9
    count = args.flood_sockets
    # Inside both caps: the member's budget shared by its sockets, and each socket's own.
    per_socket = min(budget / count, settings.WS_MAX_MESSAGES_PER_SECOND * 0.75)
    flood, reconnects = Flood(), Reconnects()
    partner = members[1]
    # As often as the connect budget lets the partner, at 90 % of it.
    reconnect_every = settings.WS_CONNECT_WINDOW_SECONDS / settings.WS_MAX_CONNECTS / 0.9
    sockets = [await table_socket(url, origin, flooder_table.code, flooder) for _ in range(count)]
    readers = [asyncio.create_task(flood.read(ws)) for ws in sockets]
    # Quiet and flooded blocks take turns, CYCLES times, so that a machine whose load drifts
    # (other work on it) weighs on both alike.
    baseline: list[float] = []
    flooded: list[float] = []
    block = phase / CYCLES
    for _ in range(CYCLES):
        baseline += await probe(victim, now() + block)
        until = now() + block
        drivers = [asyncio.create_task(flood.drive(ws, until, hello_every, per_socket)) for ws in sockets]
        drivers.append(
            asyncio.create_task(
                reconnects.drive(url, origin, flooder_table.code, partner, until, reconnect_every)
            )
        )
        flooded += await probe(victim, until)
        await asyncio.gather(*drivers)
    log(f"baseline: {percentiles(baseline)}")
    log(f"flood: {percentiles(flooded)}; flooder sent {flood.sent}, got {dict(flood.received)}")
    log(f"reconnects: {reconnects.welcomed} welcomed, refused {dict(reconnects.refused)}")
    after = await probe(victim, now() + block)
    log(f"after: {percentiles(after)}")
    await flood.answered(timeout=15.0)
    for ws in sockets:
        await ws.close()
    await asyncio.wait(readers, timeout=5)

    # The flood, 18 hellos a second on every socket: the limits close it.
    old = Flood()
    sockets = [await table_socket(url, origin, flooder_table.code, flooder) for _ in range(count)]
    readers = [asyncio.create_task(old.read(ws)) for ws in sockets]
    until = now() + 3.0
    drivers = [asyncio.create_task(old.drive(ws, until, 1 / 18, 18, stale=False)) for ws in sockets]
    old_flooded = await probe(victim, until)
    await asyncio.gather(*drivers)
    await asyncio.wait(readers, timeout=5)
    await victim.close()

    base, during, later, old_p = (percentiles(s) for s in (baseline, flooded, after, old_flooded))
    return {
        "scenario": "flood",
        "database": database,
        "channel_layer": "redis" if args.services else "in-memory",
        "servers": len(servers),
        "phase_s": phase,
        "moves_before": played,
        "flood_sockets": count,
        "cycles": CYCLES,
        "flood_sent_per_s": round(flood.sent / phase, 1),
        "flood_received": dict(flood.received),
        "flood_kb_in": round(flood.bytes_in / 1024, 1),
        "flood_closes": {str(k): v for k, v in flood.closes.items()},
        "flood_stale_moves": flood.stale_moves,
        "reconnects_welcomed": reconnects.welcomed,
        "reconnects_refused": {str(k): v for k, v in reconnects.refused.items()},
        "ping_baseline_p50_ms": base["p50"],
        "ping_baseline_p99_ms": base["p99"],
        "ping_flood_p50_ms": during["p50"],
        "ping_flood_p99_ms": during["p99"],
        "ping_flood_max_ms": during["max"],
        "ping_after_p50_ms": later["p50"],
        "ping_after_p99_ms": later["p99"],
        "p99_raised_ms": round(during["p99"] - base["p99"], 2),
        "old_flood_sent": old.sent,
        "old_flood_closes": {str(k): v for k, v in old.closes.items()},
        "old_flood_received": dict(old.received),
        "ping_old_flood_p50_ms": old_p["p50"],
        "ping_old_flood_p99_ms": old_p["p99"],
        "samples": [base["n"], during["n"], later["n"], old_p["n"]],
    }
