"""Run the game clock on its own, beside or instead of the sweepers inside the server processes."""

from __future__ import annotations

import contextlib

from django.core.management.base import BaseCommand

from game.clock import run_forever, sweep_once


class Command(BaseCommand):
    help = "Fire countdowns and move clocks as they run out (every second, until stopped)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="Sweep once and exit.")
        parser.add_argument("--interval", type=float, default=1.0, help="Seconds between sweeps.")

    def handle(self, *args, once: bool = False, interval: float = 1.0, **options) -> None:
        if once:
            self.stdout.write(f"fired {sweep_once()} deadline(s)")
            return
        self.stdout.write("Game clock running; Ctrl-C to stop.")
        with contextlib.suppress(KeyboardInterrupt):
            run_forever(interval)
