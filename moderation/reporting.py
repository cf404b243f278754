"""What a member's report of a name (name_reports.py) and of how someone played (play_reports.py)
share: who may report, which seat they mean, and how many reports an hour one member may send."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _

from accounts.models import User
from game.models import Seat, Table, Watcher
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal

WINDOW_SECONDS = 3600
OVER = [Table.Status.FINISHED, Table.Status.ENDED]


def visible_tables(user: User) -> QuerySet[Table]:
    """Tables whose seats this member sees: where they sit or sat, where they watch, and a finished
    game a child of theirs played (a parent replays it from the child's seat, moderation/views.py)."""
    watching = Watcher.objects.live().filter(table=OuterRef("pk"), user=user)
    childs_game = Q(seats__user__managed_by=user, status__in=OVER)
    return Table.objects.filter(Q(seats__user=user) | childs_game | Exists(watching))


def number(value: Any) -> int | None:
    """A positive whole number as a form sends it, or None for anything else."""
    try:
        found = int(value)
    except (TypeError, ValueError):
        return None
    return found if 0 < found < 2**31 else None


def find_seat(user: User, *, seat: Any, code: str, game_id: Any) -> Seat:
    """The seat as this member sees it, at a table by its code or in a game's replay; an unknown
    seat and a table they cannot see get one answer."""
    position, game = number(seat), number(game_id)
    tables = visible_tables(user)
    by_game = game is not None
    table = (tables.filter(game__pk=game) if by_game else tables.by_code(code or "")).first()
    found = None
    if table is not None and position is not None:
        found = Seat.objects.select_related("user", "table").filter(table=table, position=position).first()
    if found is None:
        raise Refusal(Code.NO_SUCH_SEAT)
    return found


def require_may_report(reporter: User) -> User:
    """The reporter's row, locked and read now: signed in, active, not restricted."""
    if not getattr(reporter, "is_authenticated", False):
        raise Refusal(Code.SIGN_IN, _("Please sign in to send a report."))
    row = User.objects.select_for_update().filter(pk=reporter.pk).first()
    if row is None or not row.is_active:
        raise Refusal(Code.SIGN_IN, _("Please sign in to send a report."))
    restriction = row.restriction()
    if restriction is not None:
        raise Refusal(Code.RESTRICTED, restriction.message)
    return row


def take_allowance(reporter: User) -> None:
    """Reports one member may send in an hour, names and play together: plenty for a family, too
    few to flood the reviewers."""
    key = f"reports:member:{reporter.pk}"
    cache.add(key, 0, timeout=WINDOW_SECONDS)
    try:
        made = cache.incr(key)
    except ValueError:  # the key lapsed between add and incr
        made = 1
        cache.set(key, made, timeout=WINDOW_SECONDS)
    if made > settings.MODERATION_REPORTS_PER_HOUR:
        raise Refusal(Code.TOO_MANY_REPORTS)
