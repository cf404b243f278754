"""The store's two public primitives, on which every act's storage is built, and the pipeline under
them: `run_together` (statements in one round trip, the transaction's BEGIN folded in) and
`write_at_commit` (writes that go to the database with the COMMIT, in its round trip).

Statements are `(sql, params, fetch)` with Django's %s placeholders; no outside input may reach the
SQL, values always go as parameters. They run on the driver's own cursor (see `execute_all`). On
PostgreSQL with psycopg 3 a group goes in one pipeline (one wait for the database), and each
statement is bound on the server, so one run often is prepared on its connection. Anywhere else
(SQLite, psycopg 2) they run one after another, with the same results.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

# One statement to run: its SQL (Django's %s placeholders), its parameters, and whether to fetch.
Statement = tuple[str, list, bool]

# A transaction's start and end, sent in a pipeline with a group's statements: the BEGIN with the
# first group (`run_together`), the COMMIT with the queued writes (postgresql/base.py). Never
# prepared: they have no plan, and psycopg would otherwise prepare them like any statement it sees
# often.
BEGIN: Statement = ("BEGIN", [], False)
COMMIT: Statement = ("COMMIT", [], False)

# Statements that write nothing: a transaction that ran only these may end with a COMMIT where
# Django would roll it back (postgresql/base.py). Savepoints are marks, not writes.
_READS = ("SELECT", "SAVEPOINT", "RELEASE", "ROLLBACK")


def is_read(sql: object) -> bool:
    """Whether a statement only reads (a SELECT, with or without its row locks)."""
    return isinstance(sql, str) and sql.lstrip()[:9].upper().startswith(_READS)


def run_together(statements: list[Statement], *, using: str = DEFAULT_DB_ALIAS) -> list[list | None]:
    """Run statements in order, each one's rows if fetched, else None: on PostgreSQL in one round
    trip, and when they are the first of an `atomic` block's transaction its BEGIN goes in the same
    round trip (no wait of its own). Writes queued by `write_at_commit` go first, in the same round
    trip, so these statements see them. The database runs them one after another in the caller's
    transaction: a lock taken by one holds for those after it; if one fails, none after it runs and
    its error (a django.db error) is raised here."""
    return execute_all(connections[using], statements)


def write_at_commit(statements: list[Statement], *, using: str = DEFAULT_DB_ALIAS) -> None:
    """Queue writes to go with the transaction's COMMIT, in its round trip: on this store's
    PostgreSQL backend (settings map PostgreSQL to it), inside an `atomic` block. Any statement run
    before the commit sends them first (so it sees them, in order); a rollback drops them; one that
    fails at the commit is raised from the `atomic` block, which rolls back. Anywhere else (SQLite,
    outside a transaction, while Django records queries) they run now, and an error is raised here.
    """
    db = connections[using]
    db.ensure_connection()
    queue = getattr(db, "queue_writes", None)
    if queue is None or not queue(statements):
        execute_all(db, statements)


@cache
def _driver_sql(sql: str, paramstyle: str) -> str:
    """A statement written with Django's %s placeholders, in the driver's own style."""
    return sql.replace("%s", "?") if paramstyle == "qmark" else sql


def execute_all(db: BaseDatabaseWrapper, statements: list[Statement]) -> list[list | None]:
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
        if is_psycopg(driver):
            sending = getattr(db, "sending", None)  # the backend's queued writes go first
            group = sending(statements) if sending is not None else statements
            # A BEGIN may go with the statements only where Django's atomic block turns
            # autocommit back on when it ends (not in Django's manual transaction mode).
            out = pipeline(driver, group, may_begin=db.in_atomic_block and db.commit_on_exit)
            return out[len(group) - len(statements) :]
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


def is_psycopg(driver: Any) -> bool:
    """Whether `driver` is a psycopg 3 connection that can pipeline."""
    psycopg = _psycopg()
    return psycopg is not None and isinstance(driver, psycopg.Connection)


def in_transaction(driver: Any) -> bool:
    """Whether the psycopg connection is in a transaction that has not failed."""
    return driver.info.transaction_status == _psycopg().pq.TransactionStatus.INTRANS


def pipeline(driver: Any, statements: list[Statement], may_begin: bool = False) -> list[list | None]:
    """On psycopg 3, statements go together in pipeline mode (all sent, then one sync, every result
    read back): one round trip for the lot, where each statement alone waits for its own. The
    database runs them one after another as before, in the same transaction, so a lock taken by
    one holds for those after it; if one fails, those after it are not run and its error is raised
    here. Parameters are bound on the server, so a statement run often is prepared on its
    connection and the database stops parsing and planning it (after `prepare_threshold` runs, in
    the OPTIONS of settings.DATABASES; psycopg forgets them at any rollback, which is why the
    backend ends a transaction that wrote nothing with a COMMIT; Django's own cursors bind on the
    client and never prepare).
    """
    if may_begin and _begins_here(driver):
        # psycopg would send its own BEGIN first and wait for the answer before the pipeline
        # (psycopg #401): the transaction's BEGIN goes in the pipeline instead. psycopg stays in
        # autocommit until the transaction ends, so it starts no other; Django's commit and
        # rollback still end it (psycopg sends them whenever a transaction is open), and Django
        # turns autocommit back off at its next transaction. So: BEGIN, the statements, Sync.
        driver.autocommit = True
        return pipeline(driver, [BEGIN, *statements])[1:]
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
