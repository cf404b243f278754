"""Database calls from sockets: Channels' `database_sync_to_async`, with a busy connection's health
check at most once a second instead of before every call.

Django checks a persistent connection (CONN_HEALTH_CHECKS) with a `SELECT 1` at the start of each
request, and Channels makes every call from a socket a request of its own, so every move, ping and
hello paid one round trip to the database more than its own statements. Here a connection that
answered a call within the last second is taken as healthy; an idle one is checked as before, and
one whose last call met a database error is checked (and replaced if it is dead) by Django itself,
whatever its age. A connection that died within that second (PostgreSQL restarted) fails the
next call once, as an outage (game/realtime/faults.py): a move, ping or hello gets the retryable
`unavailable` answer, a socket still connecting closes with 4500 and its client connects again,
and a member's session watch looks again soon. The call after it reconnects.

The mark (which driver connection answered, and when) is kept on Django's connection object itself,
which belongs to the database thread, so nothing of it lives in this module.

Lanes. Channels runs every call of a process on one database thread. Where the database is
PostgreSQL, most of a move's time there is spent waiting for the database (its COMMIT's flush
above all), so every socket's move queued behind every other's. With `DATABASE_LANES` above 1 (the
default on PostgreSQL) a process runs its calls on that many lanes instead, each a single thread
with its own connection, and a call that names a `table_id` always takes that table's lane
(`table_id % lanes`; a call naming no table, lane 0). One table's calls in one process therefore
still run one after another, in the order they were made, and commit in that order, as on the one
thread before: what changes is that different tables no longer wait for each other. (Two server
processes never shared a thread: a table whose members sit on both is ordered by its row locks and
versions, as ever.) With one lane (SQLite's default) calls go to Channels' own database thread.

Each call also runs inside `outbox.one_wake()`: what it commits wakes the event loop once, when it
returns (game/realtime/outbox.py says why).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache

from channels.db import DatabaseSyncToAsync
from django.conf import settings
from django.db import close_old_connections, connections

from game.realtime import outbox

# How long a connection that answered is taken as healthy without asking it again.
TRUSTED_FOR_SECONDS = 1.0

# The attribute of a Django connection that holds (the driver connection that last answered a call
# in full, when). Only the socket's database thread reads and writes it: Django's connections are
# per thread, and each call runs on one thread (its lane's, or Channels' one).
ANSWERED = "jag_answered"


def _skip_recent_health_checks() -> None:
    now = time.monotonic()
    for connection in connections.all(initialized_only=True):
        driver, at = getattr(connection, ANSWERED, None) or (None, 0.0)
        if driver is not None and connection.connection is driver and now - at < TRUSTED_FOR_SECONDS:
            connection.health_check_done = True


def _note_answers() -> None:
    now = time.monotonic()
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None and not connection.errors_occurred:
            setattr(connection, ANSWERED, (connection.connection, now))
        else:
            setattr(connection, ANSWERED, None)


@cache
def lanes() -> tuple[ThreadPoolExecutor, ...]:
    """The process's database lanes, made once (a lane's thread starts at its first call); none
    with one lane, where Channels' own database thread serves."""
    count = max(1, settings.DATABASE_LANES)
    if count == 1:
        return ()
    return tuple(ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"db-lane-{n}") for n in range(count))


# A forked child (a test's live server) has none of its parent's threads: it makes lanes of its own.
os.register_at_fork(after_in_child=lanes.cache_clear)


class SocketDatabaseCall(DatabaseSyncToAsync):
    """Run a database function from a socket on its database thread: its table's lane, or
    Channels' one (see the module's doc)."""

    def __init__(self, func, lane: ThreadPoolExecutor | None = None) -> None:
        # A lane is a plain executor (asgiref's own parameter); without one, Channels' one thread.
        super().__init__(func, thread_sensitive=lane is None, executor=lane)
        self.lane = lane

    async def __call__(self, *args, **kwargs):
        every = lanes()
        if every and self.lane is None:
            lane = every[(kwargs.get("table_id") or 0) % len(every)]
            return await SocketDatabaseCall(self.func, lane)(*args, **kwargs)
        return await super().__call__(*args, **kwargs)

    def thread_handler(self, loop, *args, **kwargs):
        close_old_connections()  # as Channels does: errors, age
        _skip_recent_health_checks()
        try:
            with outbox.one_wake():
                return super(DatabaseSyncToAsync, self).thread_handler(loop, *args, **kwargs)
        finally:
            _note_answers()
            close_old_connections()


database_call = SocketDatabaseCall
