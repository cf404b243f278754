"""Migration 0003 moves each game's deal into its own row, and back, without losing any."""

from __future__ import annotations

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tests.factories import UserFactory

BEFORE = [("game", "0002_seat_agent_table_allow_agents_and_more")]
AFTER = [("game", "0003_deal_apart")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


INDEX = "game_gameevent_game_id_6a662e94"


def _event_indexes() -> set[str]:
    """The names of the events table's indexes and constraints."""
    with connection.cursor() as cursor:
        return set(connection.introspection.get_constraints(cursor, "game_gameevent"))


@pytest.mark.django_db(transaction=True)
def test_existing_games_keep_their_deals_both_ways(monkeypatch):
    # Two games a batch, so that the copy spans several batches and a last, partial one.
    monkeypatch.setattr(importlib.import_module("game.migrations.0003_deal_apart"), "BATCH", 2)
    host = UserFactory()
    apps = _migrate(BEFORE)
    try:
        Table, Game = apps.get_model("game", "Table"), apps.get_model("game", "Game")
        now = timezone.now()
        made = {}
        for n, code in enumerate(["MIGA", "MIGB", "MIGC", "MIGD", "MIGE"]):
            table = Table.objects.create(code=code, kind="private", seat_count=4, host_id=host.pk)
            cards = [{"position": 1, "title": f"story {n}", "cards": []}]
            game = Game.objects.create(
                table=table, seed=n, deck_name="d", cards=cards, initial_state=f"first {n}",
                state=f"now {n}", decision_since=now, started_at=now,
            )  # fmt: skip
            made[game.pk] = (cards, f"first {n}")

        apps = _migrate(AFTER)
        Deal = apps.get_model("game", "Deal")
        assert {d.game_id: (d.cards, d.initial_state) for d in Deal.objects.all()} == made
        assert sorted(g.state for g in apps.get_model("game", "Game").objects.all()) == [
            f"now {n}" for n in range(5)
        ]
        assert INDEX not in _event_indexes()

        apps = _migrate(BEFORE)
        back = apps.get_model("game", "Game").objects.all()
        assert {g.pk: (g.cards, g.initial_state) for g in back} == made
        assert INDEX in _event_indexes()
    finally:
        # The rest of the suite runs on the latest schema, whatever migrations came after 0003.
        _migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )  # every app: going back unapplied notices too
