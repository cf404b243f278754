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

Each call also runs inside `outbox.one_wake()`: what it commits wakes the event loop once, when it
returns (game/realtime/outbox.py says why).
"""

from __future__ import annotations

import time

from channels.db import DatabaseSyncToAsync
from django.db import close_old_connections, connections

from game.realtime import outbox

# How long a connection that answered is taken as healthy without asking it again.
TRUSTED_FOR_SECONDS = 1.0

# The attribute of a Django connection that holds (the driver connection that last answered a call
# in full, when). Only the socket's database thread reads and writes it: Django's connections are
# per thread, and Channels runs every call on that one thread.
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


class SocketDatabaseCall(DatabaseSyncToAsync):
    """Run a database function from a socket, on the database thread (see the module's doc)."""

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
