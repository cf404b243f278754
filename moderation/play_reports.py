"""How someone played, reported by a member at the table or from a replay: a reason picked from a
list (no free text; children report too), rate-limited with name reports (moderation/reporting.py).

A report is kept at once and reaches the reviewers when the game is over: `services.flag_game`
(which runs after every game's last move, and after each report about a finished game) turns the
waiting reports into a flag of kind "reported" naming the seat and its account, in the game's case.
So no reviewer reads a game still being played, and reviewers decide about that account as about
any flag, with the whole replay. The reporter hears the same words whatever the case holds.

One transaction, authority checked inside it; it locks only the reporter's row (the case comes
after commit, in flag_game's own transaction, as every case does)."""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from accounts.models import User
from game.models import Game, Seat
from justalllowgod.lib.refusals import Code, Refusal
from moderation import reporting, services
from moderation.models import PlayReport

log = logging.getLogger(__name__)

REPORTED = gettext_lazy("Thanks. A reviewer will look at this game.")
REPORTED_LATER = gettext_lazy("Thanks. A reviewer will look at this game once it is over.")
NOT_A_PLAYER = gettext_lazy("JagAI and our agents play by rules we gave them, so there is nothing to report.")


def _reported_player(seat: Seat, reporter: User) -> User:
    """The member who played the seat; JagAI, agents and the reporter's own seat are no one to report."""
    if seat.agent_id or not seat.user_id:
        raise Refusal(Code.NOT_A_MEMBERS_NAME, str(NOT_A_PLAYER))
    if seat.user_id == reporter.pk:
        raise Refusal(Code.OWN_NAME)
    return seat.user


@transaction.atomic
def report_play(*, reporter: User, seat: Any, reason: Any, code: str = "", game_id: Any = None) -> str:
    """A member reports how the member at a seat played (at a table by its code, or in a game's
    replay), with one of PlayReport.Reason; one report per reporter per seat of a game. Returns the
    words to show them."""
    row = reporting.require_may_report(reporter)
    if reason not in PlayReport.Reason.values:
        raise Refusal(Code.CHOOSE_REPORT_REASON)
    found = reporting.find_seat(row, seat=seat, code=code, game_id=game_id)
    member = _reported_player(found, row)
    game = Game.objects.filter(table_id=found.table_id).only("pk", "finished_at").first()
    if game is None:
        raise Refusal(Code.NO_GAME_YET)
    if PlayReport.objects.filter(game=game, seat=found.position, reporter=row).exists():
        raise Refusal(Code.PLAY_ALREADY_REPORTED)
    reporting.take_allowance(row)
    try:
        with transaction.atomic():
            report = PlayReport.objects.create(
                game=game, seat=found.position, reporter=row, reported=member, reason=reason
            )
    except IntegrityError:  # the same reporter's other tab, a moment ago
        raise Refusal(Code.PLAY_ALREADY_REPORTED) from None
    # After commit: a finished game's case takes it now; a game in play, at its end (whichever of
    # this and the game's last move commits second finds it waiting).
    game_pk = game.pk
    transaction.on_commit(lambda: services.flag_game(game_id=game_pk), robust=True)
    log.info("moderation: play report %s about seat %s of game %s", report.pk, found.position, game.pk)
    return str(REPORTED if game.finished_at is not None else REPORTED_LATER)
