"""Flag older finished games; safe to run again and again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from moderation.services import scan_games


class Command(BaseCommand):
    help = "Compute moderation flags for finished games (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_ids", nargs="*", type=int, help="Only these games (default: all finished).")

    def handle(self, *args: Any, **options: Any) -> None:
        scanned, created = scan_games(game_ids=options["game_ids"] or None)
        self.stdout.write(f"Scanned {scanned} finished games; {created} new flags.")
