"""manage.py print_deck: the live deck as a PDF, the same file the Print page serves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from content.printing import files
from content.printing.sheets import Paper


class Command(BaseCommand):
    help = "Write the live deck as a print-and-play PDF: nine cards to a sheet at true size."

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
            "--backs", action="store_true", help="Add a sheet of card backs after each sheet of cards."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        paper = Paper(options["paper"])
        try:
            file = files.deck_pdf(paper, backs=options["backs"], language=options["language"])
        except files.NothingToPrint as error:
            raise CommandError(str(error)) from error
        options["output"].write_bytes(file.content)
        stories = files.live_stories()
        self.stdout.write(
            f"Wrote {options['output']}: {len(stories)} stories on {paper.label}"
            f"{' with backs' if options['backs'] else ''}. Print at 100% (Actual size), not Fit to page."
        )
