"""The rows every move reads, in plain SQL: the locked table and game, the seats, a repeated move id.

These run on every move, and the ORM spent more CPU building their SQL than the database spent
answering it: about 3.7 ms a move against 0.5 ms for the same rows read here (measured on the
benchmark machine; docs/performance.md). The rows still come back as model instances through
`Manager.raw`, with the usual field conversions. The game's copy of the dealt deck and its initial
state are left out (deferred, so they load if something asks for them); members and agents are
not joined in, because a move only needs their ids.

Locks are taken table first, then game, the same order as every service that locks a table.
"""

from __future__ import annotations

from functools import cache

from django.db import connection

from game.models import Game, GameEvent, Seat, Table

# Large columns a move never reads.
_GAME_UNREAD = {"initial_state"}


@cache
def _statements(vendor: str, lock: str) -> dict[str, str]:
    """The statements, built once from the models' own table and column names (no outside input)."""
    quote = connection.ops.quote_name

    def columns(model, leave_out: frozenset[str] | set[str] = frozenset()) -> str:
        return ", ".join(quote(f.column) for f in model._meta.concrete_fields if f.name not in leave_out)

    table, game, seat, event = (quote(m._meta.db_table) for m in (Table, Game, Seat, GameEvent))
    # S608: names come from model metadata; values are always passed as parameters.
    return {
        "table": f"SELECT {columns(Table)} FROM {table} WHERE id = %s{lock}",  # noqa: S608
        "game": f"SELECT {columns(Game, _GAME_UNREAD)} FROM {game} WHERE table_id = %s{lock}",  # noqa: S608
        "seats": f"SELECT {columns(Seat)} FROM {seat} WHERE table_id = %s ORDER BY position",  # noqa: S608
        "seen": f"SELECT 1 FROM {event} WHERE game_id = %s AND seat = %s AND move_id = %s LIMIT 1",  # noqa: S608
    }


def _sql(name: str) -> str:
    # SQLite has no row locks: its IMMEDIATE transactions already hold the database's write lock.
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return _statements(connection.vendor, lock)[name]


def lock_game(table_id: int) -> tuple[Game, Table, list[Seat]]:
    """The table and game rows locked for this transaction, and the seats in order (three reads).

    Raises Game.DoesNotExist if the table has no game.
    """
    tables = list(Table.objects.raw(_sql("table"), [table_id]))
    games = list(Game.objects.raw(_sql("game"), [table_id]))
    if not tables or not games:
        raise Game.DoesNotExist(f"no game at table {table_id}")
    table, game = tables[0], games[0]
    game.table = table
    seats = list(Seat.objects.raw(_sql("seats"), [table_id]))
    for seat in seats:
        seat.table = table
    return game, table, seats


def move_seen(game_id: int, seat: int, move_id: str) -> bool:
    """Whether this seat's move id was already applied in this game."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("seen"), [game_id, seat, move_id])
        return cursor.fetchone() is not None
