"""A family's and a class's verses: the verse of the week a grown-up sets, chosen from the live
deck's Word cards only, and how many verses a class's children carry from it.

A verse of the week is one WeeklyVerse row set by the grown-up (verses/weekly.py gives it to them
and, for a child, to the child from their parent or their class's leader); setting another
replaces it. Setting it meets the verse for nobody: practice puts it first when each one opens it
(verses/practice.py `due_cards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from content.deal import live_dealt_stories, live_deck
from content.models import Kind
from verses.models import VerseCard, WeeklyVerse
from verses.texts import Place, read
from verses.weekly import WEEK

NOT_IN_THE_DECK = _("Choose a verse from the list: it holds the Word cards of the deck we play now.")


@dataclass(frozen=True)
class Choice:
    """One Word card's verse a grown-up may choose, as the reader's Bible names it."""

    key: str  # Place.key: "43:3:16"
    reference: str  # "John 3:16", "Juan 3:16"
    title: str  # the story's title in the reader's language


def weekly_choices(language: str) -> list[Choice]:
    """The live deck's Word cards' verses, each once, in deck order; none without a live deck."""
    deck = live_deck()
    if deck is None:
        return []
    found: dict[str, Choice] = {}
    for story in live_dealt_stories(deck):
        word = next((c for c in story.cards if c.kind == Kind.WORD and c.reference), None)
        if word is None:
            continue
        place = Place.of(word.reference)
        if place.key not in found:
            title = story.in_language(language)[0]
            found[place.key] = Choice(place.key, read(place, language).reference, title)
    return list(found.values())


def current_weekly(setter: User, now: datetime | None = None) -> WeeklyVerse | None:
    """The verse of the week this grown-up set that still runs."""
    now = now or timezone.now()
    return WeeklyVerse.objects.filter(set_by=setter, starts_at__lte=now, starts_at__gt=now - WEEK).first()


def place_from_key(key: str) -> Place | None:
    try:
        book, chapter, verse = (int(part) for part in str(key).split(":"))
    except ValueError:
        return None
    return Place(book, chapter, verse)


@transaction.atomic
def set_weekly(*, setter: User, key: str, now: datetime | None = None) -> WeeklyVerse:
    """The grown-up's verse of the week from now, for seven days, replacing any they set before.
    Only a verse of the live deck's Word cards (a ValidationError names any other, and nothing
    changes); a managed account (a child, a class's child, a guest) never sets one."""
    setter = User.objects.select_for_update().get(pk=setter.pk)
    if setter.is_managed or not setter.is_active:
        raise PermissionDenied("A child's account sets no verse of the week.")
    place = place_from_key(key)
    if place is None or place.key not in {choice.key for choice in weekly_choices("en")}:
        raise ValidationError(NOT_IN_THE_DECK, code="not_in_the_deck")
    # The one before is replaced, not kept: nothing reads a past week's verse.
    WeeklyVerse.objects.filter(set_by=setter).delete()
    return WeeklyVerse.objects.create(
        set_by=setter,
        book=place.book,
        chapter=place.chapter,
        verse=place.verse,
        starts_at=now or timezone.now(),
    )


def weekly_read(weekly: WeeklyVerse | None, language: str) -> dict | None:
    """The verse of the week as the page shows it: reference, text and until when it runs."""
    if weekly is None:
        return None
    verse = read(Place.of_row(weekly), language)
    return {
        "key": Place.of_row(weekly).key,
        "reference": verse.reference,
        "text": verse.text,
        "bible": verse.bible,
        "until": weekly.starts_at + WEEK,
    }


@dataclass(frozen=True)
class Carried:
    """One class child and the verses they met at the class's tables."""

    name: str
    verses: int


def verses_carried(classroom) -> tuple[list[Carried], int]:
    """Each child of the class (in the order they joined, never ranked) with the verses they met at
    the class's own tables, and the sum. Only meetings at this class's games count: a child a
    family claimed afterwards carries on at home, and that is not the leader's to see."""
    pupils = list(classroom.pupils.select_related("user"))
    tables = list(classroom.tables.values_list("table_id", flat=True))
    counts = dict(
        VerseCard.objects.filter(
            member_id__in=[p.user_id for p in pupils], meetings__game__table_id__in=tables
        )
        .values("member_id")
        .annotate(n=Count("pk", distinct=True))
        .values_list("member_id", "n")
    )
    # A child whose account is gone already (a row kept for its games has no name) is left out.
    carried = [Carried(p.user.gamer_tag, counts.get(p.user_id, 0)) for p in pupils if p.user.gamer_tag]
    return carried, sum(c.verses for c in carried)
