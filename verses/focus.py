"""Which word of a verse to ask a member (R44): from what they are learning.

- A verse they have missed words of: one of those words, the first in the verse.
- A verse they know (schedule.Standing.KNOWN): a harder word, the longest they have not yet
  missed or known.
- A verse they are learning: a word they have not been asked yet, the first in the verse.
- No card, or nothing left to choose: None, and the game's own draw chooses.
"""

from __future__ import annotations

from game.engine import candidates
from verses import schedule
from verses.models import VerseCard


def word_for(card: VerseCard | None, text: str, language: str) -> str | None:
    """The word to blank in `text` (the verse in `language`) for the member whose card this is."""
    if card is None:
        return None
    words = candidates(text, language)
    if not words:
        return None
    mine = (card.words or {}).get(language, {})
    missed, known = set(mine.get("missed", ())), set(mine.get("known", ()))
    for word in words:
        if word.lower() in missed:
            return word
    fresh = [w for w in words if w.lower() not in known]
    if schedule.standing(card.schedule, card.reviews) == schedule.Standing.KNOWN:
        return max(fresh or words, key=len)
    return fresh[0] if fresh else None
