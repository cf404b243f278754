"""What operators can watch (served at /metrics, justalllowgod/metrics.py): the game's own figures.

Each server process counts its own; Prometheus scrapes every process (docs/operations.md).
Moves per second is `rate(jag_moves_total[1m])`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from prometheus_client import REGISTRY, Counter, Gauge, Histogram

MOVES = Counter(
    "jag_moves",
    "Moves offered to the server, by outcome: applied, repeated (a move id already applied) or refused.",
    ["outcome"],
)
MOVE_SECONDS = Histogram(
    "jag_move_seconds",
    "Time to check, apply and record one move, from the service call to its commit.",
    buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0),
)
OPEN_SOCKETS = Gauge("jag_open_sockets", "WebSockets open in this process, by kind.", ["kind"])
LAYER_SEND_FAILURES = Counter(
    "jag_channel_layer_send_failures", "Group messages the channel layer failed to send (Redis down, say)."
)
# The clock's figures are made unregistered: a process exports them only once its clock runs
# (export_clock_metrics), so a daphne process without a clock shows none, rather than a last sweep
# at 0 that would set off the "clock stopped" alert for ever.
CLOCK_LAG = Histogram(
    "jag_clock_lag_seconds",
    "How long after its deadline a countdown or move clock fired.",
    buckets=(0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0, 30.0),
    registry=None,
)
CLOCK_SWEEP_FAILURES = Counter(
    "jag_clock_sweep_failures", "Clock sweeps that failed (the database down, say).", registry=None
)
CLOCK_LAST_SWEEP = Gauge(
    "jag_clock_last_sweep_timestamp_seconds", "When this process's clock last swept.", registry=None
)
CLOCK_METRICS = (CLOCK_LAG, CLOCK_SWEEP_FAILURES, CLOCK_LAST_SWEEP)
_clock_exported = threading.Event()
_clock_lock = threading.Lock()


def export_clock_metrics() -> None:
    """Show the clock's figures in this process's /metrics, once: called when a clock starts."""
    with _clock_lock:
        if _clock_exported.is_set():
            return
        for collector in CLOCK_METRICS:
            REGISTRY.register(collector)
        _clock_exported.set()


SOCKET_KINDS = {"/ws/lobby/": "lobby", "/ws/agent/": "agent"}
for _kind in ("lobby", "table", "agent", "other"):
    OPEN_SOCKETS.labels(_kind)  # every kind is listed from the start, at 0
for _outcome in ("applied", "repeated", "refused"):
    MOVES.labels(_outcome)


def socket_kind(path: str) -> str:
    """lobby, table, agent or other, from a socket's path."""
    if path in SOCKET_KINDS:
        return SOCKET_KINDS[path]
    return "table" if path.startswith("/ws/table/") else "other"


def open_sockets_of(scope: dict) -> Any:
    """The open-socket gauge of a socket's kind (justalllowgod/asgi.py hands it to log_sockets)."""
    return OPEN_SOCKETS.labels(socket_kind(scope.get("path", "")))


def counted_move(service: Callable[..., Any]) -> Callable[..., Any]:
    """Count a move service's calls by outcome and time them (it returns a result whose `applied`
    says whether the move was newly applied)."""

    @wraps(service)
    def counted(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            result = service(*args, **kwargs)
        except Exception:
            MOVES.labels("refused").inc()
            raise
        MOVE_SECONDS.observe(time.perf_counter() - started)
        MOVES.labels("applied" if result.applied else "repeated").inc()
        return result

    return counted
