"""The statements every move runs, in plain SQL, sent by the store's primitives (round_trips.py): read the locked table, game and seats, check for a
repeated move id, add the event row, save the game.

The ORM spent far more CPU turning these into SQL and back into models than the database spent
answering them: lock_game took 1.6 ms through `Manager.raw` and 3.7 ms through querysets, against
0.3 ms for the same statements on a plain cursor (docs/performance.md). So they are written here
once, from the models' own table and column names. Rows become model instances through
`Model.from_db` after the same field and backend converters a queryset applies, and values are
prepared for the database by each field's own `get_db_prep_save`, as `Model.save` does (no model
here has save signals or a custom save).

The statements run on the driver's own cursor (see `round_trips.execute_all`), and each call looks
the database connection up once: every `django.db.connection.x` is a lookup through a thread-local
proxy. A move's reads go to the database together with the transaction's BEGIN, and its writes
with the COMMIT: on PostgreSQL two round trips instead of one per statement, and each statement is
prepared on its connection. Where the transaction ends is the caller's `atomic` block's business.

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
from game.store.round_trips import Statement, execute_all, write_at_commit


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
        # The seats that already sent this move id in the table's game (a move id is per seat).
        "seen": (
            None,
            f"SELECT seat FROM {e} WHERE game_id = (SELECT id FROM {g} WHERE table_id = %s) AND move_id = %s",  # noqa: S608
        ),
    }


def _execute(db: BaseDatabaseWrapper, sql: str, params: list, fetch: bool = False) -> list | None:
    return execute_all(db, [(sql, params, fetch)])[0]


def _query(db: BaseDatabaseWrapper, name: str, params: list) -> Statement:
    return (_statements(db.vendor)[name][1], params, True)


def _instances(db: BaseDatabaseWrapper, name: str, rows: list) -> list:
    return _statements(db.vendor)[name][0].instances(db, rows)


@dataclass(frozen=True)
class MemberQuery:
    """Whose account and session a move reads with its locks (see `member_and_session`)."""

    user_id: int
    session_key: str
    now: datetime
    session_model: type[Model]


@dataclass
class Locked:
    """What a move reads under its locks: the table and game rows locked, the seats in order, the
    seats that already sent this move id, and the member and session if asked for."""

    game: Game
    table: Table
    seats: list[Seat]
    seen_by: frozenset[int] = frozenset()
    member: tuple[User | None, str | None] | None = None


def lock_move(table_id: int, move_id: str = "", member: MemberQuery | None = None) -> Locked:
    """The table and game rows locked for this transaction (table first, then game, the order every
    service locks in), then the seats, the seats that sent `move_id`, and the member's account and
    session: read after the locks, so a change committed before they were granted is seen. One
    round trip on PostgreSQL.

    Raises Game.DoesNotExist if the table has no game, and TransactionManagementError outside a
    transaction, where a lock would end with the statement (as select_for_update does).
    """
    db = _db()
    if not db.in_atomic_block:
        raise TransactionManagementError("lock_move needs a transaction")
    statements = [_query(db, name, [table_id]) for name in ("table", "game", "seats")]
    if move_id:
        statements.append(_query(db, "seen", [table_id, move_id]))
    if member is not None:
        statements.append(_member_query(db, member))
    results = execute_all(db, statements)
    tables, games, seats = (
        _instances(db, name, found)
        for name, found in zip(("table", "game", "seats"), results[:3], strict=True)
    )
    if not tables or not games:
        raise Game.DoesNotExist(f"no game at table {table_id}")
    table, game = tables[0], games[0]
    game.table = table
    for seat in seats:
        seat.table = table
    locked = Locked(game=game, table=table, seats=seats)
    if move_id:
        locked.seen_by = frozenset(seat for (seat,) in results[3])
    if member is not None:
        locked.member = _member_row(db, member, results[-1])
    return locked


def lock_game(table_id: int) -> tuple[Game, Table, list[Seat]]:
    """The table and game rows locked for this transaction, and the seats in order (see lock_move)."""
    locked = lock_move(table_id)
    return locked.game, locked.table, locked.seats


# What the per-act check reads of a member: the account's state, its parent (a child waits while
# their parent is restricted), and the password its session hash is made from. Nothing else of the
# row (no email) is read.
MEMBER_FIELDS = ("id", "password", "is_active", "restriction_kind", "restricted_until", "managed_by")


@cache
def _member_statement(vendor: str, session_model: type[Model]) -> tuple[Reader, Any, str]:
    """The member and their session in one statement: the session row only if it has not expired,
    as the database session store reads it.

    Expired when? On PostgreSQL the statement goes out with the locks' and runs once they are
    granted, so a move that waited for a lock could be let through by a session that expired while
    it waited, if only the time taken before sending (`MemberQuery.now`) were asked. So the later of
    that time and the database's clock as the statement runs is asked (a database clock ahead of
    the servers' ends sessions early on sockets by that much). SQLite's transaction holds its lock
    from its BEGIN, before `now` is taken."""
    quote = _db().ops.quote_name
    member = _reader(User, vendor, MEMBER_FIELDS)
    u, s = quote(User._meta.db_table), quote(session_model._meta.db_table)
    expire = session_model._meta.get_field("expire_date")
    key, data = (quote(session_model._meta.get_field(n).column) for n in ("session_key", "session_data"))
    now = "GREATEST(%s, clock_timestamp())" if vendor == "postgresql" else "%s"
    sql = (
        f"SELECT {member.columns}, {s}.{data} FROM {u} "  # noqa: S608
        f"LEFT JOIN {s} ON {s}.{key} = %s AND {s}.{quote(expire.column)} > {now} WHERE {u}.id = %s"
    )
    return member, expire, sql


def _member_query(db: BaseDatabaseWrapper, query: MemberQuery) -> Statement:
    _member, expire, sql = _member_statement(db.vendor, query.session_model)
    return (sql, [query.session_key, expire.get_db_prep_save(query.now, db), query.user_id], True)


def _member_row(db: BaseDatabaseWrapper, query: MemberQuery, found: list) -> tuple[User | None, str | None]:
    if not found:
        return None, None
    member = _member_statement(db.vendor, query.session_model)[0]
    row = found[0]
    return member.instances(db, [row[:-1]])[0], row[-1]


def member_and_session(query: MemberQuery) -> tuple[User | None, str | None]:
    """The member (only MEMBER_FIELDS) and their session's encoded data if it is live at
    `query.now`: one statement where the ORM took two. (None, None) when there is no such member."""
    db = _db()
    return _member_row(db, query, _execute(db, *_member_query(db, query)))


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


def _insert(db: BaseDatabaseWrapper, event: GameEvent) -> Statement:
    fields, sql = _insert_sql(GameEvent, db.vendor)
    return (sql, [f.get_db_prep_save(getattr(event, f.attname), db) for f in fields], False)


def _update(db: BaseDatabaseWrapper, game: Game, names: list[str]) -> Statement:
    fields, sql = _update_sql(Game, db.vendor, tuple(names))
    values = [f.get_db_prep_save(getattr(game, f.attname), db) for f in fields]
    return (sql, [*values, game.pk], False)


def save_move(event: GameEvent, game: Game, names: list[str]) -> None:
    """Insert the move's event row (its id is not read back: nothing after a move needs it) and
    save these fields of the game, like game.save(update_fields=names).

    On PostgreSQL the two go with the transaction's COMMIT, in its round trip
    (`round_trips.write_at_commit`): a statement run after this in the same transaction sends them
    first, so it sees them. A failure (a repeated move id, say) is then raised when the `atomic`
    block ends, which rolls the whole move back. Elsewhere they run now, and fail here.
    """
    db = _db()
    write_at_commit([_insert(db, event), _update(db, game, names)], using=db.alias)
