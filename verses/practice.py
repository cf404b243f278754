"""A practice session: the verses due today, each asked in the way its memory is ready for.

- the missing word (as at the table): three choices, the word chosen as R44 chooses it;
- the next phrase: the verse's beginning, and three phrases to follow it;
- the first letters of each word: say it, then see it, then say how it went;
- the whole verse from its reference alone: the same.

The modes follow the card's stability (how many days FSRS expects the verse to be remembered), so a
verse climbs from recognising a word to saying it whole. The page gets each item's answer with it:
the session is the member's own, nothing is at stake, and it must work offline.
"""

from __future__ import annotations

import random
import re
from datetime import datetime

from django.utils import timezone

from game.engine import make_question
from verses import schedule
from verses.focus import word_for
from verses.meeting import meet
from verses.models import Meeting, Review, VerseCard
from verses.texts import Place, read
from verses.weekly import weekly_for

SESSION_SIZE = 10
# Days of stability after which a verse is asked a harder way.
PHRASE_AFTER, LETTERS_AFTER, WHOLE_AFTER = 2.0, 7.0, 21.0
_PHRASE_END = re.compile(r"(?<=[,;:.?!])\s+")
_WORD = re.compile(r"\S+")
_APOSTROPHES = "'\u2019"


def mode_for(card: VerseCard) -> str:
    """How a verse is practised: by how long FSRS expects it remembered."""
    stability = card.stability or 0.0
    if card.reviews == 0 or stability < PHRASE_AFTER:
        return Review.Mode.WORD
    if stability < LETTERS_AFTER:
        return Review.Mode.PHRASE
    if stability < WHOLE_AFTER:
        return Review.Mode.LETTERS
    return Review.Mode.WHOLE


def due_cards(member, now: datetime | None = None, size: int = SESSION_SIZE) -> list[VerseCard]:
    """Today's session: the verse of the week first (due or not), then the verses due soonest."""
    now = now or timezone.now()
    cards: list[VerseCard] = []
    weekly = weekly_for(member, now)
    if weekly is not None:
        place = Place.of_row(weekly)
        found = VerseCard.objects.filter(
            member=member, book=place.book, chapter=place.chapter, verse=place.verse
        )
        card = found.first() or meet(member, place, Meeting.How.WEEKLY, now=now)
        cards.append(card)
    more = VerseCard.objects.filter(member=member, due__lte=schedule.due_soon(now)).exclude(
        pk__in=[c.pk for c in cards]
    )
    cards += list(more.order_by("due", "pk")[: size - len(cards)])
    return cards


def item(card: VerseCard, language: str, rng: random.Random | None = None) -> dict:
    """One card as the practice page asks it, in `language`'s Bible, with its answer."""
    rng = rng or random.Random()
    verse = read(Place.of_row(card), language)
    mode = mode_for(card)
    out = {
        "card": card.pk,
        "reference": verse.reference,
        "text": verse.text,
        "bible": verse.bible,
        "reader_url": verse.reader_url,
        "language": verse.language,
        "mode": str(mode),
        "weekly": False,
    }
    if mode == Review.Mode.PHRASE:
        phrase = next_phrase(verse.text, rng)
        if phrase is None:
            mode = Review.Mode.WORD
        else:
            out["phrase"] = phrase
    if mode == Review.Mode.WORD:
        question = word_question(card, verse.text, verse.language, rng)
        if question is None:  # a verse with no word to blank is said from its first letters
            mode = Review.Mode.LETTERS
        else:
            out["word"] = question
    if mode == Review.Mode.LETTERS:
        out["letters"] = first_letters(verse.text)
    out["mode"] = str(mode)
    return out


def word_question(card: VerseCard, text: str, language: str, rng: random.Random) -> dict | None:
    """The missing word, chosen as R44 chooses it at a table, with two look-alike wrong words."""
    question = make_question([text], 1, rng, (), language, prefer=word_for(card, text, language))
    if question is None:
        return None
    return {"text": question["text"], "choices": question["choices"], "answer": question["answer"]}


def phrases(text: str) -> list[str]:
    """A verse cut where its punctuation pauses, long pieces halved, so each is said in a breath."""
    out: list[str] = []
    for piece in _PHRASE_END.split(text.strip()):
        words = piece.split()
        while len(words) > 9:
            out.append(" ".join(words[:6]))
            words = words[6:]
        if words:
            out.append(" ".join(words))
    return out


def next_phrase(text: str, rng: random.Random) -> dict | None:
    """The verse's opening phrases and three to follow them (one right), or None for a verse too
    short to cut in three."""
    parts = phrases(text)
    if len(parts) < 3:
        return None
    at = rng.randrange(1, len(parts))
    right = parts[at]
    others = [p for i, p in enumerate(parts) if i != at and i != at - 1 and p != right]
    if len(others) < 2:
        return None
    choices = [right, *rng.sample(others, 2)]
    rng.shuffle(choices)
    return {
        "shown": " ".join(parts[:at]),
        "choices": choices,
        "answer": choices.index(right),
        "rest": " ".join(parts[at + 1 :]),
    }


def first_letters(text: str) -> str:
    """Each word's first letter with its punctuation kept: "For God so loved" -> "F G s l"."""
    out = []
    for token in _WORD.findall(text.replace("[", "").replace("]", "")):
        letters = [ch for ch in token if ch.isalpha()]
        if not letters:
            out.append(token)
            continue
        first = token.index(letters[0])
        tail = "".join(ch for ch in token[first + 1 :] if not ch.isalpha() and ch not in _APOSTROPHES)
        out.append(token[:first] + letters[0] + tail)
    return " ".join(out)


def session(member, language: str, now: datetime | None = None) -> list[dict]:
    """Today's items for the member, in `language`'s Bible; the verse of the week marked."""
    cards = due_cards(member, now)
    weekly = weekly_for(member, now or timezone.now())
    items = []
    for card in cards:
        asked = item(card, language)
        asked["weekly"] = weekly is not None and Place.of_row(card) == Place.of_row(weekly)
        items.append(asked)
    return items
