"""manage.py print_rules_card: the rules card as a PDF, the same file the Print page serves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.printing import files
from content.printing.sheets import Paper


class Command(BaseCommand):
    help = "Write the rules card (three to a sheet) as a PDF; its QR code opens How to play."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--paper", choices=[p.value for p in Paper], default=Paper.LETTER.value)
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.ALL_LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help="The language the file is printed in (its cards as translated, its verses from that Bible).",
        )
        parser.add_argument("-o", "--output", required=True, type=Path, help="Where to write the PDF.")
        parser.add_argument(
            "--site", default="", help="The site's public address for the QR code (default: DJANGO_SITE_URL)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # DJANGO_SITE_URL is always set: required in production, `make run`'s address in development.
        site = options["site"] or settings.SITE_URL
        if not site.startswith(("https://", "http://")):
            raise CommandError(
                "Say where the site lives, for the QR code: --site https://your.site or DJANGO_SITE_URL."
            )
        paper = Paper(options["paper"])
        url = files.how_to_play_url(site)
        options["output"].write_bytes(files.rules_card_pdf(paper, url, language=options["language"]).content)
        self.stdout.write(f"Wrote {options['output']} on {paper.label}; its QR code opens {url}.")
