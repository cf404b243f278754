"""Queries per move are bounded and do not grow as the game goes on."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from game import engine, services
from game.models import Game
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db

MAX_QUERIES_PER_MOVE = 12
# What a move adds for the verses its members met or answered (verses/at_table.py): at most three.
MAX_VERSE_QUERIES_PER_MOVE = 3


def test_an_early_move_and_a_late_move_cost_the_same_number_of_queries(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    users = {1: host, 2: guest}
    sessions = {seat: signed_in_session(user) for seat, user in users.items()}
    rng = random.Random(3)
    counts, verse_counts = [], []
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
                session_key=sessions[seat],
                move_id=f"q{game.version}",
                version=game.version,
                move=move,
            )
        verses = [q for q in queries.captured_queries if '"verses_' in q["sql"]]
        verse_counts.append(len(verses))
        counts.append(len(queries) - len(verses))
    ongoing = counts[:-1]  # the last move also finishes the game
    assert len(ongoing) > 40
    assert max(ongoing) <= MAX_QUERIES_PER_MOVE
    assert max(ongoing[:10]) == max(ongoing[-10:])
    assert max(verse_counts) <= MAX_VERSE_QUERIES_PER_MOVE
    assert max(c + v for c, v in zip(counts[:-1], verse_counts[:-1], strict=True)) <= MAX_QUERIES_PER_MOVE


@pytest.mark.django_db(transaction=True)
def test_a_move_writes_a_few_pages_not_the_games_whole_deal(live_deck):
    """SQLite rewrites a whole row on every update: with the dealt cards in the game's row, each move
    wrote about 20 pages (4 KB each) to the write-ahead log; with them in their own row, 6."""
    if connection.vendor != "sqlite":
        pytest.skip("pages and the write-ahead log are SQLite's")
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    game = services.start_table(user=host, code=table.code).game
    move = engine.legal_moves(engine.from_json(game.state), 1)[0]
    session_key = signed_in_session(host)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # an empty log
        cursor.fetchall()
    with CaptureQueriesContext(connection) as queries:
        services.play_move(
            table_id=table.pk,
            user=host,
            session_key=session_key,
            move_id="d1",
            version=0,
            move=move,
        )
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")
        _busy, pages_written, _copied = cursor.fetchone()
    assert 0 < pages_written <= 10
    assert not any("game_deal" in q["sql"] for q in queries)  # the move never reads the deal
