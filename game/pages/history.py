"""A member's finished and ended tables, newest first, with how they did: the start page's My games
and each child's games on the Family page."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from game.models import Table

MY_GAMES = 12


def my_games(user: Any) -> list[dict[str, Any]]:
    """The member's finished and ended tables, newest first, with how they did."""
    tables = (
        Table.objects.filter(seats__user=user, status__in=[Table.Status.FINISHED, Table.Status.ENDED])
        .select_related("game")
        .prefetch_related("seats")
        .order_by("-finished_at", "-pk")[:MY_GAMES]
    )
    return [_game_summary(table, user) for table in tables]


def _game_summary(table: Table, user: Any) -> dict[str, Any]:
    """One line of My games: when, where, and the member's place."""
    seat = next((s.position for s in table.seats.all() if s.user_id == user.pk), None)
    result = getattr(getattr(table, "game", None), "result", None) or {}
    mine = next((r for r in result.get("ranking", []) if r["seat"] == seat), None)
    if table.status == Table.Status.ENDED:
        outcome = _("Ended early, no winner")
    elif mine is None:
        outcome = _("Played by JagAI at the end")
    elif seat in result.get("winners", []):
        outcome = _("Shared win") if result.get("shared") else pgettext("a game's outcome", "Won")
    else:
        outcome = pgettext("a game's outcome: the member's rank", "Place %(rank)s") % {"rank": mine["rank"]}
    game = getattr(table, "game", None)
    return {
        "code": table.code,
        "game_id": game.pk if game else None,
        "when": table.finished_at or table.created_at,
        "kind": table.get_kind_display(),
        "outcome": outcome,
        "points": mine["points"] if mine else None,
        "won": table.status == Table.Status.FINISHED and seat in result.get("winners", []),
    }
