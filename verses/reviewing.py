"""A review of one card, by practice or at a table: fsrs reschedules it and the review is logged."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from fsrs import Rating

from verses import schedule
from verses.models import Review, VerseCard

CARD_FIELDS = ["schedule", "due", "stability", "reviews", "words"]


def review_card(
    card_id: int,
    rating: Rating,
    mode: str,
    *,
    at: datetime | None = None,
    client_id: str = "",
    with_member=None,
) -> Review:
    """Reschedule a card by one rating, under its row lock. A `client_id` already logged for this
    card returns that review and changes nothing (an offline answer sent twice counts once)."""
    with transaction.atomic():
        card = VerseCard.objects.select_for_update().get(pk=card_id)
        if client_id:
            earlier = Review.objects.filter(card=card, client_id=client_id).first()
            if earlier is not None:
                return earlier
        review = rescheduled(card, rating, mode, at=at, client_id=client_id, with_member=with_member)
        card.save(update_fields=CARD_FIELDS)
        review.save()
        return review


def rescheduled(
    card: VerseCard, rating: Rating, mode: str, *, at=None, client_id="", with_member=None
) -> Review:
    """Apply one rating to a locked card in memory and give its review, unsaved; the caller saves
    both. `at` (an answer made offline) is kept when it is past and after the card's last review;
    otherwise now."""
    when = _when(card, at, timezone.now())
    after, log = schedule.review(card.schedule, rating, when)
    card.schedule = after.to_dict()
    card.due = after.due
    card.stability = after.stability
    card.reviews += 1
    return Review(
        card=card,
        rating=int(rating),
        mode=mode,
        at=when,
        log=log.to_dict(),
        client_id=client_id,
        with_member=with_member,
    )


def _when(card: VerseCard, at: datetime | None, now: datetime) -> datetime:
    last = schedule.card_of(card.schedule).last_review
    if at is None or at > now:
        return now
    return max(at, last) if last else at


def note_word(card: VerseCard, language: str, word: str, *, right: bool) -> None:
    """Keep in memory that the member knew (or missed) one word of the verse in `language`; a word
    known after it was missed leaves the missed list. The caller saves `words`."""
    low = word.lower()
    if not low:
        return
    words = dict(card.words or {})
    old = words.get(language, {})
    missed, known = list(old.get("missed", [])), list(old.get("known", []))
    if right:
        missed = [w for w in missed if w != low]
        known += [] if low in known else [low]
    elif low not in missed:
        missed.append(low)
    words[language] = {"missed": missed, "known": known}
    card.words = words
