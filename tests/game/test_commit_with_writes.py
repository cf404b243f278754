"""A move's COMMIT rides in its writes' round trip on PostgreSQL (rows.save_move), and only when
it ends the move's own transaction and nothing is written after it."""

from __future__ import annotations

import psycopg
import pytest
from django.db import IntegrityError, connection, connections, transaction
from django.db.transaction import TransactionManagementError

from game import engine, services
from game.errors import GameError
from game.models import Game, GameEvent, Seat
from game.realtime import outbox
from game.services import rows
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table, play_one_move

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the pipeline is psycopg 3's"),
]


@pytest.fixture
def batches(monkeypatch):
    """The SQL of every batch a move sends through rows, first word of each statement."""
    seen: list[list[str]] = []
    real = rows._execute_all

    def spying(db, statements):
        seen.append([sql.split()[0] for sql, _params, _fetch in statements])
        return real(db, statements)

    monkeypatch.setattr(rows, "_execute_all", spying)
    return seen


@pytest.fixture
def commits(monkeypatch):
    """psycopg's own commit calls, with the transaction status each one found."""
    found: list[str] = []
    real = psycopg.Connection.commit

    def spying(self):
        found.append(psycopg.pq.TransactionStatus(self.pgconn.transaction_status).name)
        return real(self)

    monkeypatch.setattr(psycopg.Connection, "commit", spying)
    return found


@pytest.fixture
def sent(monkeypatch):
    out: list = []
    monkeypatch.setattr(outbox, "send_all", out.append)
    return out


@pytest.fixture
def game(live_deck):
    host, guest = UserFactory(), UserFactory()
    return deal_private_table(host, guest), {1: host, 2: guest}


def _version_elsewhere(table_id: int) -> int:
    """The game's version as another connection sees it: only what was committed."""
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT version FROM game_game WHERE table_id = %s", [table_id])
            return cursor.fetchone()[0]
    finally:
        other.close()


def test_a_move_commits_in_its_writes_round_trip_and_its_updates_go_once(game, batches, commits, sent):
    table, members = game
    version = play_one_move(table.pk, members)
    writes = [b for b in batches if b[0] == "INSERT"]
    assert writes == [["INSERT", "UPDATE", "COMMIT"]]
    # The move's atomic block, the last to commit, found its transaction ended and sent nothing.
    assert commits[-1] == "IDLE"
    assert _version_elsewhere(table.pk) == version
    assert len(sent) == 1 and {group for group, _message in sent[0]} == {
        f"table-{table.pk}-user-{members[1].pk}",
        f"table-{table.pk}-user-{members[2].pk}",
    }


def test_the_commit_is_never_prepared(game):
    table, members = game
    for _ in range(8):  # past psycopg's prepare threshold
        play_one_move(table.pk, members)
    prepared = _prepared()
    assert any(sql.startswith("INSERT INTO") for sql in prepared)
    assert not [sql for sql in prepared if "COMMIT" in sql.upper()]


def test_inside_a_callers_transaction_the_move_leaves_the_commit_to_it(game, batches, sent):
    table, members = game
    before = Game.objects.get(table=table).version
    with transaction.atomic():
        play_one_move(table.pk, members)
        transaction.set_rollback(True)  # the caller changes its mind: the move goes with it
    assert [b for b in batches if b[0] == "INSERT"] == [["INSERT", "UPDATE"]]
    assert _version_elsewhere(table.pk) == before
    assert sent == []


def test_a_move_that_changes_a_seat_commits_as_before(game, batches, commits):
    table, members = game
    # Seat 2's row says JagAI where the game still has the member: the move puts the row right,
    # then reads the seats again for the table's message after its event, so the COMMIT cannot
    # go with the event.
    Seat.objects.filter(table=table, position=2).update(kind=Seat.Kind.HELPER)
    version = play_one_move(table.pk, members)
    assert [b for b in batches if b[0] == "INSERT"] == [["INSERT", "UPDATE"]]
    assert commits[-1] == "INTRANS"
    assert _version_elsewhere(table.pk) == version
    assert Seat.objects.get(table=table, position=2).kind == Seat.Kind.PERSON


def test_a_failed_write_commits_nothing_and_the_connection_goes_on(game, sent):
    table, members = game
    play_one_move(table.pk, members)
    before = Game.objects.get(table=table)
    clash = GameEvent(
        game=before, seq=before.version, seat=1, move={}, events=[], server_time=before.started_at
    )
    before.version += 1
    with pytest.raises(IntegrityError), transaction.atomic():
        rows.lock_move(table.pk)
        rows.save_move(clash, before, ["version"], last=True)  # seq already taken: nothing runs after
    assert _version_elsewhere(table.pk) == before.version - 1
    assert play_one_move(table.pk, members) == before.version
    assert _version_elsewhere(table.pk) == before.version


def _prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_a_refused_move_ends_its_transaction_without_forgetting_the_prepared_statements(game):
    table, members = game
    for _ in range(8):  # past psycopg's prepare threshold
        version = play_one_move(table.pk, members)
    assert any("FOR UPDATE" in sql for sql in _prepared())
    turn = engine.from_json(Game.objects.get(table=table).state)["turn"]
    with pytest.raises(GameError) as refused:
        services.play_move(
            table_id=table.pk,
            user=members[turn],
            session_key=signed_in_session(members[turn]),
            move_id="stale",
            version=version - 1,
            move={},
        )
    assert refused.value.code == "stale_version"
    # A rollback would have made psycopg deallocate them all.
    assert any("FOR UPDATE" in sql for sql in _prepared())
    assert _version_elsewhere(table.pk) == version


def test_a_move_waits_for_the_database_twice_begin_and_reads_then_writes_and_commit(game, tmp_path):
    table, members = game
    state = engine.from_json(Game.objects.get(table=table).state)
    mover = members[state["turn"]]
    key = signed_in_session(mover)
    move = engine.legal_moves(state, state["turn"])[0]
    connection.close()  # a fresh connection: idle, with no transaction of psycopg's open
    connection.ensure_connection()
    pgconn = connection.connection.pgconn
    trace = tmp_path / "libpq.trace"
    with trace.open("w") as out:
        pgconn.trace(out.fileno())
        pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            services.play_move(
                table_id=table.pk, user=mover, session_key=key, move_id="traced", version=0, move=move
            )
        finally:
            pgconn.untrace()
    sent = [line.split("\t") for line in trace.read_text().splitlines() if line.startswith("F")]
    kinds = [fields[2].split()[0] for fields in sent]
    # Each Sync is one wait for the database: the BEGIN goes with the reads, the COMMIT with the writes.
    assert kinds.count("Sync") == 2, kinds
    queries = [f[3] for f in sent if f[2].startswith("Query") or f[2].startswith("Parse")]
    assert '"BEGIN"' in queries[0] and "FOR UPDATE" in queries[1] and '"COMMIT"' in queries[-1], queries


def test_a_refused_reaction_keeps_the_prepared_statements_too(game):
    table, members = game
    for _ in range(8):
        play_one_move(table.pk, members)
    key = signed_in_session(members[1])
    services.react(table_id=table.pk, user=members[1], session_key=key, reaction="amen")
    with pytest.raises(GameError) as refused:
        services.react(table_id=table.pk, user=members[1], session_key=key, reaction="amen")
    assert refused.value.code == "too_fast"
    assert any("FOR UPDATE" in sql for sql in _prepared())


def test_a_statement_after_the_moves_commit_is_caught(game, monkeypatch):
    table, members = game
    real = rows.save_move

    def then_a_read(*args, **kwargs):
        committed = real(*args, **kwargs)
        Game.objects.count()  # opens a transaction of its own after the COMMIT
        return committed

    monkeypatch.setattr(rows, "save_move", then_a_read)
    with pytest.raises(TransactionManagementError):
        play_one_move(table.pk, members)
