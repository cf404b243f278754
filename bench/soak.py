"""`--soak SECONDS`: the same play for half an hour, cut into windows (5 minutes by default).

Each window reports the moves due in it (count, p50, p99), the echo floor's p99 over the same
window (what "flat within noise" is measured against: the machine's own swing), the errors counted
while it was open and each server's RSS (and the bench process's own) when it closed. A window's samples are dropped once
it is summed up, so the clients hold at most two windows of samples whatever the soak's length.
"""

from __future__ import annotations

import statistics
from array import array
from dataclasses import dataclass, field
from typing import Any

from bench.load import percentiles

GRACE = 10.0  # seconds after a window ends before it is summed up: its last moves can still land
# About how many member moves a game of two members and two JagAI seats takes (the soak of session 11:
# 203,650 moves in 1,604 games). A soak's tables begin at random points of their first game.
MEMBER_MOVES_A_GAME = 127


async def spread_over_a_game(infos: list, db: Any, rng: Any) -> int:
    """Tables that opened at different times: each plays a random part of a game through the
    services before its sockets open, so games end (and the next are dealt) all through the soak,
    not all at once. How many moves that took."""
    from bench import setup_db

    played = 0
    for info in infos:
        played += await db(setup_db.play_moves, info, rng.randrange(MEMBER_MOVES_A_GAME))
    return played


@dataclass
class Timeline:
    """Windows of `length` seconds from `start` (perf_counter seconds), `count` of them."""

    start: float
    length: float
    count: int
    samples: dict[int, array] = field(default_factory=dict)  # window index -> ms, until summed up
    floor: dict[int, array] = field(default_factory=dict)  # window index -> echo ms, until summed up
    rows: list[dict[str, Any]] = field(default_factory=list)  # summed-up windows, in order
    errors_at: list[int] = field(default_factory=list)  # the error count at each window's start
    rss_at: dict[int, list[float]] = field(default_factory=dict)  # window index -> RSS at its end

    def index(self, t: float) -> int | None:
        i = int((t - self.start) // self.length)
        return i if 0 <= i < self.count and t >= self.start else None

    def add(self, due: float, ms: float) -> None:
        """A move due at `due` reached its last seat after `ms`."""
        i = self.index(due)
        if i is not None and i >= len(self.rows):
            self.samples.setdefault(i, array("d")).append(ms)

    def add_floor(self, due: float, ms: float) -> None:
        """An echo probe due at `due` came back after `ms`."""
        i = self.index(due)
        if i is not None and i >= len(self.rows):
            self.floor.setdefault(i, array("d")).append(ms)

    def tick(self, t: float, errors: int, rss: list[float], client_rss: float) -> None:
        """Called about once a second: notes window boundaries passed, sums up windows whose grace
        is over."""
        passed = min(self.count, int(max(0.0, t - self.start) // self.length))
        if not self.errors_at and t >= self.start:
            self.errors_at.append(errors)
        while len(self.errors_at) <= passed:
            # A window closed: its errors end here, and its RSS is what the processes hold now.
            self.rss_at[len(self.errors_at) - 1] = [*rss, client_rss]
            self.errors_at.append(errors)
        while len(self.rows) < self.count and t >= self.start + (len(self.rows) + 1) * self.length + GRACE:
            self._sum_up(len(self.rows))

    def finish(self) -> list[dict[str, Any]]:
        """Sum up whatever is left (the run is over)."""
        while len(self.rows) < min(self.count, len(self.rss_at)):
            self._sum_up(len(self.rows))
        return self.rows

    def _sum_up(self, i: int) -> None:
        found = percentiles(self.samples.pop(i, array("d")))
        floor = percentiles(self.floor.pop(i, array("d")))
        *servers, client = self.rss_at.get(i, [None])
        self.rows.append(
            {
                "window": i + 1,
                "from_s": round(i * self.length),
                "moves": found["n"],
                "p50_ms": found["p50"],
                "p99_ms": found["p99"],
                "floor_p99_ms": floor["p99"],
                "p99_over_floor": over(found["p99"], floor["p99"]),
                "errors": self.errors_at[i + 1] - self.errors_at[i] if i + 1 < len(self.errors_at) else None,
                "server_rss_mb": [round(r, 1) for r in servers],
                "client_rss_mb": None if client is None else round(client, 1),
            }
        )


def over(p99: float | None, floor: float | None) -> float | None:
    """A window's move p99 in units of its echo floor's p99: the machine's own swing divided out."""
    return round(p99 / floor, 2) if p99 is not None and floor else None


def trend(values: list[float]) -> float | None:
    """The least-squares slope of `values` over the windows, in % of their mean a window: near 0
    when they only wobble, clearly above it when they climb (a queue or a heap that grows)."""
    if len(values) < 2:
        return None
    slope = statistics.linear_regression(range(len(values)), values).slope
    return round(slope / statistics.fmean(values) * 100, 1)


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """RSS growth after the first window (servers together, and the clients) and the spread of p99
    over the windows, (max - min) / median in %, for the moves and for the echo floor beside them.
    "p99 flat within noise" is read off the p99 over the floor window by window: its range, and its
    trend (a slope in % of its mean a window)."""

    def growth(first: float | None, last: float | None) -> float | None:
        return round((last - first) / first * 100, 1) if first and last is not None else None

    def spread(values: list[float]) -> float | None:
        return round((max(values) - min(values)) / statistics.median(values) * 100, 1) if values else None

    done = [r for r in rows if r["server_rss_mb"]]
    p99s = [r["p99_ms"] for r in rows if r["p99_ms"] is not None]
    floors = [r["floor_p99_ms"] for r in rows if r.get("floor_p99_ms") is not None]
    ratios = [r for r in (over(r["p99_ms"], r.get("floor_p99_ms")) for r in rows) if r is not None]
    return {
        "soak_windows": len(rows),
        "rss_growth_after_first_pct": growth(sum(done[0]["server_rss_mb"]), sum(done[-1]["server_rss_mb"]))
        if done
        else None,
        "client_rss_growth_after_first_pct": growth(done[0]["client_rss_mb"], done[-1]["client_rss_mb"])
        if done
        else None,
        "p99_min_ms": min(p99s) if p99s else None,
        "p99_max_ms": max(p99s) if p99s else None,
        "p99_spread_pct": spread(p99s),
        "floor_p99_spread_pct": spread(floors),
        "p99_over_floor_min": min(ratios) if ratios else None,
        "p99_over_floor_max": max(ratios) if ratios else None,
        "p99_over_floor_trend_pct": trend(ratios),
        "p99_trend_pct": trend(p99s),
    }
