"""Fixtures for moderation tests: the live deck and whole games played (the clock is tests/conftest.py's)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.contrib.auth.models import Group

from game import engine, services
from game.models import Game, GameEvent, Table
from tests.clock import Clock
from tests.factories import UserFactory, signed_in_session


def ensure_reviewers_group() -> None:
    """Run the data migration's step again: flushing tests (browser tests) empty the database."""
    from django.apps import apps

    migration = importlib.import_module("moderation.migrations.0002_reviewers_group")
    migration.create_reviewers(apps, None)


@pytest.fixture(autouse=True)
def _reviewers_group(request):
    if "db" in request.fixturenames or request.node.get_closest_marker("django_db"):
        request.getfixturevalue("db")
        ensure_reviewers_group()


@dataclass
class Played:
    """A game played to its end through the services, with what each member seat saw live."""

    table: Table
    game: Game
    users: dict[int, object]
    live: dict[int, list[dict]] = field(default_factory=dict)


def play_game(
    *,
    members: int = 2,
    seed: int = 7,
    think: Callable[[int], int] | None = None,
    clock: Clock | None = None,
    devices: dict[int, str] | None = None,
    teams: bool = False,
    options: dict | None = None,
) -> Played:
    """Two (or more) members and JagAI play a private table to its end with random legal moves;
    `options`: the table's variant and options (V1-V3)."""
    users = [UserFactory() for _ in range(members)]
    table = services.create_private_table(user=users[0], teams=teams, **(options or {})).table
    for guest in users[1:]:
        services.join_by_code(user=guest, code=table.code)
    services.start_table(user=users[0], code=table.code)
    seated = {i + 1: user for i, user in enumerate(users)}
    sessions = {seat: signed_in_session(user) for seat, user in seated.items()}  # a browser each
    played = Played(table, Game.objects.get(table=table), seated, {s: [] for s in seated})
    _capture(played, None)
    rng = random.Random(seed)
    while True:
        game = Game.objects.get(table=table)
        state = engine.from_json(game.state)
        if state["over"] is not None:
            break
        seat = state["turn"]
        if clock is not None and think is not None:
            clock.advance(ms=think(seat))
        services.play_move(
            table_id=table.pk,
            user=seated[seat],
            session_key=sessions[seat],
            move_id=f"m{game.version}",
            version=game.version,
            move=rng.choice(engine.legal_moves(state, seat)),
            device_id=(devices or {}).get(seat, ""),
        )
        _capture(played, game.version + 1)
    played.game = Game.objects.get(table=table)
    played.table.refresh_from_db()
    return played


def _capture(played: Played, seq: int | None) -> None:
    """What each member seat was sent live after this move: its view and its events."""
    game = Game.objects.get(table=played.table)
    state = engine.from_json(game.state)
    events = GameEvent.objects.get(game=game, seq=seq).events if seq else []
    for seat in played.live:
        played.live[seat].append(
            {"view": engine.view(state, seat), "events": engine.events_for(events, seat)}
        )


def reviewer(**fields):
    """A member of the Reviewers group (made again first if a flushing browser test emptied it)."""
    ensure_reviewers_group()
    user = UserFactory(**fields)
    user.groups.add(Group.objects.get(name="Reviewers"))
    return user


@pytest.fixture
def shared(live_deck, clock):
    """A flagged case about two accounts that played from one browser."""
    from moderation import services as moderation
    from moderation.models import Case

    played = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: 2000)
    moderation.flag_game(game_id=played.game.pk)
    return Case.objects.get(game=played.game)
