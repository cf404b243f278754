"""Names reported at the table: a member reports the gamer tag a seat shows them, and a reviewer
asks its member for a new tag or keeps the name. One transaction each, authority checked inside it."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import guests
from accounts.models import User
from accounts.services import take_back_tag
from game.models import Game, Seat, Table
from game.protocol import publish
from game.services.starting import seat_list
from justalllowgod.lib.refusals import Code, Refusal
from moderation import notify, reporting
from moderation.models import NameReport
from moderation.services import EMAIL_PERMISSION
from moderation.services import _require_reviewer as require_reviewer

log = logging.getLogger(__name__)

REPORTED = gettext_lazy("Thanks. A reviewer will look at this name.")
NO_TAG = gettext_lazy("This seat shows no gamer tag just now, so there is nothing to report.")
OWN_REPORT = gettext_lazy("You reported this name yourself, so another reviewer must judge it.")
QUEUE_ROWS = 50


# --- A member reports a name ------------------------------------------------------------------


def _reported_member(seat: Seat, reporter: User) -> User:
    """The member whose tag the seat shows; JagAI, agents and the reporter's own seat have none."""
    if seat.agent_id or not seat.user_id:
        raise Refusal(Code.NOT_A_MEMBERS_NAME)
    if seat.user_id == reporter.pk:
        raise Refusal(Code.OWN_NAME)
    if not seat.user.gamer_tag:
        raise Refusal(Code.NOT_A_MEMBERS_NAME, str(NO_TAG))
    return seat.user


@transaction.atomic
def report_name(*, reporter: User, seat: Any, code: str = "", game_id: Any = None) -> NameReport:
    """A member reports the tag a seat shows them (at a table by its code, or in a game's replay);
    the reviewers' queue lists it. One open report per reporter per member."""
    row = reporting.require_may_report(reporter)
    found = reporting.find_seat(row, seat=seat, code=code, game_id=game_id)
    member = _reported_member(found, row)
    waiting = NameReport.objects.waiting()
    if waiting.filter(reporter=row, reported=member).exists():
        raise Refusal(Code.ALREADY_REPORTED)
    reporting.take_allowance(row)
    first = not waiting.filter(reported=member, tag__iexact=member.gamer_tag).exists()
    try:
        with transaction.atomic():
            report = NameReport.objects.create(
                reported=member,
                tag=member.gamer_tag,
                reporter=row,
                table_id=found.table_id,
                seat=found.position,
            )
    except IntegrityError:  # the same reporter's other tab, a moment ago
        raise Refusal(Code.ALREADY_REPORTED) from None
    if first:
        notify.name_reported(report)
    log.info("moderation: name report %s about member %s at table %s", report.pk, member.pk, found.table_id)
    return report


# --- A reviewer answers -----------------------------------------------------------------------


@dataclass(frozen=True)
class Answered:
    """What a reviewer's answer did: the tag, how many reports it closed, whether the tag was taken
    back (False when its member had changed it already)."""

    tag: str
    reports: int
    taken_back: bool = False


def _open_report(report_id: int, reviewer: User) -> NameReport:
    """The report, locked, once the reviewer may answer it (re-read inside the act's transaction)."""
    require_reviewer(reviewer)
    report = NameReport.objects.select_for_update().filter(pk=report_id).first()
    if report is None or not report.is_open:
        raise Refusal(Code.REPORT_HANDLED)
    if report.reported_id == reviewer.pk:
        raise Refusal(Code.OWN_CASE)
    if _same_name(report).filter(reporter=reviewer).exists():
        raise Refusal(Code.OWN_CASE, str(OWN_REPORT))
    return report


def _same_name(report: NameReport) -> QuerySet[NameReport]:
    """Every open report about this member's tag: one answer closes them all."""
    return NameReport.objects.waiting().filter(reported_id=report.reported_id, tag__iexact=report.tag)


def _redraw_seats(member_id: int) -> None:
    """After commit, every open table where the member sits is sent its seats again, so nobody's
    screen keeps the old tag."""
    for table in Table.objects.unfinished().filter(seats__user_id=member_id).distinct():
        publish.table_update(table, seat_list(table), Game.version_at(table.pk))


@transaction.atomic
def ask_for_new_tag(*, report_id: int, reviewer: User) -> Answered:
    """The tag goes from every seat and page; its member chooses a new one at their next page, and
    nobody may take the old one again (it is kept among their former tags, for reviewers)."""
    report = _open_report(report_id, reviewer)
    member = User.objects.select_for_update().get(pk=report.reported_id)
    now = timezone.now()
    still_theirs = member.gamer_tag.lower() == report.tag.lower()
    taken_back = still_theirs and take_back_tag(user=member, now=now)
    closed = _same_name(report).update(status=NameReport.Status.RENAMED, decided_at=now, decided_by=reviewer)
    if taken_back and (member.is_guest or member.is_class_child):
        guests.give_new_name(member)  # a guest or a class's child has no page to choose one
    if taken_back:
        _redraw_seats(member.pk)
        notify.tag_taken_back(member, report.tag)
    log.info("moderation: reviewer %s asked member %s for a new tag", reviewer.pk, member.pk)
    return Answered(report.tag, closed, taken_back)


@transaction.atomic
def keep_name(*, report_id: int, reviewer: User) -> Answered:
    """The reviewer finds nothing wrong with the name: its reports close and it stays."""
    report = _open_report(report_id, reviewer)
    closed = _same_name(report).update(
        status=NameReport.Status.DISMISSED, decided_at=timezone.now(), decided_by=reviewer
    )
    return Answered(report.tag, closed)


def is_retired(tag: str) -> bool:
    """Whether reviewers asked a member to give this tag up, so nobody may take it again."""
    return NameReport.objects.filter(status=NameReport.Status.RENAMED, tag__iexact=tag).exists()


def forget_member(user: User) -> None:
    """A deleted member's name leaves the queue: nothing is left to judge."""
    NameReport.objects.waiting().filter(reported=user).delete()


# --- The queue --------------------------------------------------------------------------------


@dataclass
class NameRow:
    """One reported name in the reviewers' queue: its reports, and the member it belongs to."""

    first: NameReport  # the oldest report: the answer buttons name it
    reports: list[NameReport]
    email: str | None
    former_tags: list[str]
    held: str  # why this reviewer may not answer it, or ""

    @property
    def member(self) -> User:
        return self.first.reported


STATES = {
    "open": [NameReport.Status.OPEN],
    "decided": [NameReport.Status.RENAMED, NameReport.Status.DISMISSED],
}


def queue_rows(*, reviewer: User, state: str, tag: str = "", newest: bool = False) -> list[NameRow]:
    """Reported names for the queue, their reports together: open ones, or answered, or both."""
    reports = NameReport.objects.select_related(
        "reported", "reporter", "table", "decided_by"
    ).prefetch_related("reported__former_tags")
    if state in STATES:
        reports = reports.filter(status__in=STATES[state])
    if tag:
        reports = reports.filter(Q(tag__icontains=tag) | Q(reported__gamer_tag__icontains=tag))
    groups: dict[tuple, list[NameReport]] = {}
    for report in reports.order_by("created_at", "pk")[: QUEUE_ROWS * 10]:
        key = (report.reported_id, report.tag.lower(), report.status, report.decided_at)
        groups.setdefault(key, []).append(report)
    show_email = reviewer.has_perm(EMAIL_PERMISSION)
    rows = [_row(found, reviewer, show_email) for found in groups.values()]
    rows.sort(key=lambda row: row.first.created_at, reverse=newest)
    return rows[:QUEUE_ROWS]


def _row(reports: list[NameReport], reviewer: User, show_email: bool) -> NameRow:
    member = reports[0].reported
    held = ""
    if member.pk == reviewer.pk:
        held = _("This name is yours, so another reviewer must judge it.")
    elif any(report.reporter_id == reviewer.pk for report in reports):
        held = str(OWN_REPORT)
    return NameRow(
        first=reports[0],
        reports=reports,
        email=member.email if show_email else None,
        former_tags=[former.tag for former in member.former_tags.all()],
        held=held,
    )
