"""End classes their leaders forgot, and delete class children and reports whose time is up
(classes/forgetting.py). The clock does this every ten minutes; this runs it once."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from classes.forgetting import forget_classes


class Command(BaseCommand):
    help = "End forgotten classes; delete class children 7 days after their class, reports after 30."

    def handle(self, *args, **options) -> None:
        gone = forget_classes()
        self.stdout.write(f"{gone} class child account{'s' if gone != 1 else ''} deleted.")
