"""Play many complete games on the live deck and print one JSON line of figures."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Play N games on the live deck with random persons and JagAI helpers, checking invariants."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seats", type=int, choices=(4, 5), default=4)
        parser.add_argument("--teams", action="store_true", help="four persons in two teams")
        parser.add_argument("--persons", type=int, default=2, help="persons at the table (not teams)")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--variant", choices=("standard", "quick", "together"), default="standard")
        parser.add_argument("--deal", type=int, choices=(7,), help="7: deal 7 cards each (young children)")
        parser.add_argument("--ask-any", action="store_true", help="ask for any story (young children)")
        parser.add_argument("--read-aloud", action="store_true", help="read the verse together, no question")

    def handle(self, *args, **options) -> None:
        from content.deal import engine_deck
        from content.models import Deck
        from game.engine.simulate import run

        if options["games"] < 1:
            raise CommandError("--games must be at least 1")
        if not 1 <= options["persons"] <= options["seats"]:
            raise CommandError("--persons must be between 1 and --seats")
        if options["teams"] and options["seats"] != 4:
            raise CommandError("teams are played with 4 seats")
        table_options = {
            "variant": options["variant"],
            "deal_seven": options["deal"] == 7,
            "ask_any": options["ask_any"],
            "read_aloud": options["read_aloud"],
        }
        if options["variant"] == "together" and (options["teams"] or options["persons"] < 2):
            raise CommandError("Together is played by 2 to 5 persons, without teams")
        try:
            deck = engine_deck(Deck.objects.get(is_live=True))
        except Deck.DoesNotExist as missing:
            raise CommandError("there is no live deck") from missing
        summary = run(
            deck,
            options["games"],
            seats=options["seats"],
            teams=options["teams"],
            seed=options["seed"],
            persons=options["persons"],
            options=table_options,
        )
        self.stdout.write(json.dumps(summary, sort_keys=True))
