"""Serve the site with daphne, and start this process's game clock first (unless told not to)."""

from __future__ import annotations

from typing import Any

from daphne.cli import CommandLineInterface
from daphne.server import Server
from django.conf import settings
from django.core.management.base import BaseCommand

from game.services.clock import start_in_background
from justalllowgod.lib.logs import DaphneAccessLog

APPLICATION = "justalllowgod.asgi:application"


def server_logging_like_the_site(**options: Any) -> Server:
    """daphne's Server, with its access lines (if it writes any) going through the site's logging."""
    if options.get("action_logger") is not None:
        options["action_logger"] = DaphneAccessLog()
    return Server(**options)


class SiteCommandLine(CommandLineInterface):
    """daphne's command line, but its access log follows DJANGO_LOG_FORMAT (JSON lines too)."""

    server_class = staticmethod(server_logging_like_the_site)


class Command(BaseCommand):
    help = (
        "Serve pages and sockets with daphne. The game clock runs in this process too, unless "
        "DJANGO_GAME_CLOCK_IN_PROCESS=false (then run `manage.py run_clock` beside it)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="Address to listen on (default 127.0.0.1).")
        parser.add_argument("--port", type=int, default=8000, help="Port to listen on (default 8000).")

    def handle(self, *args, host: str, port: int, verbosity: int = 1, **options) -> None:
        if settings.GAME_CLOCK_IN_PROCESS:
            start_in_background()
        # daphne's own verbosity: 0 is quiet, 1 adds an access line per request on stdout.
        daphne_args = ["-b", host, "-p", str(port), "-v", str(min(verbosity, 2)), APPLICATION]
        SiteCommandLine().run(daphne_args)
