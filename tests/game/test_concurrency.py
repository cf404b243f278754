"""Two requests at once: the database lets exactly one through (row locks, IMMEDIATE transactions)."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections

from game import engine, services
from game.models import Game, GameEvent
from game.services.play import Played
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db(transaction=True)


def race(*calls) -> list[object]:
    """Run the calls at the same moment in threads; return each one's result or error."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        try:
            results[i] = call()
        except Exception as error:
            results[i] = error
        finally:
            close_old_connections()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_two_moves_for_one_game_at_once_apply_exactly_one(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    game = services.start_table(user=host, code=table.code).game
    moves = engine.legal_moves(engine.from_json(game.state), 1)[:2]

    def play(move_id, move):
        return lambda: services.play_move(
            table_id=table.pk,
            user=host,
            session_key=signed_in_session(host),
            move_id=move_id,
            version=game.version,
            move=move,
        )

    results = race(play("a", moves[0]), play("b", moves[-1]))
    applied = [r for r in results if isinstance(r, Played)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert refused[0].code == "stale_version"
    assert GameEvent.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == 1


def test_two_members_taking_the_last_seat_at_once_get_one_seat_and_one_clear_refusal():
    table = services.create_private_table(user=UserFactory(), seats=4).table
    services.join_by_code(user=UserFactory(), code=table.code)
    services.join_by_code(user=UserFactory(), code=table.code)
    late = [UserFactory(), UserFactory()]
    results = race(*[lambda u=u: services.join_by_code(user=u, code=table.code).table for u in late])
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1, results
    # A full table answers a code as an unknown one does (issue 49): no seat, no hint.
    assert refused[0].code == "no_such_table"
    assert table.seats.count() == 4


def test_a_move_and_its_clock_running_out_at_once_apply_exactly_one(live_deck):
    """Whichever gets the game first, the other sees what it did: one clean refusal or one skip,
    and the events and the version agree (both lock the table row, then the game row)."""
    from datetime import timedelta

    from django.utils import timezone

    users = [UserFactory(), UserFactory()]
    table = services.play_now(user=users[0]).table
    services.play_now(user=users[1])
    game = services.start_now(user=users[0], code=table.code).game
    state = engine.from_json(game.state)
    mover = users[state["turn"] - 1]
    move = engine.legal_moves(state, state["turn"])[0]
    later = timezone.now() + timedelta(hours=1)

    results = race(
        lambda: services.play_move(
            table_id=table.pk,
            user=mover,
            session_key=signed_in_session(mover),
            move_id="x",
            version=0,
            move=move,
        ),
        lambda: services.expire_deadlines(now=later).fired,
    )
    moved, fired = results
    assert not isinstance(fired, Exception), results
    if isinstance(moved, Refusal):
        assert moved.code == "stale_version" and fired == 1
    else:
        assert fired in (0, 1)
    events = GameEvent.objects.filter(game=game).order_by("seq")
    assert events.count() == (0 if isinstance(moved, Refusal) else 1) + fired
    assert Game.objects.get(pk=game.pk).version == events.count()
