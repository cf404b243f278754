"""Queries per move are bounded and do not grow as the game goes on."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from game import engine, services
from game.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MAX_QUERIES_PER_MOVE = 12


def test_an_early_move_and_a_late_move_cost_the_same_number_of_queries(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host)
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    users = {1: host, 2: guest}
    rng = random.Random(3)
    counts = []
    while True:
        game = Game.objects.get(table=table)
        state = engine.from_json(game.state)
        if state["over"] is not None:
            break
        seat = state["turn"]
        move = rng.choice(engine.legal_moves(state, seat))
        with CaptureQueriesContext(connection) as queries:
            services.play_move(
                table_id=table.pk,
                user=users[seat],
                move_id=f"q{game.version}",
                version=game.version,
                move=move,
            )
        counts.append(len(queries))
    ongoing = counts[:-1]  # the last move also finishes the game
    assert len(ongoing) > 40
    assert max(ongoing) <= MAX_QUERIES_PER_MOVE
    assert max(ongoing[:10]) == max(ongoing[-10:])
