"""Clocks with a controlled time: countdowns start public games, move clocks pass turns (R25, R27)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from game import engine, services
from game.models import Game, GameEvent, Seat, Table
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db


def public_game(members: int = 2) -> tuple[Table, list]:
    users = [UserFactory() for _ in range(members)]
    table = services.play_now(user=users[0]).table
    for user in users[1:]:
        services.play_now(user=user)
    services.start_now(user=users[0], code=table.code)
    return table, users


def test_ruling_R25_the_countdown_starts_a_public_table_and_jagai_fills_the_seats(live_deck, clock):
    table = services.play_now(user=UserFactory()).table
    services.play_now(user=UserFactory())
    clock.advance(30)
    assert services.expire_deadlines().fired == 0
    clock.advance(31)
    assert services.expire_deadlines().fired == 1
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert list(table.seats.values_list("kind", flat=True)) == ["person", "person", "helper", "helper"]


def test_a_deadline_fires_exactly_once(live_deck, clock):
    table = services.play_now(user=UserFactory()).table
    clock.advance(61)
    assert services.expire_deadlines().fired == 1
    assert services.expire_deadlines().fired == 0
    assert Game.objects.filter(table=table).count() == 1


def test_ruling_R24_private_tables_have_no_move_clock(live_deck, clock):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    game = services.start_table(user=host, code=table.code).game
    assert game.move_deadline is None
    clock.advance(3600)
    assert services.expire_deadlines().fired == 0


def test_ruling_R27_a_timeout_passes_the_turn_with_nobody_connected(live_deck, clock):
    table, _users = public_game()
    game = Game.objects.get(table=table)
    assert game.move_deadline is not None
    assert engine.from_json(game.state)["turn"] == 1
    clock.advance(59)
    assert services.expire_deadlines().fired == 0
    clock.advance(1)
    assert services.expire_deadlines().fired == 1
    game.refresh_from_db()
    state = engine.from_json(game.state)
    assert state["turn"] == 2
    assert GameEvent.objects.get(game=game, seq=game.version).move == {"timeout": {}}


def test_a_move_in_time_restarts_the_clock(live_deck, clock):
    table, users = public_game()
    game = Game.objects.get(table=table)
    first_deadline = game.move_deadline
    clock.advance(20)
    move = engine.legal_moves(engine.from_json(game.state), 1)[0]
    services.play_move(
        table_id=table.pk,
        user=users[0],
        session_key=signed_in_session(users[0]),
        move_id="a",
        version=game.version,
        move=move,
    )
    game.refresh_from_db()
    assert game.move_deadline is None or game.move_deadline == first_deadline + timedelta(seconds=20)


def test_ruling_R27_two_timeouts_in_a_row_make_the_seat_a_helper(live_deck, clock):
    table, _users = public_game()
    game = Game.objects.get(table=table)
    for _ in range(8):
        state = engine.from_json(Game.objects.get(pk=game.pk).state)
        if state["kinds"][0] != "person":
            break
        clock.advance(60)
        assert services.expire_deadlines().fired == 1
    seat = Seat.objects.get(table=table, position=1)
    assert seat.kind == "helper"
    assert engine.from_json(Game.objects.get(pk=game.pk).state)["points"][0] == 0


def test_a_fresh_process_fires_deadlines_left_from_before_a_restart(live_deck, clock):
    from io import StringIO

    from django.core.management import call_command

    table = services.play_now(user=UserFactory()).table
    clock.advance(61)
    out = StringIO()
    call_command("run_clock", "--once", stdout=out)
    assert "fired 1 deadline" in out.getvalue()
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
