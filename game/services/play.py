"""Playing: moves, reactions, leaving, and the host ending the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Agent, User
from game import engine, metrics
from game.models import Game, Reaction, Seat, Table
from game.protocol import publish
from game.protocol.messages import reaction_message
from game.protocol.types import Addressed
from game.services import turn_notices
from game.services.authority import member_query, require_may_act
from game.services.recording import Step, record
from game.services.results import Left
from game.services.screens import turn_off_made_by
from game.services.starting import seat_list
from game.store import Locked, lock_game, lock_move
from justalllowgod.lib.refusals import Code, Refusal


@transaction.atomic
def leave_table(*, user: User, code: str) -> Left:
    """Leave: before the deal the seat is freed; during the game JagAI takes it over (R27, R28)."""
    table = Table.objects.select_for_update().by_code(code).filter(seats__user=user).first()
    if table is None:
        raise Refusal(Code.NOT_SEATED)
    if table.led and table.status == Table.Status.WAITING:
        raise Refusal(Code.LEADER_SEATS)  # a class's leader gives everyone their table
    return leave_locked_table(table, user=user)


def leave_locked_table(table: Table, *, user: User | None = None, agent: Agent | None = None) -> Left:
    """A member or agent leaves a table locked by the caller's transaction: before the deal the
    seat is freed; during the game JagAI takes it over, points void, stones staying (R27, R28).
    A big screen the member made of the table goes dark with them."""
    if user is not None:
        turn_off_made_by(table, user)
    if table.status == Table.Status.WAITING:
        if agent is not None:
            Seat.objects.filter(table=table, agent=agent).delete()
            return Left(table, publish.table_update(table, seat_list(table)))
        return _leave_waiting(table, user)
    if table.status == Table.Status.PLAYING:
        game, table, seats = lock_game(table.pk)
        seat = _seat_of(seats, user, agent)
        state = engine.from_json(game.state)
        if engine.is_theirs(state, seat.position):  # R40: also a seat promised back, not yet played
            takeover = {"takeover": {"seat": seat.position}}
            new, events = engine.apply_server(state, takeover)
            return Left(table, record(game, table, seats, new, events, Step(seat=None, move=takeover)))
    return Left(table)


def _leave_waiting(table: Table, user: User) -> Left:
    """Free the seat; the people after move up, and the next person hosts if the host left."""
    Seat.objects.filter(table=table, user=user).delete()
    seats = seat_list(table)
    people = [s for s in seats if s.kind == Seat.Kind.PERSON]
    # R41: a guest never hosts (their host answers for them): guests alone have no table.
    hosts = [s for s in people if s.user_id and not s.user.is_guest]
    if not hosts:
        Seat.objects.filter(table=table).delete()
        seats = []
        table.status = Table.Status.ENDED
        table.finished_at = timezone.now()
        table.save(update_fields=["status", "finished_at"])
    else:
        for position, seat in enumerate(people, start=1):
            if seat.position != position:
                Seat.objects.filter(pk=seat.pk).update(position=position)
                seat.position = position
        if table.host_id == user.pk:
            table.host_id = hosts[0].user_id
            table.save(update_fields=["host"])
    sent = publish.table_update(table, seats)
    if table.is_public:
        publish.lobby_update()
    return Left(table, sent)


def _seat_of(seats: list[Seat], user: User | None, agent: Agent | None) -> Seat:
    if agent is not None:
        seat = next((s for s in seats if s.agent_id == agent.pk), None)
    else:
        seat = next((s for s in seats if user is not None and s.user_id == user.pk), None)
    if seat is None:
        raise Refusal(Code.NOT_SEATED)
    return seat


@dataclass(frozen=True)
class Played:
    """What a move did: the game as it left it, whether the move was newly applied (a repeated id
    is acknowledged, not applied again), and the messages it published after its commit."""

    game: Game
    applied: bool
    messages: list[Addressed] = field(default_factory=list)


@dataclass(frozen=True)
class Reacted:
    """A reaction made, and its message to the table."""

    reaction: Reaction
    messages: list[Addressed]


@dataclass
class _Checked:
    """A move that passed every check under its locks, ready to record; `repeated` if its id was
    already applied (acknowledged, not applied again)."""

    locked: Locked
    seat: Seat
    state: dict | None = None
    events: list[dict] | None = None
    repeated: bool = False


@metrics.counted_move
def play_move(
    *,
    table_id: int,
    user: User | None = None,
    session_key: str = "",
    agent: Agent | None = None,
    token_hash: str = "",
    move_id: str,
    version: int,
    move: Any,
    device_id: str = "",
) -> Played:
    """Apply one person's move; returns the game, whether the move was newly applied, and the
    messages it published (the mover's socket sends its own seat's update from them).

    Who acts is checked again here, after the locks: the member's session (`session_key`) is
    still signed in and the account unrestricted, or the agent still approved with the token it
    connected with (`token_hash`). A repeated move id is acknowledged and not applied again; a
    stale version is refused. The member's account and session are read with the locks, in the
    same round trip.
    """
    with transaction.atomic():
        checked = _check_move(
            table_id=table_id,
            user=user,
            session_key=session_key,
            agent=agent,
            token_hash=token_hash,
            move_id=move_id,
            version=version,
            move=move,
        )
        game, locked = checked.locked.game, checked.locked
        if checked.repeated:
            return Played(game, False)
        step = Step(seat=checked.seat.position, move=move, move_id=move_id, device_id=device_id)
        messages = record(game, locked.table, locked.seats, checked.state, checked.events, step)
        return Played(game, True, messages)


def _check_move(
    *,
    table_id: int,
    user: User | None,
    session_key: str,
    agent: Agent | None,
    token_hash: str,
    move_id: str,
    version: int,
    move: Any,
) -> _Checked:
    """Lock and read the move's rows and check it; writes nothing. Raises the refusal."""
    member = member_query(user.pk, session_key) if user is not None and agent is None else None
    try:
        locked = lock_move(table_id, move_id, member)
    except Game.DoesNotExist:
        raise Refusal(Code.NOT_PLAYING) from None
    game, table, seats = locked.game, locked.table, locked.seats
    require_may_act(
        user=user, session_key=session_key, agent=agent, token_hash=token_hash, member_read=locked.member
    )
    seat = _seat_of(seats, user, agent)
    if seat.position in locked.seen_by:
        return _Checked(locked, seat, repeated=True)
    if table.status != Table.Status.PLAYING:
        raise Refusal(engine.RuleCode.GAME_OVER, engine.refusal_words(engine.RuleCode.GAME_OVER))
    if version != game.version:
        raise Refusal(Code.STALE_VERSION)
    state = engine.from_json(game.state)
    if engine.seat_role(state, seat.position) is engine.SeatRole.HELPER:
        raise Refusal(Code.HELPER_SEAT)
    try:
        new, events = engine.apply(state, seat.position, move)
    except engine.IllegalMove as refusal:
        raise Refusal(refusal.code, refusal.words) from None
    return _Checked(locked, seat, new, events)


@transaction.atomic
def end_game(*, user: User, code: str) -> Played:
    """The host ends the game early: nobody wins (R23). Returns the game and the messages sent."""
    table = Table.objects.by_code(code).filter(seats__user=user).first()
    if table is None:
        raise Refusal(Code.NO_SUCH_TABLE)
    if table.status != Table.Status.PLAYING:
        raise Refusal(Code.NOT_PLAYING)
    game, table, seats = lock_game(table.pk)
    if table.host_id != user.pk:
        raise Refusal(Code.NOT_HOST)
    state = engine.from_json(game.state)
    new, events = engine.apply_server(state, {"end": {}})
    messages = record(game, table, seats, new, events, Step(seat=None, move={"end": {}}))
    return Played(game, True, messages)


def react(*, table_id: int, user: User, session_key: str, reaction: str) -> Reacted:
    """A quick reaction (no free text), at most one every two seconds per member."""
    if reaction not in Reaction.Kind.values:
        raise Refusal(Code.BAD_REACTION)
    with transaction.atomic():
        return _react(table_id=table_id, user=user, session_key=session_key, reaction=reaction)


def _nudge(table_id: int, seat: Seat) -> turn_notices.Nudged | None:
    """ "Your turn" also nudges the seat to move, every way they are told (issue 32); what it did
    answers the tapper (issue 46)."""
    game = Game.objects.filter(table_id=table_id).select_related("table").first()
    if game is None:
        return None
    state = engine.from_json(game.state)
    return turn_notices.nudge(table=game.table, state=state, from_seat=seat.position, asked_by=seat.user)


def _react(*, table_id: int, user: User, session_key: str, reaction: str) -> Reacted:
    require_may_act(user=user, session_key=session_key)
    seat = Seat.objects.filter(table_id=table_id, user=user).select_related("user").first()
    if seat is None:
        raise Refusal(Code.NOT_SEATED)
    since = timezone.now() - timedelta(seconds=settings.GAME_REACTION_INTERVAL_SECONDS)
    if Reaction.objects.filter(user=user, created_at__gt=since).exists():
        raise Refusal(Code.TOO_FAST)
    made = Reaction.objects.create(table_id=table_id, user=user, seat=seat.position, kind=reaction)
    nudged = _nudge(table_id, seat) if reaction == Reaction.Kind.YOUR_TURN else None
    version = Game.version_at(table_id)
    message = reaction_message(version, seat.position, user.gamer_tag, reaction, made.get_kind_display())
    sent = publish.to_table(table_id, message)
    if nudged is not None:
        sent += turn_notices.answer(table_id, user.pk, nudged, version)
    return Reacted(made, sent)
