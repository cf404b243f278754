"""Replay every finished game from its recorded moves and check it ends where the game ended.

Run it after restoring a backup (docs/operations.md): one line per game with a digest of its final
state, so the lines from the old and the restored database can be compared as they are.
"""

from __future__ import annotations

import hashlib
import json

from django.core.management.base import BaseCommand, CommandError

from game import engine
from game.models import Game, GameEvent


def final_digest(state: engine.State) -> str:
    """A short fingerprint of a state: equal states give equal digests, whatever their key order."""
    text = json.dumps(json.loads(engine.to_json(state)), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_game(game: Game) -> tuple[bool, str]:
    """(replays to its kept end, the line to print)."""
    moves = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seat", "move"))
    kept = engine.from_json(game.state)
    try:
        replayed = engine.replay(engine.from_json(game.deal.initial_state), moves)
    except engine.IllegalMove as error:
        return False, f"game {game.pk} moves={len(moves)} replay=failed ({error})"
    same = final_digest(replayed) == final_digest(kept)
    word = "ok" if same else "DIFFERS"
    return same, f"game {game.pk} moves={len(moves)} final={final_digest(kept)} replay={word}"


class Command(BaseCommand):
    help = "Replay every finished game from its moves and check each ends as it was kept."

    def handle(self, *args, **options) -> None:
        games = Game.objects.filter(finished_at__isnull=False).select_related("deal").order_by("pk")
        failed = 0
        for game in games:
            same, line = check_game(game)
            failed += not same
            self.stdout.write(line)
        if failed:
            raise CommandError(f"{failed} finished game(s) do not replay to their kept end")
        self.stderr.write(f"{games.count()} finished game(s) replay to their kept end")
