"""What each member's seat last saw, and whether its page is open now: the two facts issue 32's
notices and "Since you were here" stand on. Written when a member's table socket opens and
closes (and presence refreshed by its pings), never on a move."""

from __future__ import annotations

from django.utils import timezone

from game.models import Seat
from game.realtime import presence


def arrived(*, table_id: int, user_id: int, version: int) -> None:
    """The member's table page opened and was shown the game at `version`."""
    presence.arrived(table_id, user_id)
    _saw(table_id, user_id, version)


def still_here(*, table_id: int, user_id: int) -> None:
    """A ping from the member's open page."""
    presence.arrived(table_id, user_id)


def went_away(*, table_id: int, user_id: int, version: int) -> None:
    """The member's table page closed, having shown the game up to `version`."""
    presence.left(table_id, user_id)
    _saw(table_id, user_id, version)


def _saw(table_id: int, user_id: int, version: int) -> None:
    # Never backwards: a stale socket closing late must not undo what a newer page saw.
    Seat.objects.filter(table_id=table_id, user_id=user_id, seen_version__lte=version).update(
        seen_version=version, seen_at=timezone.now()
    )
