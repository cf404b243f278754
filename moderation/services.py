"""Moderation's services: flag finished games, decide cases, reverse decisions. One transaction each."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import dateformat, timezone

from accounts.models import User
from game.models import Game
from moderation.flags import find_flags
from moderation.models import Case, Decision, Flag

log = logging.getLogger(__name__)

REVIEW_PERMISSION = "moderation.review_case"
EMAIL_PERMISSION = "moderation.view_member_email"
DECIDABLE = (
    Decision.Action.NO_ACTION,
    Decision.Action.WARNING,
    Decision.Action.SUSPENSION,
    Decision.Action.BAN,
)
MAX_SUSPENSION_DAYS = 365


class ModerationError(Exception):
    """A clear refusal from a moderation service: nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def flag_game_on_commit(game_id: int) -> None:
    """Flag a game once the move that finished it has committed; a failure here never undoes it."""
    transaction.on_commit(lambda: flag_game(game_id=game_id), robust=True)


@transaction.atomic
def flag_game(*, game_id: int) -> list[Flag]:
    """Record every flag a finished game earns, opening its case; running it again adds nothing."""
    game = Game.objects.select_for_update().get(pk=game_id)
    if game.finished_at is None:
        return []
    findings = find_flags(game)
    if not findings:
        return []
    now = timezone.now()
    case, _ = Case.objects.get_or_create(game=game, defaults={"opened_at": now})
    flags = []
    for finding in findings:
        flag, created = Flag.objects.get_or_create(
            game=game,
            kind=finding.kind,
            seats=finding.seats_key,
            defaults={"case": case, "evidence": finding.evidence, "created_at": now},
        )
        if created:
            flag.users.set(finding.user_ids)
            log.info("moderation: game %s flagged %s (seats %s)", game.pk, finding.kind, finding.seats_key)
        flags.append(flag)
    return flags


def scan_games(*, game_ids: list[int] | None = None) -> tuple[int, int]:
    """Flag older finished games (each in its own transaction); returns (games scanned, flags new)."""
    games = Game.objects.filter(finished_at__isnull=False).order_by("pk")
    if game_ids:
        games = games.filter(pk__in=game_ids)
    before = Flag.objects.count()
    scanned = 0
    for game_id in games.values_list("pk", flat=True).iterator():
        flag_game(game_id=game_id)
        scanned += 1
    return scanned, Flag.objects.count() - before


def case_accounts(case: Case) -> list[User]:
    """The accounts a case's flags name, by gamer tag."""
    return list(User.objects.filter(moderation_flags__case=case).distinct().order_by("gamer_tag", "pk"))


def _require_reviewer(reviewer: User) -> None:
    if not reviewer.has_perm(REVIEW_PERMISSION):
        raise PermissionDenied("Only reviewers decide cases.")


def _require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError("Please write the reason for this decision.")
    return reason


@transaction.atomic
def decide_case(
    *, case_id: int, reviewer: User, user_ids: list[int], action: str, reason: str, days: int | None = None
) -> list[Decision]:
    """A reviewer's decision about some of a case's accounts; only this ever restricts anyone."""
    _require_reviewer(reviewer)
    case = Case.objects.select_for_update().get(pk=case_id)
    if not case.is_open:
        raise ModerationError("This case has already been decided.")
    reason = _require_reason(reason)
    if action not in DECIDABLE:
        raise ModerationError("Please choose a decision.")
    allowed = {u.pk for u in case_accounts(case)}
    chosen = set(user_ids)
    if not chosen or not chosen <= allowed:
        raise ModerationError("Please choose the accounts this decision is about.")
    if action == Decision.Action.SUSPENSION and not (days and 1 <= days <= MAX_SUSPENSION_DAYS):
        raise ModerationError(f"A suspension lasts from 1 to {MAX_SUSPENSION_DAYS} days.")
    now = timezone.now()
    suspended = action == Decision.Action.SUSPENSION
    made = [
        Decision.objects.create(
            case=case,
            user_id=user_id,
            action=action,
            days=days if suspended else None,
            ends_at=now + timedelta(days=days) if suspended and days else None,
            reason=reason,
            reviewer=reviewer,
            created_at=now,
        )
        for user_id in sorted(chosen)
    ]
    case.status, case.closed_at = Case.Status.CLOSED, now
    case.save(update_fields=["status", "closed_at"])
    # game.services records games through this module, so it is imported here, not at the top.
    from game.services.withdrawal import withdraw_member

    for decision in made:
        if decision.restricts:
            withdraw_member(user=decision.user)  # R38: JagAI takes their seats, sockets close
    return made


@transaction.atomic
def reverse_decision(*, decision_id: int, reviewer: User, reason: str) -> Decision:
    """Undo a warning, suspension or ban with a new record; the original stays in the history."""
    _require_reviewer(reviewer)
    original = Decision.objects.select_for_update().get(pk=decision_id)
    reason = _require_reason(reason)
    if original.action not in (Decision.Action.WARNING, Decision.Action.SUSPENSION, Decision.Action.BAN):
        raise ModerationError("Only a warning, a suspension or a ban can be reversed.")
    if Decision.objects.filter(reverses=original).exists():
        raise ModerationError("This decision has already been reversed.")
    return Decision.objects.create(
        case=original.case,
        user=original.user,
        action=Decision.Action.REVERSAL,
        reason=reason,
        reviewer=reviewer,
        reverses=original,
        created_at=timezone.now(),
    )


def active_restriction(user: User) -> Decision | None:
    """The decision keeping a member from tables now: a ban first, else the longest suspension."""
    running = Decision.objects.restricting().filter(user=user)
    ban = running.filter(action=Decision.Action.BAN).first()
    return ban or running.order_by("-ends_at").first()


def restriction_message(user: User) -> str | None:
    """What a restricted member is told, in plain words; None when nothing applies."""
    if not getattr(user, "pk", None):
        return None
    decision = active_restriction(user)
    if decision is None:
        return None
    if decision.action == Decision.Action.BAN:
        return (
            "Your account can't join tables any more: a reviewer looked at your games and decided so. "
            "You can still replay your games."
        )
    until = dateformat.format(decision.ends_at, "j F Y, H:i e")
    return (
        f"Your account is suspended until {until}, so you can't join tables before then. "
        "A reviewer looked at your games and decided so. You can still replay your games."
    )
