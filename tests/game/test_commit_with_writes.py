"""A move's COMMIT rides in its writes' round trip on PostgreSQL (store.save_move queues them for the
backend's commit, game/store/postgresql/base.py); a statement after them sends them first, a
rollback drops them, and a transaction that wrote nothing ends with a COMMIT (prepared statements
kept)."""

from __future__ import annotations

import psycopg
import pytest
from django.db import IntegrityError, connection, connections, transaction

from game import engine, services, store
from game.models import Game, GameEvent, Reaction, Seat, Table
from game.realtime import outbox
from game.store import round_trips
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table, play_one_move
from tests.libpq_trace import kinds, statements, traced

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the pipeline is psycopg 3's"),
]


@pytest.fixture
def batches(monkeypatch):
    """The SQL of every pipeline the store sends, first word of each statement."""
    seen: list[list[str]] = []
    real = round_trips.pipeline

    def spying(driver, statements, may_begin=False):
        seen.append([sql.split()[0] for sql, _params, _fetch in statements])
        return real(driver, statements, may_begin)

    monkeypatch.setattr(round_trips, "pipeline", spying)
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
    state = engine.from_json(Game.objects.get(table=table).state)
    mover = members[state["turn"]]
    key = signed_in_session(mover)
    before = len(commits)
    played = services.play_move(
        table_id=table.pk,
        user=mover,
        session_key=key,
        move_id="one",
        version=0,
        move=engine.legal_moves(state, state["turn"])[0],
    )
    version = played.game.version
    writes = [b for b in batches if b[0] == "INSERT"]
    assert writes == [["INSERT", "UPDATE", "COMMIT"]]
    # The move's atomic block asked psycopg for no COMMIT of its own: it went with the writes.
    assert commits[before:] == []
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
    queued = False
    with pytest.raises(IntegrityError), transaction.atomic():
        store.lock_move(table.pk)
        store.save_move(clash, before, ["version"])  # seq already taken: raised at the commit
        queued = True
    assert queued  # the failure came from the atomic block's end, which rolled back
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
    with pytest.raises(Refusal) as refused:
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
    with traced(tmp_path) as sent:
        services.play_move(
            table_id=table.pk, user=mover, session_key=key, move_id="traced", version=0, move=move
        )
    # Each Sync is one wait for the database: the BEGIN goes with the reads, the COMMIT with the writes.
    assert kinds(sent).count("Sync") == 2, kinds(sent)
    queries = statements(sent)
    assert '"BEGIN"' in queries[0] and "FOR UPDATE" in queries[1] and '"COMMIT"' in queries[-1], queries


def test_a_refused_reaction_keeps_the_prepared_statements_too(game):
    table, members = game
    for _ in range(8):
        play_one_move(table.pk, members)
    key = signed_in_session(members[1])
    services.react(table_id=table.pk, user=members[1], session_key=key, reaction="amen")
    with pytest.raises(Refusal) as refused:
        services.react(table_id=table.pk, user=members[1], session_key=key, reaction="amen")
    assert refused.value.code == "too_fast"
    assert any("FOR UPDATE" in sql for sql in _prepared())


def _next_event(game: Game) -> GameEvent:
    """An event row for the game's next version (the game's own fields bumped to match)."""
    game.version += 1
    return GameEvent(game=game, seq=game.version, seat=1, move={}, events=[], server_time=game.started_at)


def test_a_statement_after_the_writes_sends_them_first_and_sees_them(game, batches):
    table, _members = game
    with transaction.atomic():
        locked = store.lock_move(table.pk)
        store.save_move(_next_event(locked.game), locked.game, ["version"])
        assert batches[-1][0] == "BEGIN"  # held: nothing sent yet
        # An ORM read in the same transaction: the queued writes go first, in their order.
        assert GameEvent.objects.filter(game=locked.game, seq=locked.game.version).exists()
        assert batches[-1] == ["INSERT", "UPDATE"]
        Table.objects.filter(pk=table.pk).update(read_aloud=True)
    assert _version_elsewhere(table.pk) == locked.game.version
    assert Table.objects.get(pk=table.pk).read_aloud is True
    assert [b for b in batches if "COMMIT" in b] == []  # the commit was psycopg's own, alone


def test_a_rollback_drops_the_queued_writes_and_keeps_the_prepared_statements(game, batches):
    table, members = game
    for _ in range(8):  # past psycopg's prepare threshold
        version = play_one_move(table.pk, members)
    with transaction.atomic():
        locked = store.lock_move(table.pk)
        store.save_move(_next_event(locked.game), locked.game, ["version"])
        transaction.set_rollback(True)
    assert batches[-1][0] == "BEGIN"  # the writes never left
    assert _version_elsewhere(table.pk) == version
    assert any("FOR UPDATE" in sql for sql in _prepared())


def test_a_transaction_that_wrote_rolls_back_for_real(game):
    table, members = game
    play_one_move(table.pk, members)
    with pytest.raises(Refusal), transaction.atomic():
        store.lock_move(table.pk)
        Table.objects.filter(pk=table.pk).update(read_aloud=True)
        raise Refusal("not_host")
    assert Table.objects.get(pk=table.pk).read_aloud is False


def test_on_commit_hooks_run_after_the_commit_that_went_with_the_writes(game, batches):
    table, _members = game
    seen: list[int] = []
    with transaction.atomic():
        locked = store.lock_move(table.pk)
        store.save_move(_next_event(locked.game), locked.game, ["version"])
        transaction.on_commit(lambda: seen.append(_version_elsewhere(table.pk)))
        assert seen == []
    assert batches[-1] == ["INSERT", "UPDATE", "COMMIT"]
    assert seen == [locked.game.version]


def test_a_move_that_ends_the_game_sends_its_writes_before_saving_the_table(game, batches, commits):
    table, members = game
    play_one_move(table.pk, members)
    services.end_game(user=members[1], code=table.code)
    # The table is saved after the move's writes: they went first, then Django's own COMMIT.
    assert [b for b in batches if b[0] == "INSERT"][-1] == ["INSERT", "UPDATE"]
    assert commits[-1] == "INTRANS"
    assert Table.objects.get(pk=table.pk).status == Table.Status.ENDED
    ended = Game.objects.get(table=table)
    assert ended.finished_at is not None and _version_elsewhere(table.pk) == ended.version


def test_the_primitives_make_a_durable_write_two_round_trips(game, tmp_path):
    """The least a durable move needs (lock a row, update it, insert one, commit), as the bench's
    durable floor runs it: `run_together` with the BEGIN, `write_at_commit` with the COMMIT."""
    table, members = game
    user = members[1]
    with traced(tmp_path) as sent, transaction.atomic():
        [rows] = store.run_together(
            [("SELECT id FROM game_table WHERE id = %s FOR UPDATE", [table.pk], True)]
        )
        store.write_at_commit(
            [
                ("UPDATE game_table SET read_aloud = %s WHERE id = %s", [True, table.pk], False),
                (
                    "INSERT INTO game_reaction (table_id, user_id, seat, kind, created_at) "
                    "VALUES (%s, %s, %s, %s, now())",
                    [table.pk, user.pk, 1, "amen"],
                    False,
                ),
            ]
        )
    assert rows == [(table.pk,)]
    assert kinds(sent).count("Sync") == 2
    assert Table.objects.get(pk=table.pk).read_aloud is True
    assert Reaction.objects.filter(table=table, user=user, kind="amen").count() == 1
