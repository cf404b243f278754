"""Tables that play over days (issue 32): the member's list of their tables, the end of a table
nobody moves at (GAME_IDLE_END_DAYS, its members warned GAME_IDLE_WARN_DAYS before), and the
host handing a long-absent member's turn to JagAI (GAME_HAND_OVER_DAYS; R28's way, R40 lets
them back)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from game import engine
from game.models import Game, Seat, Table
from game.protocol import publish
from game.protocol.messages import seat_name
from game.services.authority import require_may_act
from game.services.recording import Step, record
from game.services.results import Left
from game.services.starting import seat_list
from game.services.tellings import last_move_at
from game.services.turn_notices import awaited, tell
from game.store import lock_game
from justalllowgod.lib.refusals import Code, Refusal
from notices.models import Notice


@dataclass(frozen=True)
class YourTable:
    """One line of the start screen's "Your tables"."""

    code: str
    host_tag: str
    kind: str
    over_days: bool
    playing: bool
    your_turn: bool
    waiting_on: str  # "you", a tag, "JagAI", or "" before the deal
    last_move_at: datetime


def your_tables(user: User) -> list[YourTable]:
    """Every open table the member sits at (their seat still theirs), the ones waiting on them
    first, then by the last move, newest first."""
    tables = (
        Table.objects.unfinished()
        .filter(seats__user=user, seats__left_at__isnull=True)
        .select_related("host", "game")
        .prefetch_related("seats__user", "seats__agent")
        .distinct()
    )
    lines = [_line(table, user) for table in tables]
    lines.sort(key=lambda line: line.last_move_at, reverse=True)
    lines.sort(key=lambda line: not line.your_turn)  # stable: newest first within each group
    return lines


def _line(table: Table, user: User) -> YourTable:
    game = getattr(table, "game", None) if table.status == Table.Status.PLAYING else None
    your_turn, waiting_on = False, ""
    if game is not None:
        state = engine.from_json(game.state)
        seats = {seat.position: seat for seat in table.seats.all()}
        waiting = awaited(state) or [engine.current_seat(state)]
        mine = next((s.position for s in seats.values() if s.user_id == user.pk), None)
        your_turn = mine in waiting and engine.is_person(state, mine)
        seat = seats.get(waiting[0])
        waiting_on = "you" if your_turn else (seat_name(seat) if seat is not None else "")
    return YourTable(
        code=table.code,
        host_tag=table.host.gamer_tag,
        kind=table.get_kind_display(),
        over_days=table.over_days,
        playing=game is not None,
        your_turn=your_turn,
        waiting_on=waiting_on,
        last_move_at=game.decision_since if game is not None else table.created_at,
    )


def sweep_idle(now: datetime | None = None) -> int:
    """Warn the members of over-days tables nobody has moved at for GAME_IDLE_END_DAYS less
    GAME_IDLE_WARN_DAYS, and end the ones idle GAME_IDLE_END_DAYS (no winner, R23); returns how
    many tables it warned or ended."""
    now = now or timezone.now()
    warn_after = timedelta(days=settings.GAME_IDLE_END_DAYS - settings.GAME_IDLE_WARN_DAYS)
    done = 0
    for table_id in Table.objects.unfinished().filter(over_days=True).values_list("pk", flat=True):
        with transaction.atomic():
            table = Table.objects.select_for_update().filter(pk=table_id).first()
            if table is None or not table.is_open:
                continue
            idle = now - last_move_at(table)
            if idle >= timedelta(days=settings.GAME_IDLE_END_DAYS):
                end_idle_table(table)
                done += 1
            elif idle >= warn_after and not _warned_since_last_move(table):
                _warn(table, now)
                done += 1
    return done


def _warned_since_last_move(table: Table) -> bool:
    return table.idle_warned_at is not None and table.idle_warned_at >= last_move_at(table)


def _warn(table: Table, now: datetime) -> None:
    table.idle_warned_at = now
    table.save(update_fields=["idle_warned_at"])
    members = Seat.objects.filter(table=table, user__isnull=False, left_at__isnull=True)
    # One warning a member for each stretch of idleness: a move in between starts a new one.
    Notice.objects.filter(table=table, kind=Notice.Kind.ENDING_SOON).delete()
    for seat in members:
        tell(table=table, user_id=seat.user_id, kind=Notice.Kind.ENDING_SOON)


def end_idle_table(table: Table) -> None:
    """End a table nobody moved at (locked by the caller): a game ends as the host's end does
    (no winner, R23); a table never dealt simply closes."""
    if table.status == Table.Status.PLAYING:
        game, table, seats = lock_game(table.pk)
        state = engine.from_json(game.state)
        new, events = engine.apply_server(state, {"end": {}})
        record(game, table, seats, new, events, Step(seat=None, move={"end": {}}))
        return
    table.status = Table.Status.ENDED
    table.finished_at = timezone.now()
    table.save(update_fields=["status", "finished_at"])
    publish.table_update(table, seat_list(table))


@transaction.atomic
def hand_over(*, host: User, code: str, seat: int, session_key: str | None = None) -> Left:
    """The host of an over-days table hands a member's turn to JagAI after GAME_HAND_OVER_DAYS
    without a move: JagAI takes the seat as when they leave (R28), the host may let them back
    (R40), and the member is told. Everything is checked under the table's lock."""
    table = Table.objects.by_code(code).filter(seats__user=host, status=Table.Status.PLAYING).first()
    if table is None:
        raise Refusal(Code.NOT_PLAYING)
    game, table, seats = lock_game(table.pk)
    require_may_act(user=host, session_key=session_key)
    mine = next((s for s in seats if s.user_id == host.pk), None)
    if table.host_id != host.pk or mine is None:
        raise Refusal(Code.NOT_HOST)
    if mine.left_at is not None:
        raise Refusal(Code.HOST_LEFT)
    if not table.over_days or table.is_public:
        raise Refusal(Code.NOT_OVER_DAYS)
    target = next((s for s in seats if s.position == seat), None)
    if target is None or target.user_id is None or target.user_id == host.pk:
        raise Refusal(Code.NOT_A_MEMBER)
    state = engine.from_json(game.state)
    if seat not in awaited(state):
        raise Refusal(Code.NOT_AWAITED)
    if timezone.now() - game.decision_since < timedelta(days=settings.GAME_HAND_OVER_DAYS):
        raise Refusal(Code.NOT_AWAY_LONG)
    takeover = {"takeover": {"seat": seat}}
    new, events = engine.apply_server(state, takeover)
    sent = record(game, table, seats, new, events, Step(seat=None, move=takeover))
    tell(table=table, user_id=target.user_id, kind=Notice.Kind.HANDED_OVER, turn=engine.turn_number(state))
    return Left(table, sent)


def may_hand_over(table: Table, game: Game | None, state: dict | None) -> list[int]:
    """The seats the host could hand to JagAI now (for the table page's button)."""
    if not table.over_days or game is None or state is None or table.status != Table.Status.PLAYING:
        return []
    if timezone.now() - game.decision_since < timedelta(days=settings.GAME_HAND_OVER_DAYS):
        return []
    members = set(
        Seat.objects.filter(table=table, user__isnull=False)
        .exclude(user_id=table.host_id)
        .values_list("position", flat=True)
    )
    return [seat for seat in awaited(state) if seat in members]
