"""Scripted clients over real WebSockets: seats that play legal moves, and echo probes for the floor.

Timing rules:
- Every move has a scheduled send time decided before it is sent. At human pace a table's next
  decision is due 2-5 s after the previous one was *due* (not after it was answered), so a slow
  answer makes the next move late and that lateness is measured (no coordinated omission). In hot
  mode a move is due the moment its seat's view arrives (or, if the seat is at the flood limit,
  when the limit allows it).
- Latency = arrival of the `update` carrying the move's new version - scheduled send time; for the
  acting seat and for the last member seat to get it.
- Echo probes run on their own fixed schedule on the same server process(es), through the same
  client library and event loop, at the same time as the moves; durable probes (bench/durable.py)
  run beside them on the same schedule, each answer after a committed floor transaction.
- Samples are kept in arrays of doubles (8 bytes each), so a half-hour soak's clients stay small.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from array import array
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage

from bench.setup_db import Member, TableInfo

MOVE_TIMEOUT = 10.0  # a move not seen by every seat within this is counted as a stall
FLOOD_WINDOW = 1.0
FLOOD_SENDS = 15  # the server closes a socket above 20 messages a second; stay well below
ECHO_INTERVAL = 0.5  # each echo socket: one probe every 500 ms (many sockets, each at a human rate)
ECHO_PAD = "x" * 80  # an echo frame about the size of a move frame
MAX_RESYNCS = 3  # per table: then the table stops playing (and it shows in the errors)
CONNECT_TRIES = 3

now = time.perf_counter


@dataclass
class Window:
    """The measurement window, in perf_counter seconds."""

    start: float
    end: float

    def holds(self, t: float) -> bool:
        return self.start <= t < self.end


@dataclass
class Stats:
    move_last: array = field(default_factory=lambda: array("d"))  # ms, scheduled send -> last member seat
    move_actor: array = field(default_factory=lambda: array("d"))  # ms, scheduled send -> acting seat
    echo: array = field(default_factory=lambda: array("d"))  # ms, under load
    echo_idle: array = field(default_factory=lambda: array("d"))  # ms, before the moves start
    durable: array = field(default_factory=lambda: array("d"))  # ms, the durable floor under load
    durable_idle: array = field(default_factory=lambda: array("d"))  # ms, before the moves start
    timeline: Any = None  # a soak's bench.soak.Timeline: the moves by window
    moves_sent: int = 0
    moves_before: int = 0  # a soak's: played through the services before the sockets open (spread games)
    moves_in_window: int = 0
    errors: int = 0
    error_codes: Counter = field(default_factory=Counter)
    lost_events: int = 0
    out_of_order: int = 0
    stale_after_catchup: int = 0
    stalls: int = 0
    games_finished: int = 0
    connect_failures: int = 0
    connect_retries: int = 0
    unexpected_closes: int = 0
    late_sends: int = 0  # moves that went out more than 100 ms after their scheduled time

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] += 1


@dataclass
class Pending:
    """A move on its way: when it was due, who made it, when each member seat saw its version."""

    due: float
    actor: int
    measured: bool
    arrivals: dict[int, float] = field(default_factory=dict)


class Seat:
    """One member's socket at one table."""

    def __init__(self, run: TableRun, position: int, member: Member, url: str, origin: str) -> None:
        self.run, self.position, self.member, self.url, self.origin = run, position, member, url, origin
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task | None = None
        self.version = -1  # last game version this seat has seen
        self.caught_up_to = -1  # the highest version a catchup brought
        self.view: dict | None = None
        self.view_at = 0.0  # when that view arrived
        self.sent: deque[float] = deque()
        self.closing = False

    async def open(self, code: str) -> None:
        self.closing = False
        self.ws = await connect(
            f"{self.url}/ws/table/{code}/",
            origin=self.origin,
            additional_headers={"Cookie": self.member.cookie},
            proxy=None,  # loopback only, whatever the environment says
            max_size=2**22,
            open_timeout=30,
            close_timeout=2,
            ping_interval=None,
        )
        first = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
        if first.get("type") != "welcome" or first.get("view") is None:
            raise RuntimeError(f"expected a welcome with a view, got {first.get('type')}")
        self.version, self.view, self.view_at = first["version"], first["view"], now()
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        self.closing = True
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.wait([self.reader], timeout=3)
            self.reader.cancel()

    async def send(self, message: dict) -> None:
        """Send, never above the flood limit (a real client paces itself the same way)."""
        await self.flood_gate()
        self.sent.append(now())
        assert self.ws is not None
        await self.ws.send(json.dumps(message, separators=(",", ":")))

    def flood_free_at(self) -> float:
        t = now()
        while self.sent and t - self.sent[0] >= FLOOD_WINDOW:
            self.sent.popleft()
        if len(self.sent) < FLOOD_SENDS:
            return t
        return self.sent[0] + FLOOD_WINDOW + 0.001

    async def flood_gate(self) -> None:
        wait = self.flood_free_at() - now()
        if wait > 0:
            await asyncio.sleep(wait)

    async def _read(self) -> None:
        stats = self.run.stats
        assert self.ws is not None
        try:
            async for raw in self.ws:
                t = now()
                self.run.on_message(self, json.loads(raw), t)
        except ConnectionClosed:
            pass
        except Exception as error:
            stats.error(f"reader:{type(error).__name__}")
        if not self.closing:
            code = self.ws.close_code
            stats.unexpected_closes += 1
            stats.error(f"closed:{code}")
        self.run.changed.set()


class TableRun:
    """One table: its member seats and the driver that plays its moves on schedule."""

    def __init__(
        self,
        info: TableInfo,
        urls: list[tuple[str, str]],
        stats: Stats,
        window: Window,
        *,
        hot: bool,
        pace: tuple[float, float],
        rng: random.Random,
        reopen: Callable[[list[Member]], Awaitable[TableInfo | None]],
        index: int,
    ) -> None:
        self.info, self.stats, self.window, self.hot, self.pace, self.rng = (
            info,
            stats,
            window,
            hot,
            pace,
            rng,
        )
        self.reopen = reopen
        # Members of one table are spread over the server processes (cross-process fan-out).
        self.seats = [
            Seat(self, i + 1, m, *urls[(index + i) % len(urls)]) for i, m in enumerate(info.members)
        ]
        self.pending: dict[int, Pending] = {}
        self.version = 0
        self.changed = asyncio.Event()
        self.resyncs = 0
        self.moves = 0

    async def open(self) -> None:
        await asyncio.gather(*(self._open_seat(s) for s in self.seats))
        self.version = max(s.version for s in self.seats)

    async def _open_seat(self, seat: Seat) -> None:
        """Connect like a browser that retries a refused handshake (counted, not an error)."""
        for attempt in range(CONNECT_TRIES):
            try:
                await seat.open(self.info.code)
                return
            except (OSError, TimeoutError, InvalidHandshake, InvalidMessage, ConnectionClosed):
                if attempt == CONNECT_TRIES - 1:
                    raise
                self.stats.connect_retries += 1
                await asyncio.sleep(1 + attempt)

    async def close(self) -> None:
        await asyncio.gather(*(s.close() for s in self.seats), return_exceptions=True)

    # --- what arrives -----------------------------------------------------------------------------
    def on_message(self, seat: Seat, message: dict, t: float) -> None:
        kind = message.get("type")
        if kind == "update":
            self._on_update(seat, message, t)
        elif kind == "catchup":
            version = message["version"]
            seat.caught_up_to = max(seat.caught_up_to, version)
            if version > seat.version:
                self.stats.lost_events += version - seat.version  # never arrived as live updates
                seat.version = version
            if message.get("view") is not None:
                seat.view, seat.view_at = message["view"], t
            self.changed.set()
        elif kind == "error":
            self.stats.error(str(message.get("code")))
        elif kind in ("ack", "table", "pong", "reaction", "welcome"):
            pass
        else:
            self.stats.error(f"unknown:{kind}")

    def _on_update(self, seat: Seat, message: dict, t: float) -> None:
        version = message["version"]
        if version <= seat.version:
            if version <= seat.caught_up_to:
                self.stats.stale_after_catchup += 1  # already covered by a catchup after a stall
            else:
                self.stats.out_of_order += 1
            return
        if version > seat.version + 1:
            self.stats.lost_events += version - seat.version - 1
        seat.version = version
        seat.view, seat.view_at = message["view"], t
        pending = self.pending.get(version)
        if pending is not None:
            pending.arrivals[seat.position] = t
            if len(pending.arrivals) == len(self.seats):
                del self.pending[version]
                if pending.measured:
                    self.stats.move_actor.append((pending.arrivals[pending.actor] - pending.due) * 1000)
                    last = (max(pending.arrivals.values()) - pending.due) * 1000
                    self.stats.move_last.append(last)
                    if self.stats.timeline is not None:
                        self.stats.timeline.add(pending.due, last)
        self.changed.set()

    # --- the driver ---------------------------------------------------------------------------------
    def _actor(self) -> Seat | None:
        """The seat whose turn it is at the table's current version, once its view has arrived."""
        for seat in self.seats:
            if seat.version == self.version and seat.view is not None:
                turn = seat.view["turn"]
                mover = self.seats[turn - 1] if turn and turn <= len(self.seats) else None
                if mover is not None and mover.version == self.version:
                    return mover
                if seat.view.get("result") is not None:
                    return seat
        return None

    async def _await_actor(self, until: float) -> Seat | None:
        while (actor := self._actor()) is None:
            left = until - now()
            if left <= 0:
                return None
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None
        return actor

    async def drive(self, first_due: float, stop_at: float) -> None:
        due = first_due
        while True:
            actor = await self._await_actor(min(now() + MOVE_TIMEOUT, stop_at + MOVE_TIMEOUT))
            if now() >= stop_at:
                return
            if actor is None:
                if not await self._resync():
                    return
                continue
            view = actor.view
            assert view is not None
            if view.get("result") is not None or not view["legal_moves"]:
                self.stats.games_finished += 1
                if not await self._next_game():
                    return
                due = max(due, now()) + (0 if self.hot else self.rng.uniform(*self.pace))
                continue
            if self.hot:
                due = max(actor.view_at, actor.flood_free_at(), first_due)
            else:
                due += self.rng.uniform(*self.pace)
            if due >= stop_at:
                return
            wait = due - now()
            if wait > 0:
                await asyncio.sleep(wait)
            elif wait < -0.1:
                self.stats.late_sends += 1
            move = self.rng.choice(view["legal_moves"])
            version = self.version
            measured = self.window.holds(due)
            self.pending[version + 1] = Pending(due=due, actor=actor.position, measured=measured)
            self.version = version + 1
            self.moves += 1
            self.stats.moves_sent += 1
            self.stats.moves_in_window += measured
            message = {"type": "move", "id": f"{self.info.code}-{version}", "version": version, "move": move}
            try:
                await actor.send(message)
            except ConnectionClosed:
                return  # counted by the reader

    async def _resync(self) -> bool:
        """A move was not seen in time: count it, ask every seat for what it missed (hello)."""
        self.stats.stalls += 1
        self.stats.error("stall")
        self.resyncs += 1
        if self.resyncs > MAX_RESYNCS:
            return False
        self.pending.clear()
        try:
            for seat in self.seats:
                await seat.send({"type": "hello", "version": seat.version})
        except ConnectionClosed:
            return False
        end = now() + MOVE_TIMEOUT
        while now() < end:
            top = max(s.version for s in self.seats)
            if all(s.version == top for s in self.seats):
                self.version = top
                return True
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), end - now())
            except TimeoutError:
                break
        return False

    async def _next_game(self) -> bool:
        """The game is over: wait for every seat to see the end, then the same people sit down again.
        False if they could not (counted as an error: the table stops playing)."""
        end = now() + MOVE_TIMEOUT
        while any(s.version < self.version for s in self.seats) and now() < end:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), end - now())
            except TimeoutError:
                break
        for version, pending in list(self.pending.items()):
            self.stats.lost_events += len(self.seats) - len(pending.arrivals)
            del self.pending[version]
        await self.close()
        # The old game's versions are done with: a table that fails to sit down again has lost
        # nothing of them (settle() must not count them), it has stopped, which is an error.
        self.version = -1
        for seat in self.seats:
            seat.version, seat.view, seat.caught_up_to = -1, None, -1
        try:
            info = await self.reopen(self.info.members)
            if info is None:  # a class's table plays one game: the leader makes tables for a next one
                return False
            self.info = info
            await self.open()
        except Exception as error:
            self.stats.error(f"reopen:{type(error).__name__}")
            return False
        return True

    def caught_up(self) -> bool:
        return all(s.version >= self.version for s in self.seats)

    def settle(self) -> None:
        """At the end: every version this table's moves made that a seat never got is a lost event."""
        for seat in self.seats:
            self.stats.lost_events += max(0, self.version - seat.version)
        self.pending.clear()


ECHO_PATH = "/ws/bench/echo/"


def durable_path(slot: int) -> str:
    """The durable floor socket for one slot row (bench/durable.py)."""
    return f"/ws/bench/durable/?slot={slot}"


class EchoProbe:
    """One socket to the bare echo consumer (or, with `path`, the durable floor), probing on a
    fixed schedule."""

    def __init__(self, url: str, origin: str, cookie: str, stats: Stats, path: str = ECHO_PATH) -> None:
        self.url, self.origin, self.cookie, self.stats, self.path = url, origin, cookie, stats, path
        self.lost = "echo_lost" if path == ECHO_PATH else "durable_lost"
        self.ws: ClientConnection | None = None
        self.due: dict[int, float] = {}
        self.sink: list[float] | None = None
        self.reader: asyncio.Task | None = None

    async def open(self) -> None:
        self.ws = await connect(
            f"{self.url}{self.path}",
            origin=self.origin,
            additional_headers={"Cookie": self.cookie},
            proxy=None,
            open_timeout=30,
            close_timeout=2,
            ping_interval=None,
        )
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                t = now()
                n = json.loads(raw)["n"]
                due = self.due.pop(n, None)
                if due is not None and self.sink is not None:
                    self.sink.append((t - due) * 1000)
                    if self.sink is self.stats.echo and self.stats.timeline is not None:
                        self.stats.timeline.add_floor(due, (t - due) * 1000)
        except ConnectionClosed:
            pass

    async def probe(self, sink: array, start: float, end: float, rng: random.Random) -> None:
        """Probes due every ECHO_INTERVAL from `start` (jittered phase) until `end`."""
        assert self.ws is not None
        self.sink = sink
        due, n = start + rng.uniform(0, ECHO_INTERVAL), 0
        while due < end:
            wait = due - now()
            if wait > 0:
                await asyncio.sleep(wait)
            n += 1
            self.due[n] = due
            await self.ws.send(json.dumps({"type": "echo", "n": n, "pad": ECHO_PAD}))
            due += ECHO_INTERVAL
        grace = now() + MOVE_TIMEOUT  # let the last answers in
        while self.due and now() < grace:
            await asyncio.sleep(0.05)
        for _ in self.due:
            self.stats.error(self.lost)
        self.due.clear()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


def percentiles(samples: array | list[float]) -> dict[str, Any]:
    """Nearest-rank p50/p90/p99 and the max, in ms."""
    if not samples:
        return {"p50": None, "p90": None, "p99": None, "max": None, "n": 0}
    ordered = sorted(samples)

    def rank(p: float) -> float:
        index = max(0, min(len(ordered) - 1, int(-(-p * len(ordered) // 100)) - 1))
        return round(ordered[index], 2)

    return {
        "p50": rank(50),
        "p90": rank(90),
        "p99": rank(99),
        "max": round(ordered[-1], 2),
        "n": len(ordered),
    }
