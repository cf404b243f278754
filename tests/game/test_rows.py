"""A move's statements in plain SQL (game/services/rows.py) read and write exactly what the ORM would."""

from __future__ import annotations

import pytest
from django.db import connection, connections, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from game import engine, services
from game.models import Game, GameEvent, Seat, Table
from game.services import rows
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
    table = services.create_private_table(user=host)
    services.join_by_code(user=guest, code=table.code)
    game = services.start_table(user=host, code=table.code)
    move = engine.legal_moves(engine.from_json(game.state), 1)[0]
    services.play_move(
        table_id=table.pk, user=host, session_key=signed_in_session(host), move_id="m1", version=0, move=move
    )
    return table, host


def test_lock_game_reads_the_table_the_game_and_the_seats_as_the_orm_does(playing):
    table, _host = playing
    with transaction.atomic():
        game, locked_table, seats = rows.lock_game(table.pk)
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
    table = services.create_private_table(user=UserFactory())
    with transaction.atomic(), pytest.raises(Game.DoesNotExist):
        rows.lock_game(table.pk)


def test_the_rows_are_locked_where_the_database_has_row_locks(playing):
    table, _host = playing
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        rows.lock_game(table.pk)
    selects = [q["sql"] for q in queries if q["sql"].startswith("SELECT")]
    locked = [sql for sql in selects if sql.endswith("FOR UPDATE")]
    if connection.features.has_select_for_update:
        assert len(locked) == 2  # the table first, then the game
        assert '"game_table"' in locked[0] and '"game_game"' in locked[1]
    else:
        assert locked == []  # SQLite: the IMMEDIATE transaction holds the write lock


def test_move_seen_knows_each_seats_applied_move_ids(playing):
    table, _host = playing
    game = Game.objects.get(table=table)
    assert rows.move_seen(game.pk, 1, "m1")
    assert not rows.move_seen(game.pk, 2, "m1")
    assert not rows.move_seen(game.pk, 1, "m2")


def test_add_event_and_save_game_write_what_model_save_writes(playing):
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
    rows.add_event(event)
    saved = GameEvent.objects.get(game=game, seq=2)
    assert _fields(saved, {"id"}) == _fields(event, {"id"})

    game.version, game.state, game.decision_since, game.result = 2, '{"x": 1}', now, {"reason": "test"}
    rows.save_game(game, ["version", "state", "decision_since", "result"])
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
        rows.add_event(event)


@pytest.mark.django_db(transaction=True)
def test_lock_game_outside_a_transaction_is_refused(playing):
    from django.db.transaction import TransactionManagementError

    table, _host = playing
    with pytest.raises(TransactionManagementError):
        rows.lock_game(table.pk)


def test_the_statements_skip_djangos_cursor_unless_it_is_recording_queries(playing, monkeypatch):
    table, _host = playing

    def no_django_cursor(*args, **kwargs):
        raise AssertionError("went through Django's cursor")

    with transaction.atomic():
        monkeypatch.setattr(type(connections["default"]), "cursor", no_django_cursor)
        game, _table, seats = rows.lock_game(table.pk)
        assert rows.move_seen(game.pk, 1, "m1")
        monkeypatch.undo()
    assert game.version == 1 and [s.position for s in seats] == [1, 2, 3, 4]
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        rows.lock_game(table.pk)
    assert len([q for q in queries if q["sql"].startswith("SELECT")]) == 3


def test_a_transaction_broken_by_an_error_refuses_the_next_statement(playing):
    table, _host = playing
    with transaction.atomic():
        connection.set_rollback(True)  # as after a database error caught inside the block
        with pytest.raises(TransactionManagementError):
            rows.lock_game(table.pk)
