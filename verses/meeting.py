"""A member meets a verse: its card is made (new, due at once) or found, and the meeting kept."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.utils import timezone

from verses import schedule
from verses.models import Meeting, VerseCard
from verses.texts import Place

_UNIQUE = ["member", "book", "chapter", "verse"]


def meet_all(
    met: list[tuple[int, Place, str]], *, table_code: str = "", game=None, now: datetime | None = None
) -> list[VerseCard]:
    """Keep that each (member id, place, how) met that verse now: a card made new for a verse first
    met, `last_met_at` moved on for one met before, and one Meeting each. Two queries, whatever the
    number (one insert-or-update of the cards, one insert of the meetings)."""
    now = now or timezone.now()
    fresh = schedule.new_card(now).to_dict()
    cards: dict[tuple[int, Place], VerseCard] = {}
    for member, place, _how in met:
        cards.setdefault(
            (member, place),
            VerseCard(
                member_id=member,
                book=place.book,
                chapter=place.chapter,
                verse=place.verse,
                schedule={**fresh, "card_id": secrets.randbits(52)},
                due=now,
                first_met_at=now,
                last_met_at=now,
            ),
        )
    made = VerseCard.objects.bulk_create(
        list(cards.values()), update_conflicts=True, unique_fields=_UNIQUE, update_fields=["last_met_at"]
    )
    Meeting.objects.bulk_create(
        [
            Meeting(card=cards[(member, place)], how=how, table_code=table_code, game=game, at=now)
            for member, place, how in met
        ]
    )
    return made


def meet(member, place: Place, how: str, *, table_code: str = "", game=None, now=None) -> VerseCard:
    """Keep that `member` met the verse at `place` (`Meeting.How`), now."""
    return meet_all([(member.pk, place, how)], table_code=table_code, game=game, now=now)[0]
