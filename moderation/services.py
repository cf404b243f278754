"""Moderation's services: flag finished games, decide cases, reverse decisions. One transaction each."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import RestrictionKind, User
from game.models import Game
from game.services.withdrawal import withdraw_member
from justalllowgod.lib.refusals import WORDS, Code, Refusal
from moderation import notify
from moderation.flags import find_flags
from moderation.models import Appeal, Case, Decision, Flag, PlayReport

log = logging.getLogger(__name__)

REVIEW_PERMISSION = "moderation.review_case"
EMAIL_PERMISSION = "moderation.view_member_email"
REVERSIBLE = (Decision.Action.WARNING, Decision.Action.SUSPENSION, Decision.Action.BAN)
DECIDABLE = (
    Decision.Action.NO_ACTION,
    Decision.Action.WARNING,
    Decision.Action.SUSPENSION,
    Decision.Action.BAN,
)
MAX_SUSPENSION_DAYS = 365


def flag_game_on_commit(game_id: int) -> None:
    """Flag a game once the move that finished it has committed; a failure here never undoes it."""
    transaction.on_commit(lambda: flag_game(game_id=game_id), robust=True)


@transaction.atomic
def flag_game(*, game_id: int) -> list[Flag]:
    """Record every flag a finished game earns, and the reports of how someone played that wait for
    it (moderation/play_reports.py), opening its case, or opening it again when an account in it
    has no decision yet; running it again adds nothing."""
    game = Game.objects.select_for_update().get(pk=game_id)
    if game.finished_at is None:
        return []
    findings = find_flags(game)
    waiting = list(PlayReport.objects.filter(game=game, flag__isnull=True).select_related("reported"))
    if not findings and not waiting:
        return []
    now = timezone.now()
    case, opened = Case.objects.get_or_create(game=game, defaults={"opened_at": now})
    case = Case.objects.select_for_update().get(pk=case.pk)
    was_open = case.is_open
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
    for report in waiting:
        flags.append(_reported_flag(case, report, now))
    refresh_case(case, now)
    if opened or (case.is_open and not was_open):
        notify.case_opened(case, reported=not findings)
    return flags


def _reported_flag(case: Case, report: PlayReport, now: datetime) -> Flag:
    """The case's "reported" flag for the report's seat (made at the first report about it), with
    the report attached."""
    member = report.reported
    flag, created = Flag.objects.get_or_create(
        game_id=report.game_id,
        kind=Flag.Kind.REPORTED,
        seats=str(report.seat),
        defaults={
            "case": case,
            "evidence": {"seat": report.seat, "tag": member.gamer_tag if member else ""},
            "created_at": now,
        },
    )
    if created and member is not None:
        flag.users.set([member.pk])
    report.flag = flag
    report.save(update_fields=["flag"])
    return flag


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


def undecided_accounts(case: Case) -> list[User]:
    """The case's accounts nobody has decided about yet (No action is a decision)."""
    decided = set(case.decisions.exclude(action=Decision.Action.REVERSAL).values_list("user_id", flat=True))
    return [user for user in case_accounts(case) if user.pk not in decided]


def pending_appeals(case: Case) -> list[Appeal]:
    return list(
        Appeal.objects.filter(decision__case=case, answered_at__isnull=True).select_related("decision")
    )


def refresh_case(case: Case, now: datetime) -> None:
    """A case stays open while an account waits for a decision or an appeal waits for an answer."""
    still_open = bool(undecided_accounts(case) or pending_appeals(case))
    case.status = Case.Status.OPEN if still_open else Case.Status.CLOSED
    case.closed_at = None if still_open else now
    case.save(update_fields=["status", "closed_at"])


def _sync_restriction(user_id: int) -> None:
    """Copy what the decisions say onto the member's row, where game code reads it cheaply."""
    running = Decision.objects.restricting().filter(user_id=user_id)
    if running.filter(action=Decision.Action.BAN).exists():
        kind, until = RestrictionKind.BAN, None
    else:
        until = running.order_by("-ends_at").values_list("ends_at", flat=True).first()
        kind = RestrictionKind.SUSPENSION if until else RestrictionKind.NONE
    User.objects.filter(pk=user_id).update(restriction_kind=kind, restricted_until=until)


RESTRICTED_REVIEWER = WORDS[Code.REVIEWER_RESTRICTED]
INACTIVE_REVIEWER = WORDS[Code.REVIEWER_SWITCHED_OFF]


def may_not_judge(reviewer: User) -> str:
    """Why this reviewer may not judge anyone just now (their own account is restricted or
    switched off), or "" when they may. Reads the row as it is now, not as the request loaded it."""
    row = User.objects.filter(pk=reviewer.pk).first()
    if row is None or not row.is_active:
        return INACTIVE_REVIEWER
    if row.restriction() is not None:
        return RESTRICTED_REVIEWER
    return ""


def _require_reviewer(reviewer: User) -> None:
    # Inside each act's transaction, first: the reviewer's row is locked, so a suspension or ban
    # placed on them meanwhile is either seen here or waits until this act is done.
    row = User.objects.select_for_update().filter(pk=reviewer.pk).first()
    if row is None:
        raise Refusal(Code.NOT_A_REVIEWER)
    if not row.is_active:
        raise Refusal(Code.REVIEWER_SWITCHED_OFF)
    if not row.has_perm(REVIEW_PERMISSION):
        raise Refusal(Code.NOT_A_REVIEWER)
    if row.restriction() is not None:
        raise Refusal(Code.REVIEWER_RESTRICTED)


def _require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise Refusal(Code.REASON_NEEDED)
    return reason


def _check_decision(case: Case, user_ids: list[int], action: str, days: int | None) -> set[int]:
    if action not in DECIDABLE:
        raise Refusal(Code.CHOOSE_DECISION)
    waiting = {u.pk for u in undecided_accounts(case)}
    chosen = set(user_ids)
    if not chosen or not chosen <= {u.pk for u in case_accounts(case)}:
        raise Refusal(Code.CHOOSE_ACCOUNTS)
    if not chosen <= waiting:
        raise Refusal(Code.ALREADY_DECIDED)
    if action == Decision.Action.SUSPENSION and not (days and 1 <= days <= MAX_SUSPENSION_DAYS):
        words = _("A suspension lasts from 1 to %(most)s days.") % {"most": MAX_SUSPENSION_DAYS}
        raise Refusal(Code.BAD_SUSPENSION, words)
    return chosen


OWN_CASE = WORDS[Code.OWN_CASE]


def why_not_judge_case(case: Case, reviewer: User) -> Code | None:
    """Why this reviewer may not judge the case (decide, reverse, keep or answer an appeal in it):
    one of its accounts is theirs (OWN_CASE), or one they manage, their child or their guest
    (FAMILYS_CASE), or they (or their child or guest) reported how someone played in it
    (REPORTED_CASE); None when nothing of theirs is in it. (A managed account is never staff, by a
    constraint, so no reviewer has a parent to judge.)"""
    named = User.objects.filter(moderation_flags__case=case)
    if named.filter(pk=reviewer.pk).exists():
        return Code.OWN_CASE
    if named.filter(managed_by_id=reviewer.pk).exists():
        return Code.FAMILYS_CASE
    # Their own report, or one their child or guest sent.
    reporters = PlayReport.objects.filter(flag__case=case)
    mine = Q(reporter_id=reviewer.pk) | Q(reporter__managed_by_id=reviewer.pk)
    return Code.REPORTED_CASE if reporters.filter(mine).exists() else None


def _require_not_own_case(case: Case, reviewer: User) -> None:
    # Checked inside each act's transaction, after the case row is locked: no one judges themselves
    # or their family.
    if (code := why_not_judge_case(case, reviewer)) is not None:
        raise Refusal(code)


def _require_not_own_decision(decision: Decision, reviewer: User) -> None:
    """Nobody reverses, keeps or answers an appeal about a decision about themselves, nor one they
    made: another reviewer looks again."""
    if decision.user_id == reviewer.pk:
        raise Refusal(Code.OWN_DECISION)
    if decision.reviewer_id == reviewer.pk:
        raise Refusal(Code.OWN_RULING)
    _require_not_own_case(decision.case, reviewer)


def _require_not_claimed_by_another(case: Case, reviewer: User) -> None:
    # A claim by a reviewer who may no longer judge holds nobody back.
    claimed_by_another = case.claimed_by_id is not None and case.claimed_by_id != reviewer.pk
    if claimed_by_another and not may_not_judge(case.claimed_by):
        words = _("%(reviewer)s has claimed this case and is judging it.") % {"reviewer": case.claimed_by}
        raise Refusal(Code.CLAIMED, words)


@transaction.atomic
def claim_case(*, case_id: int, reviewer: User, release: bool = False) -> Case:
    """A reviewer takes a case to judge (or lets it go); another reviewer's claim is not taken over."""
    _require_reviewer(reviewer)
    case = Case.objects.select_for_update().get(pk=case_id)
    _require_not_claimed_by_another(case, reviewer)
    if not release:
        _require_not_own_case(case, reviewer)
    if release:
        case.claimed_by, case.claimed_at = None, None
    else:
        case.claimed_by, case.claimed_at = reviewer, timezone.now()
    case.save(update_fields=["claimed_by", "claimed_at"])
    return case


@transaction.atomic
def decide_case(
    *, case_id: int, reviewer: User, user_ids: list[int], action: str, reason: str, days: int | None = None
) -> list[Decision]:
    """A reviewer's decision about some of a case's accounts; the only service that restricts anyone.

    Each account gets its own record; the case closes once every account has one.
    """
    _require_reviewer(reviewer)
    case = Case.objects.select_for_update().get(pk=case_id)
    _require_not_own_case(case, reviewer)
    _require_not_claimed_by_another(case, reviewer)
    reason = _require_reason(reason)
    chosen = _check_decision(case, user_ids, action, days)
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
    for user_id in sorted(chosen):
        _sync_restriction(user_id)
    refresh_case(case, now)
    if not undecided_accounts(case):
        # Every account decided lets the case go: nobody is left "claimed" on a case they have
        # decided. A decision about some of its accounts keeps the claim: the reviewer goes on.
        case.claimed_by, case.claimed_at = None, None
        case.save(update_fields=["claimed_by", "claimed_at"])
    for decision in made:
        if decision.restricts:
            withdraw_member(user=decision.user)  # R38: JagAI takes their seats, sockets close
        notify.decision_made(decision)
    return made


@transaction.atomic
def reverse_decision(*, decision_id: int, reviewer: User, reason: str) -> Decision:
    """Undo a warning, suspension or ban with a new record; the only service that lifts a restriction.

    The original stays in the history; an appeal waiting on it is answered by the reversal.
    """
    _require_reviewer(reviewer)
    original = Decision.objects.select_for_update().select_related("case").get(pk=decision_id)
    _require_not_own_decision(original, reviewer)
    reason = _require_reason(reason)
    if original.action not in REVERSIBLE:
        raise Refusal(Code.NOT_REVERSIBLE)
    if Decision.objects.filter(reverses=original).exists():
        raise Refusal(Code.ALREADY_REVERSED)
    now = timezone.now()
    reversal = Decision.objects.create(
        case=original.case,
        user=original.user,
        action=Decision.Action.REVERSAL,
        reason=reason,
        reviewer=reviewer,
        reverses=original,
        created_at=now,
    )
    Appeal.objects.filter(decision=original, answered_at__isnull=True).update(
        answered_at=now, answered_by=reviewer, answer=reason
    )
    _sync_restriction(original.user_id)
    refresh_case(Case.objects.select_for_update().get(pk=original.case_id), now)
    notify.decision_reversed(reversal)
    return reversal


@transaction.atomic
def keep_after_appeal(*, decision_id: int, reviewer: User, reason: str) -> Appeal:
    """A reviewer looked again and keeps the decision; the member is told why."""
    _require_reviewer(reviewer)
    reason = _require_reason(reason)
    appeal = (
        Appeal.objects.select_for_update().filter(decision_id=decision_id, answered_at__isnull=True).first()
    )
    if appeal is None:
        raise Refusal(Code.NO_APPEAL_WAITING)
    _require_not_own_decision(appeal.decision, reviewer)
    now = timezone.now()
    appeal.answered_at, appeal.answered_by, appeal.answer = now, reviewer, reason
    appeal.save(update_fields=["answered_at", "answered_by", "answer"])
    case = Case.objects.select_for_update().get(pk=appeal.decision.case_id)
    refresh_case(case, now)
    return appeal


# --- What the member sees ---------------------------------------------------------------------


def _about_me_or_my_children(user: User) -> Q:
    """A decision about a child is the parent's to read and appeal (the child's session never sees it)."""
    return Q(user=user) | Q(user__managed_by=user)


def member_notices(user: User) -> list[Decision]:
    """Decisions about this member or their children still to be read: warnings, and suspensions
    or bans in force. A child's own session has none: their parent reads them."""
    if user.managed_by_id:
        return []
    in_force = Q(action=Decision.Action.WARNING) | Q(pk__in=Decision.objects.restricting().values("pk"))
    return list(
        Decision.objects.filter(
            in_force, _about_me_or_my_children(user), acknowledged_at__isnull=True, reversal__isnull=True
        )
        .select_related("appeal", "user")
        .prefetch_related("case__flags")
        .order_by("created_at", "pk")
    )


@transaction.atomic
def acknowledge_notice(*, decision_id: int, user: User) -> Decision:
    """The member read the notice; it is not shown again (a restriction still applies)."""
    decision = (
        Decision.objects.select_for_update(of=("self",))
        .filter(_about_me_or_my_children(user), pk=decision_id)
        .first()
    )
    if decision is None or decision.action not in REVERSIBLE:
        raise Refusal(Code.NO_SUCH_NOTICE)
    if decision.acknowledged_at is None:
        decision.acknowledged_at = timezone.now()
        decision.save(update_fields=["acknowledged_at"])
    return decision


@transaction.atomic
def appeal_decision(*, decision_id: int, user: User, note: str) -> Appeal:
    """A member asks for a second look: the case opens again with their note for the reviewers."""
    decision = (
        Decision.objects.select_for_update(of=("self",))
        .filter(_about_me_or_my_children(user), pk=decision_id)
        .first()
    )
    if decision is None or decision.action not in REVERSIBLE or decision.is_reversed:
        raise Refusal(Code.NO_SUCH_DECISION)
    note = (note or "").strip()
    if not note:
        raise Refusal(Code.APPEAL_NOTE_NEEDED)
    if Appeal.objects.filter(decision=decision).exists():
        raise Refusal(Code.ALREADY_APPEALED)
    now = timezone.now()
    appeal = Appeal.objects.create(decision=decision, note=note[:2000], created_at=now)
    refresh_case(Case.objects.select_for_update().get(pk=decision.case_id), now)
    notify.appeal_made(appeal)
    return appeal
