"""Saving one applied move: the event row, the new state, seat changes, the end, and the messages."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import timezone

from game import engine
from game.models import Game, GameEvent, Seat, Table
from game.protocol import publish
from game.protocol.types import Addressed
from game.services.screens import turn_off_at_end
from game.services.starting import move_deadline, seat_list
from game.signals import game_finished, move_recorded
from game.store import save_move


@dataclass
class Step:
    """One move to record: who made it, what it was, and how it was made."""

    seat: int | None
    move: dict
    move_id: str = ""
    device_id: str = ""
    extra_events: list[dict] = field(default_factory=list)


@dataclass(frozen=True)
class Recorded:
    """What recording a move did: whether its COMMIT went with the writes, and what it published."""

    committed: bool
    messages: list[Addressed]


def _sync_seat_kinds(state: dict, seats: list[Seat]) -> bool:
    """Seats the engine handed to JagAI (timeouts, leaving) become helpers here too, and a member's
    or agent's seat is marked left (`left_at`) exactly while it is not theirs (R27, R28, R38; R40
    gives it back). A seat just lost closes its sockets: they never get its view again."""
    changed = False
    now = timezone.now()
    for seat in seats:
        kind = engine.seat_role(state, seat.position).value
        left_at = seat.left_at
        if seat.user_id or seat.agent_id:
            left_at = None if engine.is_theirs(state, seat.position) else (left_at or now)
        if seat.kind != kind or seat.left_at != left_at:
            if left_at is not None and seat.left_at is None:
                publish.close_seat_sockets(seat)
            seat.kind, seat.left_at = kind, left_at
            seat.save(update_fields=["kind", "left_at"])
            changed = True
    return changed


def _finish(game: Game, table: Table, state: dict) -> None:
    """The result on the game; the table finished (or ended by the host)."""
    outcome = engine.result(state)
    game.result = outcome.to_json() if outcome is not None else None
    game.finished_at = timezone.now()
    ended = outcome is not None and outcome.reason == engine.EndReason.ENDED_BY_HOST
    table.status = Table.Status.ENDED if ended else Table.Status.FINISHED
    table.finished_at = game.finished_at


def record(
    game: Game,
    table: Table,
    seats: list[Seat],
    state: dict,
    events: list[dict],
    step: Step,
) -> list[Addressed]:
    """Append the event, save the state (its writes go with the COMMIT, game/store), and send every
    seat its own view after commit; returns the messages it published."""
    now = timezone.now()
    elapsed = int((now - game.decision_since).total_seconds() * 1000) if step.seat is not None else None
    game.version += 1
    events = step.extra_events + events
    event = GameEvent(
        game=game,
        seq=game.version,
        seat=step.seat,
        move=step.move,
        move_id=step.move_id,
        events=events,
        server_time=now,
        elapsed_ms=elapsed,
        device_id=step.device_id[:64],
    )
    game.state = engine.to_json(state)
    game.decision_since = now
    game.move_deadline = move_deadline(table, state)
    fields = ["state", "version", "decision_since", "move_deadline"]
    over = engine.is_over(state)
    if over:
        _finish(game, table, state)
        fields += ["result", "finished_at"]
    seats_changed = _sync_seat_kinds(state, seats)
    # What each member met and answered, in the language their seat reads (R43, issue 43).
    move_recorded.send(
        sender=Game,
        game=game,
        table=table,
        seats=seats,
        events=events,
        language_of=lambda seat: engine.reads_in(state, seat.position),
    )
    sent = publish.game_update(game, state, seats, events, mover=step.seat)
    save_move(event, game, fields)
    if over:
        table.save(update_fields=["status", "finished_at"])
        if table.status == Table.Status.ENDED:
            turn_off_at_end(table)  # the host ended it early: its big screen goes dark
        game_finished.send(sender=Game, game_id=game.pk)
    if seats_changed or over:
        # The table's public facts name every seat: read them again with their members and agents.
        sent += publish.table_update(table, seat_list(table), game.version)
    return sent
