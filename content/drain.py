"""Before an act that would leave the live deck short of stories: which stories it takes out of new games."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from content import live
from content.models import Deck
from justalllowgod.lib.refusals import Refusal


@dataclass(frozen=True)
class Drain:
    """What an act would do to the live deck: the stories it takes out, and how many would be left."""

    deck: Deck
    leaving: list[str]
    left: int
    needed: int

    def __str__(self) -> str:
        names = ", ".join(_("“%(title)s”") % {"title": t} for t in self.leaving)
        # English says "stories" even for one (as it always has); ngettext lets others count.
        return ngettext(
            "This takes %(names)s out of new games: the live deck “%(deck)s” would deal %(left)s stories, "
            "and a game needs %(needed)s. New tables could not start.",
            "This takes %(names)s out of new games: the live deck “%(deck)s” would deal %(left)s stories, "
            "and a game needs %(needed)s. New tables could not start.",
            self.left,
        ) % {"names": names, "deck": self.deck.name, "left": self.left, "needed": self.needed}


class _Undo(Exception):
    """Raised inside the trial run so that everything it did is rolled back."""


def would_drain(act: Callable[[], object], *, needed: int) -> Drain | None:
    """Try `act` and undo it: a Drain if it would leave the live deck under `needed` stories it had
    before, else None (also when the act is refused: the real attempt will say why)."""
    deck = Deck.objects.filter(is_live=True).first()
    if deck is None:
        return None
    before = {s.story_id: s.record.title for s in live.live_stories(deck)}
    after: set[int] = set()
    try:
        with transaction.atomic():
            act()
            now_live = Deck.objects.filter(is_live=True).first()
            after = {s.story_id for s in live.live_stories(now_live)} if now_live else set()
            raise _Undo
    except _Undo:
        pass
    except (Refusal, ValidationError):
        return None
    leaving = [title for pk, title in before.items() if pk not in after]
    if not leaving or len(after) >= needed:
        return None
    return Drain(deck=deck, leaving=leaving, left=len(after), needed=needed)
