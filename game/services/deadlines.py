"""Clocks: countdowns that start public tables and move clocks that pass a turn (R25, R27)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from game import engine, metrics
from game.models import Game, Table
from game.protocol.types import Addressed
from game.services.recording import Step, record
from game.services.results import Expired
from game.services.starting import begin_game, close_for_unready_deck, seat_list
from game.store import lock_game
from justalllowgod.lib.refusals import Code, Refusal


def _start_due_table(table_id: int, now: datetime) -> list[Addressed] | None:
    """Deal a public table whose countdown ended (or close it, if the deck cannot be dealt);
    returns what it published, or None if it was not due."""
    with transaction.atomic():
        table = (
            Table.objects.select_for_update(skip_locked=True)
            .filter(pk=table_id, status=Table.Status.WAITING, countdown_deadline__lte=now)
            .first()
        )
        if table is None:
            return None  # another sweeper got there first, or the host started it
        deadline = table.countdown_deadline
        try:
            with transaction.atomic():  # a refused deal leaves no helper seats behind
                started = begin_game(table, seat_list(table))
        except Refusal as error:
            if error.code != Code.DECK_NOT_READY:
                raise
            return close_for_unready_deck(table, seat_list(table))
        metrics.CLOCK_LAG.observe((timezone.now() - deadline).total_seconds())
        return started.messages


def _time_out_game(game_id: int, now: datetime) -> list[Addressed] | None:
    """Pass the turn of a game whose move clock ran out; returns what it published, or None."""
    with transaction.atomic():
        # The table row first, like every move (lock_game): one order everywhere, so no deadlock.
        due = (
            Table.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(game__pk=game_id, status=Table.Status.PLAYING)
            .values_list("pk", flat=True)
            .first()
        )
        if due is None:
            return None  # finished, or a move or another sweeper holds it: the next sweep looks again
        game, table, seats = lock_game(due)
        if game.move_deadline is None or game.move_deadline > now:
            return None  # a move got there first and set a new clock
        deadline = game.move_deadline
        state = engine.from_json(game.state)
        new, events = engine.apply_server(state, {"timeout": {}})
        sent = record(game, table, seats, new, events, Step(seat=None, move={"timeout": {}}))
        metrics.CLOCK_LAG.observe((timezone.now() - deadline).total_seconds())
        return sent


def expire_deadlines(*, now: datetime | None = None) -> Expired:
    """Fire every deadline that has passed, each exactly once; returns how many fired and what
    they published, in order (each deadline is its own transaction)."""
    now = now or timezone.now()
    fired: list[list[Addressed]] = []
    # Games first: a game dealt in this sweep starts its clock now, not at the sweep's time.
    due_games = Game.objects.filter(move_deadline__lte=now, table__status=Table.Status.PLAYING)
    for game_id in list(due_games.values_list("pk", flat=True)):
        if (sent := _time_out_game(game_id, now)) is not None:
            fired.append(sent)
    due_tables = Table.objects.filter(
        kind=Table.Kind.PUBLIC, status=Table.Status.WAITING, countdown_deadline__lte=now
    ).values_list("pk", flat=True)
    for table_id in list(due_tables):
        if (sent := _start_due_table(table_id, now)) is not None:
            fired.append(sent)
    return Expired(len(fired), [message for sent in fired for message in sent])
