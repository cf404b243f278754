"""The session a move is let through by is asked about when the move's locks are granted, not
when the move was sent to the database (store.moves._member_statement)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection, connections
from django.utils import timezone

from game import engine, services
from game.models import Game
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="SQLite's transaction holds its lock from BEGIN"
    ),
]


def _waiting_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        return cursor.fetchone()[0] > 0


def test_a_session_that_expires_while_the_move_waits_for_its_lock_is_refused(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    members = {1: host, 2: guest}
    game = Game.objects.get(table=table)
    state = engine.from_json(game.state)
    mover = members[state["turn"]]
    key = signed_in_session(mover)
    move = engine.legal_moves(state, state["turn"])[0]

    holder = connections.create_connection("default")  # another request holding the table
    holder.set_autocommit(False)
    with holder.cursor() as cursor:
        cursor.execute("SELECT id FROM game_table WHERE id = %s FOR UPDATE", [table.pk])
    outcome: list = []

    def play() -> None:
        try:
            services.play_move(
                table_id=table.pk,
                user=mover,
                session_key=key,
                move_id="late",
                version=game.version,
                move=move,
            )
            outcome.append("applied")
        except Refusal as error:
            outcome.append(error.code)
        except Exception as error:  # shown in the assertion below, not lost in the thread
            outcome.append(repr(error))
        finally:
            connections.close_all()

    player = threading.Thread(target=play)
    player.start()
    try:
        deadline = time.monotonic() + 10
        while not _waiting_for_a_lock():
            assert time.monotonic() < deadline, "the move never waited for the lock"
            time.sleep(0.02)
        # While the move waits, its session runs out.
        Session.objects.filter(pk=key).update(expire_date=timezone.now() + timedelta(milliseconds=300))
        time.sleep(0.6)
    finally:
        holder.rollback()
        holder.close()
        player.join(30)
    assert outcome == ["signed_out"]
    assert Game.objects.get(table=table).version == game.version
