"""On PostgreSQL the durable floor uses the move's technique (bench/durable_store.py): the BEGIN
with the locked read in one round trip, the writes with the COMMIT in another, and statements
prepared on the connection. That is what makes it a fair floor for a move."""

from __future__ import annotations

import pytest
from django.db import connection

from bench import durable_store
from tests.libpq_trace import kinds, statements, traced

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the pipeline is psycopg 3's"),
]


@pytest.fixture
def slots():
    durable_store.create_tables(3)
    yield
    durable_store.drop_tables()


def test_the_floor_waits_for_the_database_twice_begin_and_read_then_writes_and_commit(slots, tmp_path):
    with traced(tmp_path) as sent:
        assert durable_store.durable_round(table_id=2) == 1
    sent_kinds = kinds(sent)
    # Each Sync, and each simple Query (psycopg's own BEGIN would be one), is a wait for the database.
    assert sent_kinds.count("Sync") + sent_kinds.count("Query") == 2, sent_kinds
    queries = statements(sent)
    assert '"BEGIN"' in queries[0] and "FOR UPDATE" in queries[1], queries
    assert "UPDATE" in queries[2] and "INSERT" in queries[3] and '"COMMIT"' in queries[-1], queries
    first_sync = sent_kinds.index("Sync")
    assert all("COMMIT" not in (f[3] if len(f) > 3 else "") for f in sent[:first_sync])
    assert durable_store.committed() == (1, 1)


def test_the_floors_statements_are_prepared_on_their_connection(slots):
    for _ in range(7):  # past psycopg's prepare threshold (settings: DJANGO_DB_PREPARE_THRESHOLD)
        durable_store.durable_round(table_id=1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = " ".join(row[0] for row in cursor.fetchall())
    assert "FOR UPDATE" in prepared and "INSERT INTO bench_durable_log" in prepared
    assert durable_store.committed() == (7, 7)
