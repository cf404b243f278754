"""What each member's seat last saw, and whether its page is open now: the two facts issue 32's
notices and "Since you were here" stand on. Written when a member's table socket opens and
closes (and presence refreshed by its pings), never on a move.

Both are the member's, not a page's or a device's: one `Seat.seen_version` per member and table,
moved up by whichever of their sockets opens or closes, and one presence key that any of their
open pages keeps fresh. While a page of theirs is open, everything up to now counts as seen: its
socket was sent each update as it was made, so a reload, a second device or the page after End
game has nothing new to tell them (issue 46)."""

from __future__ import annotations

from django.utils import timezone

from game.models import Seat
from game.realtime import presence


def arrived(
    *, table_id: int, user_id: int, version: int, socket: str = presence.PAGE, language: str = ""
) -> None:
    """The member's table page opened and was shown the game at `version`, in `language`: the
    language their seat reads the table in from now on (R43)."""
    presence.arrived(table_id, user_id, socket)
    _saw(table_id, user_id, version)
    if language:
        Seat.objects.filter(table_id=table_id, user_id=user_id).exclude(language=language).update(
            language=language
        )


def still_here(*, table_id: int, user_id: int, socket: str = presence.PAGE) -> None:
    """The member's table page (its socket `socket`) is still open."""
    presence.arrived(table_id, user_id, socket)


def went_away(*, table_id: int, user_id: int, version: int, socket: str = presence.PAGE) -> None:
    """The member's table page closed, having shown the game up to `version`; another page of
    theirs still open keeps them present (game/realtime/presence.py)."""
    presence.left(table_id, user_id, socket)
    _saw(table_id, user_id, version)


def sees_it_now(*, table_id: int, user_id: int) -> bool:
    """Whether a page of the member's is open at the table now, on any device: all of the game so
    far has been sent to it, so all of it counts as seen."""
    return presence.is_here(table_id, user_id)


def _saw(table_id: int, user_id: int, version: int) -> None:
    # Never backwards: a stale socket closing late must not undo what a newer page saw.
    Seat.objects.filter(table_id=table_id, user_id=user_id, seen_version__lte=version).update(
        seen_version=version, seen_at=timezone.now()
    )
