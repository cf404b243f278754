"""The statements every move runs, in plain SQL: read the locked table, game and seats, check for a
repeated move id, add the event row, save the game.

The ORM spent far more CPU turning these into SQL and back into models than the database spent
answering them: lock_game took 1.6 ms through `Manager.raw` and 3.7 ms through querysets, against
0.3 ms for the same statements on a plain cursor (docs/performance.md). So they are written here
once, from the models' own table and column names. Rows become model instances through
`Model.from_db` after the same field and backend converters a queryset applies, and values are
prepared for the database by each field's own `get_db_prep_save`, as `Model.save` does (no model
here has save signals or a custom save).

The statements run on the driver's own cursor (see `_execute_all`), and each call looks the
database connection up once: every `django.db.connection.x` is a lookup through a thread-local
proxy. A move's reads go to the database together, and so do its writes: on PostgreSQL each group
is one round trip instead of one per statement, and each statement is prepared on its connection.

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
        # The seats that already sent this move id in the table's game (a move id is per seat).
        "seen": (
            None,
            f"SELECT seat FROM {e} WHERE game_id = (SELECT id FROM {g} WHERE table_id = %s) AND move_id = %s",  # noqa: S608
        ),
    }


@cache
def _driver_sql(sql: str, paramstyle: str) -> str:
    """A statement written with Django's %s placeholders, in the driver's own style."""
    return sql.replace("%s", "?") if paramstyle == "qmark" else sql


# One statement to run: its SQL (Django's %s placeholders), its parameters, and whether to fetch.
Statement = tuple[str, list, bool]

# A transaction's start and end, sent in a pipeline with a move's statements: the BEGIN with its
# reads (see `_psycopg_execute_all`), the COMMIT with its writes (see `save_move`). Never prepared:
# they have no plan, and psycopg would otherwise prepare them like any statement it sees often.
BEGIN: Statement = ("BEGIN", [], False)
COMMIT: Statement = ("COMMIT", [], False)


def _execute_all(db: BaseDatabaseWrapper, statements: list[Statement]) -> list[list | None]:
    """Run statements in order on the driver's own cursor; each one's rows if fetched, else None.

    Django's cursor wrapper cost more CPU than these statements take to run (logging hooks, checks,
    and on SQLite a regular expression over the SQL on every call). The checks that matter are
    kept: a broken transaction refuses, a connection due for its health check gets it, and errors
    become django.db errors that mark the connection. While Django records queries (DEBUG, a test
    capturing them) the statements go through Django's cursor, so they are recorded like any other.
    What these statements skip: `connection.execute_wrapper` hooks and tools that patch Django's
    cursor wrapper (APM tracing), and psycopg's per-cursor time zone, which Django sets on the
    connection anyway (the site always runs in UTC).
    """
    if db.queries_logged:
        with db.cursor() as cursor:
            out = []
            for sql, params, fetch in statements:
                cursor.execute(sql, params)
                out.append(cursor.fetchall() if fetch else None)
            return out
    db.validate_no_broken_transaction()
    db.close_if_health_check_failed()
    db.ensure_connection()
    with db.wrap_database_errors:
        driver = db.connection
        if _is_psycopg(driver):
            # A BEGIN may go with the statements only where Django's atomic block turns
            # autocommit back on when it ends (not in Django's manual transaction mode).
            return _psycopg_execute_all(driver, statements, may_begin=db.commit_on_exit)
        style = db.Database.paramstyle
        out = []
        for sql, params, fetch in statements:
            cursor = driver.cursor()
            try:
                cursor.execute(_driver_sql(sql, style), params)
                out.append(cursor.fetchall() if fetch else None)
            finally:
                cursor.close()
        return out


@cache
def _psycopg() -> Any:
    """psycopg 3 if it is installed and its libpq can send statements together (14 or later)."""
    try:
        import psycopg
    except ImportError:
        return None
    return psycopg if psycopg.capabilities.has_pipeline() else None


def _is_psycopg(driver: Any) -> bool:
    psycopg = _psycopg()
    return psycopg is not None and isinstance(driver, psycopg.Connection)


def _psycopg_execute_all(
    driver: Any, statements: list[Statement], may_begin: bool = False
) -> list[list | None]:
    """On psycopg 3, statements go together in pipeline mode (all sent, then one sync, every result
    read back): one round trip for the lot, where each statement alone waits for its own. The
    database runs them one after another as before, in the same transaction, so a lock taken by
    one holds for those after it; if one fails, those after it are not run and its error is raised
    here. Parameters are bound on the server, so a statement run often is prepared on its
    connection and the database stops parsing and planning it (after `prepare_threshold` runs, in
    the OPTIONS of settings.DATABASES; psycopg forgets them at any rollback and prepares them
    again, which is why a refused act commits instead: `play.refusals_commit`; Django's own cursors
    bind on the client and never prepare).
    """
    if may_begin and len(statements) > 1 and _begins_here(driver):
        # psycopg would send its own BEGIN first and wait for the answer before the pipeline
        # (psycopg #401): the transaction's BEGIN goes in the pipeline instead. psycopg stays in
        # autocommit until the transaction ends, so it starts no other; Django's commit and
        # rollback still end it (psycopg sends them whenever a transaction is open), and Django
        # turns autocommit back off at its next transaction. So: BEGIN, the statements, Sync.
        driver.autocommit = True
        return _psycopg_execute_all(driver, [BEGIN, *statements])[1:]
    cursors = [_psycopg().Cursor(driver) for _ in statements]
    try:
        if len(statements) == 1:
            cursors[0].execute(statements[0][0], statements[0][1])
        else:
            with driver.pipeline():
                for cursor, statement in zip(cursors, statements, strict=True):
                    sql, params, _fetch = statement
                    unprepared = statement is COMMIT or statement is BEGIN
                    cursor.execute(sql, params, prepare=False if unprepared else None)
            # Leaving the pipeline sent the statements and read every result back.
        return [
            cursor.fetchall() if fetch else None
            for cursor, (_s, _p, fetch) in zip(cursors, statements, strict=True)
        ]
    finally:
        for cursor in cursors:
            cursor.close()


def _begins_here(driver: Any) -> bool:
    """Whether psycopg would start a transaction before the next statement: a plain BEGIN (no
    isolation level or access mode of psycopg's own to add to it) on an idle connection."""
    return (
        not driver.autocommit
        and driver.info.transaction_status == _psycopg().pq.TransactionStatus.IDLE
        and driver.isolation_level is None
        and driver.read_only is None
        and driver.deferrable is None
    )


def _execute(db: BaseDatabaseWrapper, sql: str, params: list, fetch: bool = False) -> list | None:
    return _execute_all(db, [(sql, params, fetch)])[0]


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
    results = _execute_all(db, statements)
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


def commits_here(db: BaseDatabaseWrapper) -> bool:
    """Whether a COMMIT sent now would end the caller's own transaction, and only it: the block is
    the outermost `atomic` (which commits on exit, so not a test's transaction or a savepoint),
    nothing in it failed, and the writes go in one psycopg pipeline."""
    return (
        len(db.atomic_blocks) == 1
        and db.commit_on_exit
        and not db.needs_rollback
        and not db.queries_logged
        and _is_psycopg(db.connection)
    )


def require_committed() -> None:
    """After `save_move` sent the COMMIT: raise if the transaction was opened again, which means a
    statement ran after the COMMIT in a transaction of its own (a bug: it must come before)."""
    driver = _db().connection
    if driver.info.transaction_status != _psycopg().pq.TransactionStatus.IDLE:
        raise TransactionManagementError("a statement ran after the move's COMMIT")


def save_move(event: GameEvent, game: Game, names: list[str], *, last: bool = False) -> bool:
    """Insert the move's event row (its id is not read back: nothing after a move needs it) and
    save these fields of the game, like game.save(update_fields=names): one round trip on PostgreSQL.

    `last` says the caller writes and reads nothing more in its transaction. Then, where
    `commits_here`, the COMMIT goes in the same round trip, and the `atomic` block's own commit
    finds the transaction already ended and sends nothing (psycopg's commit does nothing on an idle
    connection); its on-commit hooks run as usual. Returns whether the COMMIT was sent. If any of
    the statements fails, none after it runs and the error is raised here, so the block rolls back.
    """
    db = _db()
    statements = [_insert(db, event), _update(db, game, names)]
    db.ensure_connection()
    commit = last and commits_here(db)
    if commit:
        statements.append(COMMIT)
    _execute_all(db, statements)
    if commit:
        # Out of the autocommit the BEGIN left (see `_psycopg_execute_all`): a statement run after
        # the COMMIT by mistake opens a transaction that `require_committed` sees.
        db.connection.autocommit = False
    return commit
