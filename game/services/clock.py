"""The sweep that fires clock deadlines: a thread started by `manage.py serve`, or `manage.py run_clock`.

Nothing starts it as a side effect of an import: the server process starts it explicitly
(game/management/commands/serve.py), as do the browser tests' live server and `run_clock`.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections
from django.dispatch import Signal

from game import metrics
from game.services import expire_deadlines, guests, over_days, turn_notices

log = logging.getLogger(__name__)
_started = threading.Event()
# Sent every IDLE_SWEEP_SECONDS from the sweep: apps that game must not import (classes) connect
# what they forget on schedule to it.
clock_swept = Signal()


class Sweeper:
    """Sweeps and remembers whether the last sweep failed, so an outage is logged once when it
    starts (with its traceback) and once when it ends, not once a second while it lasts."""

    def __init__(self) -> None:
        self.failing_since: float | None = None
        # When the notices (every NOTICES_SWEEP_SECONDS) and idle tables (every IDLE_SWEEP_SECONDS)
        # were last looked at (monotonic seconds): far less often than deadlines.
        self.noticed_at = float("-inf")
        self.idled_at = float("-inf")
        # Only a process whose clock runs exports the clock's figures (game/metrics.py).
        metrics.export_clock_metrics()

    def sweep(self) -> int:
        """Fire whatever is due; a failure is logged (once per outage) and the next sweep tries again."""
        try:
            fired = expire_deadlines().fired
            self.sweep_notices()
        except Exception:
            metrics.CLOCK_SWEEP_FAILURES.inc()
            if self.failing_since is None:
                self.failing_since = time.monotonic()
                log.exception("clock sweep failed; retrying every sweep, quietly until it works again")
            return 0
        metrics.CLOCK_LAST_SWEEP.set_to_current_time()
        if self.failing_since is not None:
            down = time.monotonic() - self.failing_since
            self.failing_since = None
            log.warning("clock sweep works again after %.0f s of failures", down)
        return fired

    def sweep_notices(self) -> None:
        """Turn notices and nudges (issue 32), over-days tables nobody moves at, and guests whose
        time is up."""
        now = time.monotonic()
        if now - self.noticed_at >= settings.NOTICES_SWEEP_SECONDS:
            self.noticed_at = now
            turn_notices.sweep()
        if now - self.idled_at >= IDLE_SWEEP_SECONDS:
            self.idled_at = now
            over_days.sweep_idle()
            guests.forget_guests()  # counted in days too (R41)
            clock_swept.send(sender=Sweeper)  # apps built on game forget on schedule too (classes)


# Idle over-days tables are counted in days: once every ten minutes is plenty.
IDLE_SWEEP_SECONDS = 600


def sweep_once() -> int:
    """One sweep on its own (`run_clock --once`, tests)."""
    return Sweeper().sweep()


def run_forever(interval: float | None = None, stop: threading.Event | None = None) -> None:
    """Sweep every interval until stopped. Row locks keep several sweepers from firing twice."""
    interval = interval or settings.GAME_CLOCK_INTERVAL_SECONDS
    stop = stop or threading.Event()
    sweeper = Sweeper()
    while not stop.is_set():
        sweeper.sweep()
        # A long-lived thread must not hold a stale or broken connection between sweeps.
        close_old_connections()
        stop.wait(interval)


def start_in_background() -> bool:
    """Start this process's sweeper thread, once; returns whether this call started it."""
    if _started.is_set():
        return False
    _started.set()
    thread = threading.Thread(target=run_forever, name="game-clock", daemon=True)
    thread.start()
    log.info("game clock started")
    return True
