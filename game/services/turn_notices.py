"""Telling members it is their turn (issue 32): at tables that play over days, and at any private
table for a member who asked for that, once a turn has waited NOTICES_TURN_GRACE_SECONDS with its
member away from the page; a "Your turn" reaction nudges the seat to move (the one it names), at
most once an hour per table, if that member wants to be told at this table.

A turn brings at most one turn notice, and at most one mail whatever nudges come with it: a nudge
after the turn's mail goes by push alone (Notice's constraints hold both, under any number of
sweepers).

The clock sends them (game/services/clock.py, every NOTICES_SWEEP_SECONDS), never a move: a push
service or a mail server that is slow must not hold up a move. A notice names the table by its
code and its host's tag, and never a card (game/services/tellings.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from game import engine
from game.models import Game, Seat, Table
from game.realtime import presence
from game.services.tellings import telling_for
from notices.dispatch import deliver
from notices.models import Notice, NoticePreference

# A notice the clock could not send within this long is dropped: "your turn" a day late misleads.
STALE_AFTER = timedelta(hours=6)
# Notices sent in one sweep at most; the next sweep sends the rest.
BATCH = 200


@dataclass(frozen=True)
class Swept:
    """What one sweep did: turn notices found, and notices sent."""

    found: int
    sent: int


def awaited(state: dict) -> list[int]:
    """The person seats the game waits on now (those with a move to make)."""
    if engine.is_over(state):
        return []
    return [seat for seat in engine.persons(state) if engine.legal_moves(state, seat)]


def wants_notices(table: Table, preference: NoticePreference | None) -> bool:
    """Whether a member with this preference is told about turns at this table."""
    if preference is None or not preference.wants_any or table.is_public:
        return False
    return table.over_days or preference.at_every_private_table


def find_due_turns(now: datetime) -> int:
    """Make the notices of turns that have waited long enough for an absent member who wants them."""
    grace = timedelta(seconds=settings.NOTICES_TURN_GRACE_SECONDS)
    oldest = now - timedelta(days=settings.GAME_IDLE_END_DAYS + 1)
    games = (
        Game.objects.filter(
            table__kind=Table.Kind.PRIVATE,
            table__status=Table.Status.PLAYING,
            decision_since__lte=now - grace,
            decision_since__gte=oldest,
        )
        .filter(
            Q(table__over_days=True) | Q(table__seats__user__notice_preference__at_every_private_table=True)
        )
        .select_related("table")
        .distinct()
    )
    found = 0
    for game in games:
        state = engine.from_json(game.state)
        waiting_on = awaited(state)
        if not waiting_on:
            continue
        seats = Seat.objects.filter(
            table=game.table, position__in=waiting_on, user__isnull=False, left_at__isnull=True
        ).select_related("user__notice_preference")
        for seat in seats:
            found += _note_turn(game.table, seat, engine.turn_number(state))
    return found


def told(table: Table, user_id: int):
    """The member's turn notices and nudges at the table that went out or are still to go (one
    dropped because the member was at the table does not count: they saw it there)."""
    return Notice.objects.filter(table=table, user_id=user_id, kind__in=Notice.TURN_KINDS).filter(
        Q(sent_at__isnull=True) | Q(pushed__gt=0) | Q(mailed=True)
    )


def _note_turn(table: Table, seat: Seat, turn: int) -> int:
    preference = getattr(seat.user, "notice_preference", None)
    if not wants_notices(table, preference) or presence.is_here(table.pk, seat.user_id):
        return 0
    if told(table, seat.user_id).filter(turn=turn).exists():
        return 0  # told this turn already, by this notice or by a nudge
    try:
        with transaction.atomic():
            Notice.objects.create(table=table, user_id=seat.user_id, kind=Notice.Kind.YOUR_TURN, turn=turn)
    except IntegrityError:
        return 0  # another sweeper noted it first
    return 1


def nudge(*, table: Table, state: dict, from_seat: int) -> Notice | None:
    """A "Your turn" reaction at a private table: a nudge to the seat to move, unless that is the
    tapper's own, the member does not want to be told at this table, or they were told within
    NOTICES_NUDGE_SECONDS. Call it in the reaction's transaction; the clock sends what it makes.

    The seat's row is locked first, so taps from several members at once make one nudge."""
    if table.is_public or table.status != Table.Status.PLAYING:
        return None
    to_move = awaited(state)
    if not to_move or to_move[0] == from_seat:
        return None
    seat = (
        Seat.objects.select_for_update(of=("self",))
        .filter(table=table, position=to_move[0], user__isnull=False, left_at__isnull=True)
        .select_related("user__notice_preference")
        .first()
    )
    if seat is None or not wants_notices(table, getattr(seat.user, "notice_preference", None)):
        return None
    since = timezone.now() - timedelta(seconds=settings.NOTICES_NUDGE_SECONDS)
    if told(table, seat.user_id).filter(created_at__gt=since).exists():
        return None  # told within the hour: a flood of taps nudges once
    return Notice.objects.create(
        table=table, user_id=seat.user_id, kind=Notice.Kind.NUDGE, turn=engine.turn_number(state)
    )


def tell(*, table: Table, user_id: int, kind: Notice.Kind, turn: int = 0) -> Notice | None:
    """A notice about the table itself (it ends soon, JagAI took your seat): once per table, kind
    and turn for that member; the clock sends it."""
    try:
        with transaction.atomic():
            return Notice.objects.create(table=table, user_id=user_id, kind=kind, turn=turn)
    except IntegrityError:
        return None


def send_pending(now: datetime) -> int:
    """Send the notices not sent yet, oldest first. A turn or nudge notice whose member has come
    back to the page, or whose turn has passed, is dropped unsent."""
    sent = 0
    pending = (
        Notice.objects.filter(sent_at__isnull=True)
        .order_by("pk")
        .select_related("table", "table__host", "user")
    )
    for notice in list(pending[:BATCH]):
        # Claimed by one UPDATE (another sweeper finds it taken), then sent outside any
        # transaction: a push service or mail server that is slow holds no lock.
        if not Notice.objects.filter(pk=notice.pk, sent_at__isnull=True).update(sent_at=now):
            continue
        if _still_worth_sending(notice, now):
            deliver(notice, telling_for(notice.table, notice.kind), may_mail=_claim_mail(notice))
            sent += 1
    return sent


def _claim_mail(notice: Notice) -> bool:
    """Whether this notice may mail: a turn's first claim takes its one mail (`mailed` marked now,
    put right by deliver); a later one for the same turn fails on one_turn_mail_per_turn."""
    if notice.kind not in Notice.TURN_KINDS:
        return True
    try:
        with transaction.atomic():
            Notice.objects.filter(pk=notice.pk).update(mailed=True)
    except IntegrityError:
        return False
    return True


def _still_worth_sending(notice: Notice, now: datetime) -> bool:
    if now - notice.created_at > STALE_AFTER:
        return False
    if notice.kind not in (Notice.Kind.YOUR_TURN, Notice.Kind.NUDGE):
        return True
    if presence.is_here(notice.table_id, notice.user_id) or notice.table.status != Table.Status.PLAYING:
        return False
    game = Game.objects.filter(table_id=notice.table_id).only("state").first()
    if game is None:
        return False
    state = engine.from_json(game.state)
    seat = Seat.objects.filter(table_id=notice.table_id, user_id=notice.user_id, left_at__isnull=True).first()
    return seat is not None and engine.turn_number(state) == notice.turn and seat.position in awaited(state)


def sweep(now: datetime | None = None) -> Swept:
    """One pass of the clock: notice the turns now due, then send whatever is pending."""
    now = now or timezone.now()
    found = find_due_turns(now)
    return Swept(found, send_pending(now))
