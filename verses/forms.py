"""What the practice page sends: a batch of answers, each checked whole before any is kept."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from fsrs import Rating

from justalllowgod.lib.refusals import Code, Refusal
from verses.models import Review

# The ways the practice page asks a verse; a table's own reviews come from the game, never from here.
PRACTICE_MODES = frozenset({Review.Mode.WORD, Review.Mode.PHRASE, Review.Mode.LETTERS, Review.Mode.WHOLE})
# A day's session is ten verses: a week offline is well inside this, and more is not a family's.
MOST_IN_A_BATCH = 200
MOST_BYTES = 64 * 1024
# Review.client_id's length: the page sends a UUID (36).
LONGEST_ID = 40


@dataclass(frozen=True)
class Answer:
    """One answer as the page kept it: its own id (a UUID, so a resend counts once), the card,
    fsrs's rating, how it was asked and when the member answered."""

    client_id: str
    card: int
    rating: Rating
    mode: str
    at: datetime


class BadAnswers(Refusal):
    """A batch refused (400, nothing kept); `review` names the answer at fault when one is, so the
    page can let that one go and send the rest again."""

    def __init__(self, words: str, review: str | None = None) -> None:
        super().__init__(Code.MALFORMED_MESSAGE, words)
        self.review = review


def _refuse(words: str, review: str | None = None) -> BadAnswers:
    return BadAnswers(words, review)


def parse_answers(body: bytes) -> list[Answer]:
    """The batch `{"reviews": [...]}`, or a Refusal (400) naming what is wrong: all or nothing."""
    if len(body) > MOST_BYTES:
        raise _refuse(_("Too many answers at once."))
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise _refuse(_("The answers weren't sent as JSON.")) from None
    reviews = data.get("reviews") if isinstance(data, dict) else None
    if not isinstance(reviews, list) or not reviews:
        raise _refuse(_("No answers were sent."))
    if len(reviews) > MOST_IN_A_BATCH:
        raise _refuse(_("Too many answers at once."))
    return [_answer(one) for one in reviews]


def _answer(one: object) -> Answer:
    if not isinstance(one, dict):
        raise _refuse(_("An answer wasn't understood."))
    client_id = one.get("id")
    if not isinstance(client_id, str) or not 0 < len(client_id) <= LONGEST_ID:
        raise _refuse(_("An answer has no id."))
    card, rating, mode, at = one.get("card"), one.get("rating"), one.get("mode"), one.get("at")
    if not _whole_number(card):
        raise _refuse(_("An answer names no verse."), client_id)
    if not _whole_number(rating) or rating not in {r.value for r in Rating}:
        raise _refuse(_("An answer's rating must be 1, 2, 3 or 4."), client_id)
    if mode not in PRACTICE_MODES:
        raise _refuse(_("An answer's way of practising wasn't understood."), client_id)
    try:
        when = parse_datetime(at) if isinstance(at, str) else None
    except ValueError:  # well formed, but no such day or hour
        when = None
    if when is None or when.tzinfo is None:
        raise _refuse(_("An answer's time wasn't understood."), client_id)
    return Answer(client_id=client_id, card=card, rating=Rating(rating), mode=str(mode), at=when)


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0
