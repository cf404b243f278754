"""What a test's code sent to PostgreSQL, message by message, read from libpq's own trace."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection


@contextmanager
def traced(tmp_path: Path) -> Iterator[list[list[str]]]:
    """Trace the default connection (made fresh: idle, no transaction of psycopg's open) while the
    block runs; afterwards the list holds each frontend message sent, as its tab-separated fields."""
    import psycopg

    connection.close()
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    trace = tmp_path / "libpq.trace"
    sent: list[list[str]] = []
    with trace.open("w") as out:
        pgconn.trace(out.fileno())
        pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield sent
        finally:
            pgconn.untrace()
    sent.extend(line.split("\t") for line in trace.read_text().splitlines() if line.startswith("F"))


def kinds(sent: list[list[str]]) -> list[str]:
    """Each message's kind: Parse, Bind, Sync, Query..."""
    return [fields[2].split()[0] for fields in sent]


def statements(sent: list[list[str]]) -> list[str]:
    """The SQL of each simple Query and each Parse, in order."""
    return [f[3] for f in sent if f[2].startswith("Query") or f[2].startswith("Parse")]
