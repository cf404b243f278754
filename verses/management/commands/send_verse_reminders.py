"""Tell the grown-ups who asked that verses are due, once today each (verses/reminders.py). The
clock does this once an hour; this runs it once, for a cron or by hand."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from verses import reminders


class Command(BaseCommand):
    help = "Send today's verse reminders to the grown-ups who asked for one (never to children)."

    def handle(self, *args, **options) -> None:
        told = reminders.send_due_reminders()
        self.stdout.write(f"{told} member{'s' if told != 1 else ''} reminded.")
