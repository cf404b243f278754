"""Delete guests whose time is up (R41): 30 days after their last game, or a day after asking if
nobody let them in. The clock does this every ten minutes (game/services/clock.py); this runs it
once, for an operator or a cron line."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from game.services.guests import forget_guests


class Command(BaseCommand):
    help = "Delete guest accounts 30 days after their last game, and those nobody let in after a day."

    def handle(self, *args, **options) -> None:
        gone = forget_guests()
        self.stdout.write(f"{gone} guest account{'s' if gone != 1 else ''} deleted.")
