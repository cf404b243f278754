"""The durable floor's transaction: the least a durable move needs, done the way a move does it.

Lock one row, update it, insert one row, commit. On PostgreSQL the BEGIN goes with the read in one
pipelined round trip and the writes go with the COMMIT in another, with statements prepared on
the connection, exactly as a move's storage does it, through the store's public primitives (game/store/,
`durable_round`).

The two tables are the benchmark's own: `create_tables` makes them (bench/setup_db.py calls it),
never the site's migrations. One slot row per probe socket, so probes never queue on one lock.
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.db import DEFAULT_DB_ALIAS, connections, transaction

SLOTS = "bench_durable_slot"
LOG = "bench_durable_log"
# The statements (table names are this module's constants; values always go as parameters).
SEED_SQL = f"INSERT INTO {SLOTS} (id, moves) VALUES (%s, 0)"  # noqa: S608
LOCK_SQL = f"SELECT moves FROM {SLOTS} WHERE id = %s"  # noqa: S608
UPDATE_SQL = f"UPDATE {SLOTS} SET moves = %s WHERE id = %s"  # noqa: S608
INSERT_SQL = f"INSERT INTO {LOG} (slot_id, move, at) VALUES (%s, %s, %s)"  # noqa: S608


def create_tables(slots: int) -> None:
    """The slot rows 1..slots (count 0) and an empty log; made afresh each run."""
    db = connections[DEFAULT_DB_ALIAS]
    serial = "BIGSERIAL PRIMARY KEY" if db.vendor == "postgresql" else "INTEGER PRIMARY KEY AUTOINCREMENT"
    stamp = "TIMESTAMP WITH TIME ZONE" if db.vendor == "postgresql" else "TEXT"
    with transaction.atomic(), db.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {LOG}")
        cursor.execute(f"DROP TABLE IF EXISTS {SLOTS}")
        cursor.execute(f"CREATE TABLE {SLOTS} (id INTEGER PRIMARY KEY, moves BIGINT NOT NULL)")
        cursor.execute(
            f"CREATE TABLE {LOG} (id {serial}, slot_id INTEGER NOT NULL REFERENCES {SLOTS} (id), "
            f"move BIGINT NOT NULL, at {stamp} NOT NULL)"
        )
        cursor.executemany(SEED_SQL, [(i,) for i in range(1, slots + 1)])


def drop_tables() -> None:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {LOG}")
        cursor.execute(f"DROP TABLE IF EXISTS {SLOTS}")


def slot_count() -> int:
    """How many slot rows there are (a socket naming another slot is refused)."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {SLOTS}")  # noqa: S608
        return cursor.fetchone()[0]


def committed() -> tuple[int, int]:
    """(log rows, the slots' counts added up), read from a fresh transaction: what was committed."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {LOG}")  # noqa: S608
        rows = cursor.fetchone()[0]
        cursor.execute(f"SELECT COALESCE(SUM(moves), 0) FROM {SLOTS}")  # noqa: S608
        return rows, int(cursor.fetchone()[0])


def durable_round(*, table_id: int) -> int:
    """One durable floor transaction on slot `table_id` (a slot takes a table's database lane); its
    new count. Runs on the socket's database
    thread (game.realtime.database.database_call), as a move does, through the move's own storage
    primitives (game/store/: `run_together` folds the BEGIN in with the read, `write_at_commit`
    sends the writes with the COMMIT)."""
    from game.store import run_together, write_at_commit

    slot = table_id

    db = connections[DEFAULT_DB_ALIAS]
    # SQLite has no row locks: its IMMEDIATE transaction holds the write lock from its BEGIN.
    lock = (LOCK_SQL + (" FOR UPDATE" if db.features.has_select_for_update else ""), [slot], True)
    with transaction.atomic():
        found = run_together([lock])[0]
        if not found:
            raise LookupError(f"no durable slot {slot}")
        moves = found[0][0] + 1
        at = datetime.now(UTC)
        write_at_commit(
            [
                (UPDATE_SQL, [moves, slot], False),
                (INSERT_SQL, [slot, moves, db.ops.adapt_datetimefield_value(at)], False),
            ]
        )
    return moves
