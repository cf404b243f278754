"""A move's statements in plain SQL (game/store/moves.py) read and write exactly what the ORM would."""

from __future__ import annotations

import pytest
from django.db import connection, connections, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from game import engine, services, store
from game.models import Game, GameEvent, Seat, Table
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db


def _fields(instance, leave_out=frozenset()) -> dict:
    return {
        f.attname: getattr(instance, f.attname)
        for f in instance._meta.concrete_fields
        if f.name not in leave_out
    }


@pytest.fixture
def playing(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    game = services.start_table(user=host, code=table.code).game
    move = engine.legal_moves(engine.from_json(game.state), 1)[0]
    services.play_move(
        table_id=table.pk, user=host, session_key=signed_in_session(host), move_id="m1", version=0, move=move
    )
    return table, host


def test_lock_game_reads_the_table_the_game_and_the_seats_as_the_orm_does(playing):
    table, _host = playing
    with transaction.atomic():
        game, locked_table, seats = store.lock_game(table.pk)
    orm_game = Game.objects.get(table=table)
    assert _fields(game) == _fields(orm_game)
    assert game.decision_since.tzinfo is not None and game.version == 1
    assert game.get_deferred_fields() == set()
    assert game.deal.cards == orm_game.deal.cards  # the deal is read only when asked for
    assert game.table is locked_table
    assert _fields(locked_table) == _fields(Table.objects.get(pk=table.pk))
    orm_seats = list(Seat.objects.filter(table=table).order_by("position"))
    assert [_fields(s) for s in seats] == [_fields(s) for s in orm_seats]
    assert all(s.table is locked_table for s in seats)


def test_lock_game_at_a_table_without_a_game_raises(live_deck):
    table = services.create_private_table(user=UserFactory()).table
    with transaction.atomic(), pytest.raises(Game.DoesNotExist):
        store.lock_game(table.pk)


def test_the_rows_are_locked_where_the_database_has_row_locks(playing):
    table, _host = playing
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        store.lock_game(table.pk)
    selects = [q["sql"] for q in queries if q["sql"].startswith("SELECT")]
    locked = [sql for sql in selects if sql.endswith("FOR UPDATE")]
    if connection.features.has_select_for_update:
        assert len(locked) == 2  # the table first, then the game
        assert '"game_table"' in locked[0] and '"game_game"' in locked[1]
    else:
        assert locked == []  # SQLite: the IMMEDIATE transaction holds the write lock


def test_lock_move_knows_which_seats_already_sent_a_move_id(playing):
    table, _host = playing
    with transaction.atomic():
        assert store.lock_move(table.pk, "m1").seen_by == {1}
        assert store.lock_move(table.pk, "m2").seen_by == frozenset()
        assert store.lock_move(table.pk).seen_by == frozenset()  # no id: not asked


def test_lock_move_reads_the_member_and_session_after_the_locks_in_the_same_batch(playing):
    from django.contrib.sessions.models import Session

    table, host = playing
    key = signed_in_session(host)
    query = store.MemberQuery(host.pk, key, timezone.now(), Session)
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        locked = store.lock_move(table.pk, "m1", query)
    assert locked.member == store.member_and_session(query)
    assert locked.member[0].pk == host.pk and locked.member[1] is not None
    sql = [q["sql"] for q in queries if q["sql"].startswith("SELECT")]
    # The locks come first; what is checked under them is read after they are granted.
    assert ['"game_table"' in sql[0], '"game_game"' in sql[1]] == [True, True]
    assert '"game_seat"' in sql[2] and '"game_gameevent"' in sql[3] and '"accounts_user"' in sql[4]


def test_on_postgresql_a_moves_reads_and_its_writes_each_go_in_one_pipeline(playing, monkeypatch):
    if connection.vendor != "postgresql":
        pytest.skip("pipeline mode is PostgreSQL's (psycopg 3)")
    import psycopg

    table, host = playing
    entered = []
    real = psycopg.Connection.pipeline

    def counting(self):
        entered.append(1)
        return real(self)

    game = Game.objects.get(table=table)
    state = engine.from_json(game.state)
    seat = engine.current_seat(state)
    move = engine.legal_moves(state, seat)[0]
    player = host if seat == 1 else Seat.objects.get(table=table, position=seat).user
    monkeypatch.setattr(psycopg.Connection, "pipeline", counting)
    services.play_move(
        table_id=table.pk,
        user=player,
        session_key=signed_in_session(player),
        move_id="m-next",
        version=game.version,
        move=move,
    )
    assert len(entered) == 2  # the reads (locks, seats, move id, member), then the event and the game
    assert Game.objects.get(table=table).version == game.version + 1


def test_on_postgresql_a_moves_statements_are_prepared_on_their_connection(playing):
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    table, _host = playing
    for _ in range(6):  # past psycopg's prepare threshold (settings: DJANGO_DB_PREPARE_THRESHOLD)
        with transaction.atomic():
            store.lock_move(table.pk, "m1")
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any('FROM "game_game"' in sql and "FOR UPDATE" in sql for sql in prepared)


def test_save_move_writes_what_model_save_writes(playing):
    table, _host = playing
    game = Game.objects.get(table=table)
    now = timezone.now()
    event = GameEvent(
        game=game,
        seq=2,
        seat=2,
        move={"well": {}},
        move_id="m2",
        events=[{"type": "well_draw", "seat": 2, "secret": {"2": 17}}],
        server_time=now,
        elapsed_ms=1234,
        device_id="device",
    )
    game.version, game.state, game.decision_since, game.result = 2, '{"x": 1}', now, {"reason": "test"}
    store.save_move(event, game, ["version", "state", "decision_since", "result"])
    saved = GameEvent.objects.get(game=game, seq=2)
    assert _fields(saved, {"id"}) == _fields(event, {"id"})
    again = Game.objects.get(pk=game.pk)
    assert (again.version, again.state, again.decision_since, again.result) == (
        2,
        '{"x": 1}',
        now,
        {"reason": "test"},
    )


def test_a_repeated_move_id_is_refused_by_the_database_too(playing):
    from django.db import IntegrityError

    table, _host = playing
    game = Game.objects.get(table=table)
    event = GameEvent(game=game, seq=9, seat=1, move={}, move_id="m1", events=[], server_time=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        store.save_move(event, game, ["version"])
    # The connection is fine after the failed batch: the next move's reads go through.
    with transaction.atomic():
        assert store.lock_move(table.pk, "m1").seen_by == {1}


@pytest.mark.django_db(transaction=True)
def test_lock_game_outside_a_transaction_is_refused(playing):
    from django.db.transaction import TransactionManagementError

    table, _host = playing
    with pytest.raises(TransactionManagementError):
        store.lock_game(table.pk)


def test_the_statements_skip_djangos_cursor_unless_it_is_recording_queries(playing, monkeypatch):
    table, _host = playing

    def no_django_cursor(*args, **kwargs):
        raise AssertionError("went through Django's cursor")

    with transaction.atomic():
        monkeypatch.setattr(type(connections["default"]), "cursor", no_django_cursor)
        locked = store.lock_move(table.pk, "m1")
        assert locked.seen_by == {1}
        game, seats = locked.game, locked.seats
        monkeypatch.undo()
    assert game.version == 1 and [s.position for s in seats] == [1, 2, 3, 4]
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        store.lock_game(table.pk)
    assert len([q for q in queries if q["sql"].startswith("SELECT")]) == 3


def test_a_transaction_broken_by_an_error_refuses_the_next_statement(playing):
    table, _host = playing
    with transaction.atomic():
        connection.set_rollback(True)  # as after a database error caught inside the block
        with pytest.raises(TransactionManagementError):
            store.lock_game(table.pk)


def test_the_primitives_run_a_group_and_writes_that_later_statements_see(playing):
    table, _host = playing
    with transaction.atomic():
        [found, none] = store.run_together(
            [
                ("SELECT id FROM game_table WHERE id = %s", [table.pk], True),
                ("SELECT id FROM game_table WHERE id = %s", [-1], True),
            ]
        )
        store.write_at_commit(
            [("UPDATE game_table SET read_aloud = %s WHERE id = %s", [True, table.pk], False)]
        )
        # Sent before the next statement (at once on SQLite, first in line on PostgreSQL).
        assert Table.objects.get(pk=table.pk).read_aloud is True
    assert [list(r) for r in found] == [[table.pk]] and none == []
