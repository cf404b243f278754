"""How someone played, reported by a member at the table or from a replay: a reason picked from a
list (no free text; children report too), rate-limited with name reports (moderation/reporting.py).
A report joins the game's case through a flag of kind "reported" that names the seat, so reviewers
judge it with the game's own evidence and the whole replay, and decide about that seat's account
as about any flag. One transaction, authority checked inside it."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.models import User
from game.models import Game, Seat
from justalllowgod.lib.refusals import Code, Refusal
from moderation import notify, reporting
from moderation.models import Case, Flag, PlayReport
from moderation.services import refresh_case

log = logging.getLogger(__name__)

REPORTED = gettext_lazy("Thanks. A reviewer will look at this game.")
DECIDED_ALREADY = gettext_lazy(
    "Thanks. A reviewer has already decided about this player in this game; your report is kept with it."
)
NOT_A_PLAYER = gettext_lazy("JagAI and our agents play by rules we gave them, so there is nothing to report.")


@dataclass(frozen=True)
class Reported:
    """What a report did: the report, and whether its case waits for a reviewer now."""

    report: PlayReport
    case_open: bool

    @property
    def message(self) -> str:
        return str(REPORTED if self.case_open else DECIDED_ALREADY)


def _reported_player(seat: Seat, reporter: User) -> User:
    """The member who played the seat; JagAI, agents and the reporter's own seat are no one to report."""
    if seat.agent_id or not seat.user_id:
        raise Refusal(Code.NOT_A_MEMBERS_NAME, str(NOT_A_PLAYER))
    if seat.user_id == reporter.pk:
        raise Refusal(Code.OWN_NAME)
    return seat.user


def _flag_for(game: Game, case: Case, seat: Seat, now) -> Flag:
    """The game's "reported" flag for this seat, made at the first report about it."""
    flag, created = Flag.objects.get_or_create(
        game=game,
        kind=Flag.Kind.REPORTED,
        seats=str(seat.position),
        defaults={
            "case": case,
            "evidence": {"seat": seat.position, "tag": seat.user.gamer_tag},
            "created_at": now,
        },
    )
    if created:
        flag.users.set([seat.user_id])
    return flag


@transaction.atomic
def report_play(*, reporter: User, seat: Any, reason: Any, code: str = "", game_id: Any = None) -> Reported:
    """A member reports how the member at a seat played (at a table by its code, or in a game's
    replay), with one of PlayReport.Reason. One report per reporter per seat of a game."""
    row = reporting.require_may_report(reporter)
    if reason not in PlayReport.Reason.values:
        raise Refusal(Code.CHOOSE_REPORT_REASON)
    found = reporting.find_seat(row, seat=seat, code=code, game_id=game_id)
    _reported_player(found, row)
    game = Game.objects.select_for_update().filter(table_id=found.table_id).first()
    if game is None:
        raise Refusal(Code.NO_GAME_YET)
    mine = PlayReport.objects.filter(game=game, seat=found.position, reporter=row)
    if mine.exists():
        raise Refusal(Code.PLAY_ALREADY_REPORTED)
    reporting.take_allowance(row)
    now = timezone.now()
    case, opened = Case.objects.get_or_create(game=game, defaults={"opened_at": now})
    case = Case.objects.select_for_update().get(pk=case.pk)
    was_open = case.is_open
    flag = _flag_for(game, case, found, now)
    try:
        with transaction.atomic():
            report = PlayReport.objects.create(
                flag=flag, game=game, seat=found.position, reporter=row, reason=reason, created_at=now
            )
    except IntegrityError:  # the same reporter's other tab, a moment ago
        raise Refusal(Code.PLAY_ALREADY_REPORTED) from None
    # A decided case opens again when the seat's account has no decision in it yet.
    refresh_case(case, now)
    if opened or (case.is_open and not was_open):
        notify.case_opened(case, reported=True)
    log.info("moderation: play report %s about seat %s of game %s", report.pk, found.position, game.pk)
    return Reported(report, case.is_open)
