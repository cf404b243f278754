"""The sweep that fires clock deadlines: a thread in every server process, or `manage.py run_clock`."""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import close_old_connections

from game.services import expire_deadlines

log = logging.getLogger(__name__)
_started = threading.Event()


def sweep_once() -> int:
    """Fire whatever is due; a failure is logged and the next sweep tries again."""
    try:
        return expire_deadlines()
    except Exception:
        log.exception("clock sweep failed")
        return 0


def run_forever(interval: float | None = None, stop: threading.Event | None = None) -> None:
    """Sweep every interval until stopped. Row locks keep several sweepers from firing twice."""
    interval = interval or settings.GAME_CLOCK_INTERVAL_SECONDS
    stop = stop or threading.Event()
    while not stop.is_set():
        sweep_once()
        # A long-lived thread must not hold a stale or broken connection between sweeps.
        close_old_connections()
        stop.wait(interval)


def start_in_background() -> None:
    """Start this process's sweeper thread once."""
    if _started.is_set():
        return
    _started.set()
    thread = threading.Thread(target=run_forever, name="game-clock", daemon=True)
    thread.start()
    log.info("game clock started")
