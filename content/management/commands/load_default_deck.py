"""manage.py load_default_deck: ship the rules' twenty stories, approved, without touching edits."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from content.loading import load_default_deck


class Command(BaseCommand):
    help = "Load the default deck of twenty stories; safe to run again."

    def handle(self, *args: Any, **options: Any) -> None:
        report = load_default_deck()
        if report.deck_created:
            self.stdout.write("Created the default deck.")
        self.stdout.write(f"Stories added: {len(report.created)}; already there: {len(report.kept)}.")
        self.stdout.write(f"Translations added: {report.translated}.")
        for title in report.skipped:
            self.stdout.write(self.style.WARNING(f"Left alone: {title} (its place holds another story)."))
