"""The statements every move runs, in plain SQL: read the locked table, game and seats, check for a
repeated move id, add the event row, save the game.

The ORM spent far more CPU turning these into SQL and back into models than the database spent
answering them: lock_game took 1.6 ms through `Manager.raw` and 3.7 ms through querysets, against
0.3 ms for the same statements on a plain cursor (docs/performance.md). So they are written here
once, from the models' own table and column names. Rows become model instances through
`Model.from_db` after the same field and backend converters a queryset applies, and values are
prepared for the database by each field's own `get_db_prep_save`, as `Model.save` does (no model
here has save signals or a custom save).

The statements run on the driver's own cursor (see `_execute`), and each call looks the database
connection up once: every `django.db.connection.x` is a lookup through a thread-local proxy.

What the game was dealt is in another table (`Deal`) and not read: verses come from
`broadcast.word_cards`, read once per game. Members and agents are not joined in: a move only needs
their ids. Locks are taken table first, then game, the same order as every service that locks a
table.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model
from django.db.transaction import TransactionManagementError

from accounts.models import User
from game.models import Game, GameEvent, Seat, Table


def _db() -> BaseDatabaseWrapper:
    return connections[DEFAULT_DB_ALIAS]


@dataclass(frozen=True)
class Reader:
    """How to read one model's rows: the columns, their attribute names, and their converters."""

    model: type[Model]
    columns: str
    names: list[str]
    converters: list[tuple[int, Any, list]]

    def instances(self, db: BaseDatabaseWrapper, rows: list[tuple]) -> list[Any]:
        out = []
        for row in rows:
            values = list(row)
            for i, expression, converters in self.converters:
                for convert in converters:
                    values[i] = convert(values[i], expression, db)
            out.append(self.model.from_db(db.alias, self.names, values))
        return out


@cache
def _reader(model: type[Model], vendor: str, only: tuple[str, ...] = ()) -> Reader:
    """All the model's columns, or `only` these fields (the instance defers the rest, as `.only()`
    does)."""
    db = _db()
    fields = [model._meta.get_field(name) for name in only] if only else model._meta.concrete_fields
    converters = []
    for i, field in enumerate(fields):
        expression = field.get_col(model._meta.db_table)
        found = db.ops.get_db_converters(expression) + expression.get_db_converters(db)
        if found:
            converters.append((i, expression, found))
    columns = ", ".join(
        f"{db.ops.quote_name(model._meta.db_table)}.{db.ops.quote_name(f.column)}" for f in fields
    )
    return Reader(model, columns, [f.attname for f in fields], converters)


@cache
def _statements(vendor: str) -> dict[str, tuple[Reader | None, str]]:
    """Each statement with the reader for its rows, built once per database kind (no outside input
    reaches the SQL). SQLite has no row locks: its IMMEDIATE transactions hold the write lock."""
    db = _db()
    lock = " FOR UPDATE" if db.features.has_select_for_update else ""
    quote = db.ops.quote_name
    table, game, seat = _reader(Table, vendor), _reader(Game, vendor), _reader(Seat, vendor)
    t, g, s, e = (quote(m._meta.db_table) for m in (Table, Game, Seat, GameEvent))
    # S608: names come from model metadata; values are always passed as parameters.
    return {
        "table": (table, f"SELECT {table.columns} FROM {t} WHERE id = %s{lock}"),  # noqa: S608
        "game": (game, f"SELECT {game.columns} FROM {g} WHERE table_id = %s{lock}"),  # noqa: S608
        "seats": (seat, f"SELECT {seat.columns} FROM {s} WHERE table_id = %s ORDER BY position"),  # noqa: S608
        "seen": (None, f"SELECT 1 FROM {e} WHERE game_id = %s AND seat = %s AND move_id = %s LIMIT 1"),  # noqa: S608
    }


@cache
def _driver_sql(sql: str, paramstyle: str) -> str:
    """A statement written with Django's %s placeholders, in the driver's own style."""
    return sql.replace("%s", "?") if paramstyle == "qmark" else sql


def _execute(db: BaseDatabaseWrapper, sql: str, params: list, fetch: bool = False) -> list | None:
    """Run one statement on the driver's own cursor.

    Django's cursor wrapper cost more CPU than these statements take to run (logging hooks, checks,
    and on SQLite a regular expression over the SQL on every call). The checks that matter are
    kept: a broken transaction refuses, a connection due for its health check gets it, and errors
    become django.db errors that mark the connection. While Django records queries (DEBUG, a test
    capturing them) the statement goes through Django's cursor, so it is recorded like any other.
    What these statements skip: `connection.execute_wrapper` hooks and tools that patch Django's
    cursor wrapper (APM tracing), and psycopg's per-cursor time zone, which Django sets on the
    connection anyway (the site always runs in UTC).
    """
    if db.queries_logged:
        with db.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall() if fetch else None
    db.validate_no_broken_transaction()
    db.close_if_health_check_failed()
    db.ensure_connection()
    with db.wrap_database_errors:
        cursor = db.connection.cursor()
        try:
            cursor.execute(_driver_sql(sql, db.Database.paramstyle), params)
            return cursor.fetchall() if fetch else None
        finally:
            cursor.close()


def _run(db: BaseDatabaseWrapper, name: str, params: list) -> list:
    reader, sql = _statements(db.vendor)[name]
    rows = _execute(db, sql, params, fetch=True)
    return reader.instances(db, rows) if reader is not None else rows


def lock_game(table_id: int) -> tuple[Game, Table, list[Seat]]:
    """The table and game rows locked for this transaction, and the seats in order (three reads).

    Raises Game.DoesNotExist if the table has no game, and TransactionManagementError outside a
    transaction, where a lock would end with the statement (as select_for_update does).
    """
    db = _db()
    if not db.in_atomic_block:
        raise TransactionManagementError("lock_game needs a transaction")
    tables = _run(db, "table", [table_id])
    games = _run(db, "game", [table_id])
    if not tables or not games:
        raise Game.DoesNotExist(f"no game at table {table_id}")
    table, game = tables[0], games[0]
    game.table = table
    seats = _run(db, "seats", [table_id])
    for seat in seats:
        seat.table = table
    return game, table, seats


def move_seen(game_id: int, seat: int, move_id: str) -> bool:
    """Whether this seat's move id was already applied in this game."""
    return bool(_run(_db(), "seen", [game_id, seat, move_id]))


# What the per-act check reads of a member: the account's state, and the password its session
# hash is made from. Nothing else of the row (no email) is read.
MEMBER_FIELDS = ("id", "password", "is_active", "restriction_kind", "restricted_until")


@cache
def _member_statement(vendor: str, session_model: type[Model]) -> tuple[Reader, Any, str]:
    """The member and their session in one statement: the session row only if it has not expired,
    as the database session store reads it."""
    quote = _db().ops.quote_name
    member = _reader(User, vendor, MEMBER_FIELDS)
    u, s = quote(User._meta.db_table), quote(session_model._meta.db_table)
    expire = session_model._meta.get_field("expire_date")
    key, data = (quote(session_model._meta.get_field(n).column) for n in ("session_key", "session_data"))
    sql = (
        f"SELECT {member.columns}, {s}.{data} FROM {u} "  # noqa: S608
        f"LEFT JOIN {s} ON {s}.{key} = %s AND {s}.{quote(expire.column)} > %s WHERE {u}.id = %s"
    )
    return member, expire, sql


def member_and_session(
    user_id: int, session_key: str, now: datetime, session_model: type[Model]
) -> tuple[User | None, str | None]:
    """The member (only MEMBER_FIELDS) and their session's encoded data if it is live at `now`:
    one statement where the ORM took two. (None, None) when there is no such member."""
    db = _db()
    member, expire, sql = _member_statement(db.vendor, session_model)
    rows = _execute(db, sql, [session_key, expire.get_db_prep_save(now, db), user_id], fetch=True)
    if not rows:
        return None, None
    row = rows[0]
    return member.instances(db, [row[:-1]])[0], row[-1]


@cache
def _insert_sql(model: type[Model], vendor: str) -> tuple[list, str]:
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    quote = _db().ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    return fields, f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"  # noqa: S608


@cache
def _update_sql(model: type[Model], vendor: str, names: tuple[str, ...]) -> tuple[list, str]:
    fields = [model._meta.get_field(name) for name in names]
    quote = _db().ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    pk = quote(model._meta.pk.column)
    return fields, f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {pk} = %s"  # noqa: S608


def add_event(event: GameEvent) -> None:
    """Insert a new event row (its id is not read back: nothing after a move needs it)."""
    db = _db()
    fields, sql = _insert_sql(GameEvent, db.vendor)
    _execute(db, sql, [f.get_db_prep_save(getattr(event, f.attname), db) for f in fields])


def save_game(game: Game, names: list[str]) -> None:
    """Save these fields of the game, like game.save(update_fields=names)."""
    db = _db()
    fields, sql = _update_sql(Game, db.vendor, tuple(names))
    values = [f.get_db_prep_save(getattr(game, f.attname), db) for f in fields]
    _execute(db, sql, [*values, game.pk])
