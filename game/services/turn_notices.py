"""Telling members it is their turn (issue 32): at tables that play over days, and at any private
table for a member who asked for that, once a turn has waited NOTICES_TURN_GRACE_SECONDS with its
member away from the page; a "Your turn" reaction nudges the seat to move (the one it names), at
most once an hour per table, if that member wants to be told at this table. A notice is made only
when some way of theirs reaches something (notices/reach.py); the tap is answered in words either
way (issue 46: "Mum was told by email 4 minutes ago", "Dad has no way to be told").

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
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.language import in_members_language
from accounts.models import User
from game import engine
from game.models import Game, Seat, Table
from game.protocol import publish
from game.protocol.messages import nudge_message, seat_name
from game.protocol.types import Addressed
from game.realtime import presence
from game.realtime.groups import member_group
from game.services.tellings import telling_for
from notices.dispatch import deliver
from notices.models import Notice, NoticePreference
from notices.reach import Reach, reach_of, reachable

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
    """Whether a member with this preference is told about turns at this table, if some way of
    theirs reaches them (notices/reach.py: that is asked apart)."""
    if table.is_public:
        return False
    return table.over_days or bool(preference and preference.at_every_private_table)


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
        seats = list(
            Seat.objects.filter(
                table=game.table, position__in=waiting_on, user__isnull=False, left_at__isnull=True
            ).select_related("user__notice_preference")
        )
        reached = reachable(seat.user_id for seat in seats)
        for seat in seats:
            if seat.user_id in reached:  # else nothing would carry it: no row, and the host is shown so
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


@dataclass(frozen=True)
class Nudged:
    """What a "Your turn" tap did for the seat it named: the nudge it made, if any, and the words
    that answer the one who tapped. `words` may hold "{again}", the moment (`again_at`) after
    which the member can be told again, for the page to show in its own time zone."""

    seat: int
    tag: str
    notice: Notice | None
    words: str
    again_at: datetime | None = None
    reaches: bool = True  # False: "has no way to be told"


def nudge(*, table: Table, state: dict, from_seat: int, asked_by: User | None = None) -> Nudged | None:
    """A "Your turn" reaction at a private table: a nudge to the seat to move, unless that is the
    tapper's own, the member is not told at this table or by any way that reaches them, has the
    table open, or was told within NOTICES_NUDGE_SECONDS. Call it in the reaction's transaction;
    the clock sends what it makes. None when there is nothing to answer (a public table, the
    tapper's own turn, a seat JagAI plays).

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
    if seat is None or seat.kind != Seat.Kind.PERSON:
        return None
    tag, turn = seat_name(seat), engine.turn_number(state)
    reach = reach_of(seat.user)
    wanted_here = wants_notices(table, getattr(seat.user, "notice_preference", None))
    if not wanted_here or not reach.anywhere:
        if wanted_here:
            words = _("%(tag)s has no way to be told.") % {"tag": tag}
        else:
            words = _("%(tag)s has no way to be told at tables that don't play over days.") % {"tag": tag}
        return Nudged(seat.position, tag, None, words, reaches=False)
    held_back = _held_back(table, seat.user_id, tag, turn, reach)
    if held_back is not None:
        words, again = held_back
        return Nudged(seat.position, tag, None, words, again)
    words = _by_way(
        mailed=reach.by_mail and _turn_mail(table, seat.user_id, turn) is None,
        pushed=reach.by_push,
        both=_("We're telling %(tag)s by email and a notification now."),
        mail=_("We're telling %(tag)s by email now."),
        push=_("We're telling %(tag)s by a notification now."),
    ) % {"tag": tag}
    notice = Notice.objects.create(
        table=table, user_id=seat.user_id, kind=Notice.Kind.NUDGE, turn=turn, asked_by=asked_by
    )
    return Nudged(seat.position, tag, notice, words)


def _held_back(
    table: Table, user_id: int, tag: str, turn: int, reach: Reach
) -> tuple[str, datetime | None] | None:
    """Why a member who can be told is not nudged now, in words, and when they can be again;
    None when they may be."""
    if presence.is_here(table.pk, user_id):
        return _("%(tag)s has this table open just now, so no notice went.") % {"tag": tag}, None
    since = timezone.now() - timedelta(seconds=settings.NOTICES_NUDGE_SECONDS)
    last = told(table, user_id).filter(created_at__gt=since).order_by("-created_at").first()
    if last is not None:  # told within the hour: a flood of taps nudges once
        again = last.created_at + timedelta(seconds=settings.NOTICES_NUDGE_SECONDS)
        if last.sent_at is None:
            return _("We're telling %(tag)s now; we can tell them again after {again}.") % {"tag": tag}, again
        words = _by_way(
            mailed=last.mailed,
            pushed=last.pushed > 0,
            both=_(
                "%(tag)s was told by email and a notification %(when)s; we'll tell them again after {again}."
            ),
            mail=_("%(tag)s was told by email %(when)s; we'll tell them again after {again}."),
            push=_("%(tag)s was told by a notification %(when)s; we'll tell them again after {again}."),
        )
        return words % {"tag": tag, "when": _ago(last.sent_at)}, again
    mailed = _turn_mail(table, user_id, turn)
    if mailed is not None and not reach.by_push:
        # Mail is their only way, and a turn has one mail: a nudge now would reach nothing.
        words = _("%(tag)s was told by email %(when)s; we send one email a turn.")
        return words % {"tag": tag, "when": _ago(mailed.sent_at)}, None
    return None


def _turn_mail(table: Table, user_id: int, turn: int) -> Notice | None:
    """The notice that took this turn's one mail, if one did."""
    return (
        Notice.objects.filter(
            table=table, user_id=user_id, turn=turn, mailed=True, kind__in=Notice.TURN_KINDS
        )
        .order_by("pk")
        .first()
    )


def _by_way(*, mailed: bool, pushed: bool, both: str, mail: str, push: str) -> str:
    """The sentence that says how a member was (or is being) told: each way is a whole sentence of
    its own for translators, never a piece put into another."""
    if mailed and pushed:
        return both
    return mail if mailed else push


def _ago(moment: datetime | None) -> str:
    """ "just now", "4 minutes ago", "2 hours ago", "3 days ago"."""
    seconds = max(0, int((timezone.now() - moment).total_seconds())) if moment else 0
    if seconds >= 86400:
        count = seconds // 86400
        return ngettext("%(count)s day ago", "%(count)s days ago", count) % {"count": count}
    if seconds >= 3600:
        count = seconds // 3600
        return ngettext("%(count)s hour ago", "%(count)s hours ago", count) % {"count": count}
    if seconds >= 60:
        count = seconds // 60
        return ngettext("%(count)s minute ago", "%(count)s minutes ago", count) % {"count": count}
    return _("just now")


def answer(table_id: int, user_id: int, nudged: Nudged, version: int) -> list[Addressed]:
    """After commit: the tap's answer to the tapper's own sockets at the table, and nobody else's
    (it names how a member was told; the table only ever learns whether they can be)."""
    message = nudge_message(version, nudged.seat, nudged.tag, nudged.words, nudged.again_at, nudged.reaches)
    return publish.publish([Addressed.to(member_group(table_id, user_id), message)])


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
        .select_related("table", "table__host", "user", "asked_by")
    )
    for notice in list(pending[:BATCH]):
        # Claimed by one UPDATE (another sweeper finds it taken), then sent outside any
        # transaction: a push service or mail server that is slow holds no lock.
        if not Notice.objects.filter(pk=notice.pk, sent_at__isnull=True).update(sent_at=now):
            continue
        if _still_worth_sending(notice, now):
            asked_by = notice.asked_by.gamer_tag if notice.asked_by_id and notice.asked_by else ""
            # In the member's own language: the clock has no reader's request to take it from
            # (the mail's own words are made in it by notices/mail.py).
            with in_members_language(notice.user):
                telling = telling_for(notice.table, notice.kind, asked_by=asked_by or "")
            deliver(notice, telling, may_mail=_claim_mail(notice))
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
