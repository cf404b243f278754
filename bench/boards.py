"""The class boards of `--classes N`: one poller per class asks the board's state as the projector
does, beside the children's tables.

static/js/class-board.js asks `GET /class/board/<id>/state/` 2 s after each answer, over the
browser's kept-alive connection, signed in as the leader. A poller asks on a fixed schedule instead
(every 2 s from a random phase, decided before it asks), so a slow answer makes the next request
late and that lateness is measured, as the moves' schedule does (bench/load.py). It times the
whole answer: from the request's due time to its body's last byte (gzipped, as a browser takes it).

What the board shows is also checked: no table in an answer may be older than the version every
child at that table had already been sent when the request went out (`board_behind` counts those).
A move reaches the board after the wait for the next poll (0-2 s) plus one such answer; the wait
is the page's choice, so the answer's latency is the server's part, and what the line reports.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import random
from array import array
from dataclasses import dataclass, field
from typing import Any

from bench.class_setup import ClassInfo
from bench.load import MOVE_TIMEOUT, Stats, TableRun, Window, now, percentiles

EVERY = 2.0  # seconds, as static/js/class-board.js (--board-every changes it)


@dataclass
class BoardStats:
    latency: array = field(default_factory=lambda: array("d"))  # ms, due -> last byte, in the window
    requests: int = 0  # every request sent, warm-up included
    failures: int = 0  # not a 200 with JSON, or no answer within MOVE_TIMEOUT
    behind: int = 0  # tables shown older than what all their children had already been sent
    body_bytes: int = 0  # on the wire, summed over the window's answers


class HttpError(Exception):
    pass


class BoardPoller:
    """One class's board: a kept-alive HTTP/1.1 connection, one GET at a time."""

    def __init__(
        self, port: int, info: ClassInfo, runs: dict[int, TableRun], stats: BoardStats, every: float = EVERY
    ) -> None:
        self.port, self.info, self.runs, self.stats, self.every = port, info, runs, stats, every
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.request = (
            f"GET /class/board/{info.class_id}/state/ HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\n"
            "Accept: application/json\r\n"
            "Accept-Encoding: gzip\r\n"
            f"Cookie: {info.leader.cookie}\r\n"
            "\r\n"
        ).encode()

    async def poll(self, start: float, window: Window, rng: random.Random) -> None:
        due = start + rng.uniform(0, self.every)
        while due < window.end:
            await asyncio.sleep(max(0.0, due - now()))
            sent = {number: min(s.version for s in run.seats) for number, run in self.runs.items()}
            self.stats.requests += 1
            try:
                body = await asyncio.wait_for(self._get(), MOVE_TIMEOUT)
                answered = now()
                shown = json.loads(gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body)
            except (OSError, ValueError, TimeoutError, asyncio.IncompleteReadError, HttpError):
                self.stats.failures += 1
                self.close()  # the next request opens a new connection, as a browser would
            else:
                if window.holds(due):
                    self.stats.latency.append((answered - due) * 1000)
                    self.stats.body_bytes += len(body)
                self._check(shown, sent)
            due += self.every

    def _check(self, shown: dict[str, Any], sent: dict[int, int]) -> None:
        for table in shown["tables"]:
            if table.get("version", -1) < sent.get(table["number"], -1):
                self.stats.behind += 1

    async def _get(self) -> bytes:
        """One request on the kept-alive connection: the body as sent (gzipped or not)."""
        if self.streams is None:
            self.streams = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.streams
        writer.write(self.request)
        await writer.drain()
        status = (await reader.readline()).split(b" ", 2)
        headers = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip().lower()
        if len(status) < 2 or status[1] != b"200":
            raise HttpError(status)
        if "content-length" in headers:
            body = await reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            body = await _chunks(reader)
        else:
            body = await reader.read()
            self.close()
        if headers.get("connection") == "close":
            self.close()
        return body

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    body = b""
    while size := int((await reader.readline()).split(b";")[0], 16):
        body += await reader.readexactly(size)
        await reader.readline()
    await reader.readline()
    return body


def fold_into(stats: Stats, class_stats: Stats, boards: BoardStats) -> None:
    """The run's error and lost-event counts cover the class tables and boards too."""
    stats.errors += class_stats.errors
    for code, count in class_stats.error_codes.items():
        stats.error_codes[f"class:{code}"] += count
    for name in ("lost_events", "out_of_order", "stale_after_catchup", "stalls"):
        setattr(stats, name, getattr(stats, name) + getattr(class_stats, name))
    if boards.failures:
        stats.errors += boards.failures
        stats.error_codes["board_failed"] += boards.failures


def fields(classes: list[ClassInfo], args, class_stats: Stats, boards: BoardStats, seconds: float) -> dict:
    """The JSON line's class figures: the class tables' moves, and the boards' state requests."""
    moves = percentiles(class_stats.move_last)
    actor = percentiles(class_stats.move_actor)
    board = percentiles(boards.latency)
    return {
        "classes": len(classes),
        "class_size": args.class_size,
        "board_every_s": args.board_every or None,
        "class_tables": sum(len(c.tables) for c in classes),
        "class_children": sum(len(t.members) for c in classes for t in c.tables.values()),
        "class_moves": moves["n"],
        "class_moves_per_s": round(moves["n"] / seconds, 1),
        "class_m_p50_ms": moves["p50"],
        "class_m_p90_ms": moves["p90"],
        "class_m_p99_ms": moves["p99"],
        "class_m_max_ms": moves["max"],
        "class_actor_p50_ms": actor["p50"],
        "class_actor_p99_ms": actor["p99"],
        "class_errors": class_stats.errors,
        "class_games_finished": class_stats.games_finished,
        "class_late_sends": class_stats.late_sends,
        "board_requests": board["n"],
        "board_requests_per_s": round(board["n"] / seconds, 1),
        "board_p50_ms": board["p50"],
        "board_p90_ms": board["p90"],
        "board_p99_ms": board["p99"],
        "board_max_ms": board["max"],
        "board_failures": boards.failures,
        "board_behind": boards.behind,
        "board_kb_per_answer": round(boards.body_bytes / board["n"] / 1024, 2) if board["n"] else None,
    }
