"""A member's verses as a file of their own (JSON): every card as fsrs keeps it, where and when
each verse was met, and the review log as fsrs wrote it, so any FSRS tool can read it."""

from __future__ import annotations

from datetime import datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from django.utils import timezone

from accounts.models import User
from verses import schedule
from verses.models import Reminder, VerseCard, WeeklyVerse
from verses.texts import Place, read

FORMAT = "justallowgod-verses/1"


def _fsrs_version() -> str:
    try:
        return version("fsrs")
    except PackageNotFoundError:  # pragma: no cover: it is in requirements.txt
        return ""


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _card(card: VerseCard) -> dict[str, Any]:
    place = Place.of_row(card)
    return {
        # How the site names a verse (the King James Version's numbers), and its English reference.
        "reference": read(place, "en").reference,
        "book": card.book,
        "chapter": card.chapter,
        "verse": card.verse,
        "standing": str(schedule.standing(card.schedule, card.reviews)),
        "fsrs_card": card.schedule,
        "due": _when(card.due),
        "reviews": card.reviews,
        "words": card.words,
        "first_met": _when(card.first_met_at),
        "last_met": _when(card.last_met_at),
        "meetings": [
            {"how": m.how, "table_code": m.table_code, "at": _when(m.at)}
            for m in sorted(card.meetings.all(), key=lambda m: (m.at, m.pk))
        ],
        "review_log": [
            {
                "at": _when(r.at),
                "rating": r.rating,
                "mode": r.mode,
                "practised_with": r.with_member.gamer_tag if r.with_member else None,
                "fsrs_review_log": r.log,
            }
            for r in card.review_log.all()
        ],
    }


def export_of(member: User, now: datetime | None = None) -> dict[str, Any]:
    """Everything kept about the member's verses, as plain JSON data."""
    cards = (
        VerseCard.objects.filter(member=member)
        .order_by("book", "chapter", "verse")
        .prefetch_related("meetings", "review_log__with_member")
    )
    reminder = Reminder.objects.filter(member=member).first()
    weekly = WeeklyVerse.objects.filter(set_by=member)
    return {
        "format": FORMAT,
        "gamer_tag": member.gamer_tag,
        "exported_at": _when(now or timezone.now()),
        "scheduler": {"library": "fsrs", "version": _fsrs_version(), **schedule.SCHEDULER.to_dict()},
        "verses": [_card(card) for card in cards],
        "daily_reminder": bool(reminder and reminder.daily),
        "verses_of_the_week_set": [
            {
                "reference": read(Place.of_row(w), "en").reference,
                "book": w.book,
                "chapter": w.chapter,
                "verse": w.verse,
                "starts_at": _when(w.starts_at),
            }
            for w in weekly
        ],
    }


def file_name(member: User, now: datetime | None = None) -> str:
    """ "verses-Grandma_Ruth-2026-12-06.json": a tag is letters, digits and underscores already."""
    tag = "".join(ch for ch in member.gamer_tag if ch.isascii() and (ch.isalnum() or ch in "_-")) or "member"
    return f"verses-{tag}-{timezone.localdate(now or timezone.now()):%Y-%m-%d}.json"
