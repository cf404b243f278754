"""Run the game clock on its own, beside or instead of the sweepers inside the server processes.

It serves its own /metrics (the sweeps, their failures and lag) on a loopback port, since it is
the process that sweeps: daphne processes without a clock export no clock figures at all.
"""

from __future__ import annotations

import contextlib

from django.conf import settings
from django.core.management.base import BaseCommand
from prometheus_client import start_http_server

from game.services.clock import run_forever, sweep_once

# Loopback only: the scraper runs on this machine (docs/operations.md); nothing here is public.
METRICS_ADDRESS = "127.0.0.1"


class Command(BaseCommand):
    help = "Fire countdowns and move clocks as they run out (every second, until stopped)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="Sweep once and exit.")
        parser.add_argument("--interval", type=float, default=1.0, help="Seconds between sweeps.")
        parser.add_argument(
            "--metrics-port",
            type=int,
            default=None,
            help="Serve /metrics on 127.0.0.1 at this port (default GAME_CLOCK_METRICS_PORT; -1: none).",
        )

    def handle(
        self, *args, once: bool = False, interval: float = 1.0, metrics_port: int | None = None, **options
    ) -> None:
        if once:
            self.stdout.write(f"fired {sweep_once()} deadline(s)")
            return
        port = settings.GAME_CLOCK_METRICS_PORT if metrics_port is None else metrics_port
        if port >= 0:
            server, _thread = start_http_server(port, addr=METRICS_ADDRESS)
            self.stdout.write(f"Clock metrics on http://{METRICS_ADDRESS}:{server.server_port}/metrics")
        self.stdout.write("Game clock running; Ctrl-C to stop.")
        self.stdout.flush()
        with contextlib.suppress(KeyboardInterrupt):
            run_forever(interval)
