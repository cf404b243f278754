"""Django's PostgreSQL backend, plus the two things a move's storage needs of its connection.

1. Writes queued by `round_trips.write_at_commit` go to the database with the COMMIT, in one
   round trip (`_commit`). Any cursor handed out before then sends them first (`_cursor`), and so
   does the store's next group of statements (`sending`), so whatever runs after them sees them,
   in order. A rollback drops them: they never reached the database.
2. A transaction that wrote nothing ends with a COMMIT where Django would roll it back
   (`_rollback`): the same outcome for the data, but psycopg forgets every prepared statement of
   the connection at a rollback, and every socket of a process shares that connection, so one
   client's refused moves would make everyone's next moves parse and plan again. What counts as
   written: any statement but a SELECT or a savepoint's, through Django's cursors or the store's
   primitives. Code that wrote on the driver's own connection behind both would be committed by a
   rollback: nothing does, and nothing may.

Everything else is Django's own backend. Settings use this one for every PostgreSQL database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLWrapper

from game.store import round_trips
from game.store.round_trips import COMMIT, Statement


class DatabaseWrapper(PostgreSQLWrapper):
    """PostgreSQL with writes that can wait for the COMMIT, and read-only transactions that end
    with one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queued: list[Statement] = []
        # Whether the transaction has sent anything but reads (Django's statements are seen by
        # `_note_writes`, the store's by `sending`).
        self.wrote = False
        self.execute_wrappers.append(self._note_writes)

    def queue_writes(self, statements: list[Statement]) -> bool:
        """Hold these writes for the COMMIT; False (nothing held) where they must run now: outside
        a transaction, while Django records queries (so they are recorded), or without psycopg 3."""
        if not self.in_atomic_block or self.queries_logged or not round_trips.is_psycopg(self.connection):
            return False
        self.validate_no_broken_transaction()
        self.queued.extend(statements)
        return True

    def sending(self, statements: list[Statement]) -> list[Statement]:
        """The group to send for the store's `statements`: the queued writes first."""
        if not self.wrote and not all(round_trips.is_read(sql) for sql, _p, _f in statements):
            self.wrote = True
        if not self.queued:
            return statements
        self.wrote = True
        group, self.queued = [*self.queued, *statements], []
        return group

    def flush_writes(self) -> None:
        """Send the queued writes now, in one round trip (before a statement that must see them)."""
        group, self.queued = self.queued, []
        self.wrote = True
        with self.wrap_database_errors:
            round_trips.pipeline(self.connection, group)

    def _cursor(self, name: str | None = None) -> Any:
        if self.queued:
            self.flush_writes()
        return super()._cursor(name)

    def _note_writes(self, execute: Callable, sql: Any, params: Any, many: bool, context: dict) -> Any:
        if not self.wrote and not round_trips.is_read(sql):
            self.wrote = True
        return execute(sql, params, many, context)

    def _commit(self) -> None:
        if not self.queued:
            self._ended()
            return super()._commit()
        group, self.queued = [*self.queued, COMMIT], []
        self._ended()
        # The writes and the COMMIT in one round trip. If a write fails, the COMMIT is not run and
        # the error is raised: the atomic block rolls back and the connection goes on.
        with self.wrap_database_errors:
            round_trips.pipeline(self.connection, group)

    def _rollback(self) -> None:
        wrote = self.wrote
        self.queued = []
        self._ended()
        driver = self.connection
        if (
            driver is not None
            and not wrote
            and round_trips.is_psycopg(driver)
            and round_trips.in_transaction(driver)
        ):
            # Nothing was written: COMMIT ends it as a ROLLBACK would, and keeps the prepared
            # statements. A transaction that failed is rolled back as usual.
            with self.wrap_database_errors:
                return driver.commit()
        return super()._rollback()

    def _set_autocommit(self, autocommit: bool) -> None:
        if not autocommit:  # a transaction starts: nothing queued, nothing written yet
            self.queued = []
            self._ended()
        super()._set_autocommit(autocommit)

    def _close(self) -> None:
        self.queued = []
        self._ended()
        super()._close()

    def _ended(self) -> None:
        self.wrote = False
