"""Each dealt game's verses (reference, text, place in the reader) in each language's Bible, kept by
the process that serves it.

A move does not read the game's deal, which never changes, so the verses its messages show are read
once per game in each process (at the deal, in the one that deals) and kept in a `DealtWords`. The
one instance belongs to the game app (`GameConfig.dealt_words`, made in its `ready`): an object the
process owns and names, not state hidden in a module.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from typing import Any

from django.apps import apps

from game.models import Game

Words = dict[int, dict[str, Any]]


def words_of(cards: list[dict], language: str = "en") -> Words:
    """Each story's Word card by story position, as the table shows it once a stone is laid: in
    `language`'s Bible when the deal carries it (content/translations.py), else the KJV's; "bible"
    says which, for the reader's link (its chapter and verse are that Bible's own)."""
    out = {}
    for story in cards:
        translated = story.get("languages", {}).get(language, {}).get("verse")
        if language != "en" and translated:
            out[story["position"]] = translated
            continue
        word = story["cards"][3]
        out[story["position"]] = {
            "reference": word.get("reference"),
            "text": word.get("verse_text"),
            "book_slug": word.get("book_slug"),
            "chapter": word.get("chapter"),
            "verse": word.get("verse"),
            "bible": "kjv",
        }
    return out


class DealtWords:
    """The verses of the games this process served last, at most `kept` of them, oldest out first."""

    def __init__(self, kept: int = 512) -> None:
        self.kept = kept
        # By (id, start time, language): a test database can give a new game an old game's id.
        self._words: OrderedDict[tuple[int, datetime, str], Words] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, game: Game, language: str = "en") -> Words:
        """The game's verses in a language's Bible: one query the first time (unless its deal is
        loaded), then none."""
        key = (game.pk, game.started_at, language)
        words = self._words.get(key)
        if words is None:
            words = words_of(game.deal.cards, language)
            with self._lock:
                if len(self._words) >= self.kept:
                    self._words.popitem(last=False)
                self._words[key] = words
        return words

    def __len__(self) -> int:
        return len(self._words)


def dealt_words() -> DealtWords:
    """This process's verses, owned by the game app."""
    return apps.get_app_config("game").dealt_words
