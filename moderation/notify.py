"""What members and reviewers are told about cases and decisions, by mail after commit."""

from __future__ import annotations

from django.contrib.auth.models import Permission
from django.db.models import Q
from django.urls import reverse
from django.utils import dateformat, timezone

from accounts.mail import mail_after_commit
from accounts.models import User
from justalllowgod.lib.site_address import absolute_url
from moderation.models import Appeal, Case, Decision, Flag, NameReport

# What kind of problem a flag points at, in the member's words.
PROBLEMS = {
    Flag.Kind.TOO_FAST: "moves made faster than a person can decide",
    Flag.Kind.SHARED_DEVICE: "two accounts playing at one table from the same device",
}


def problems(decision: Decision) -> str:
    """The kinds of problem the decision's case was about, as one phrase."""
    kinds = sorted({flag.kind for flag in decision.case.flags.all()})
    return " and ".join(PROBLEMS.get(kind, kind) for kind in kinds) or "how the game was played"


def notice_text(decision: Decision) -> str:
    """The member's notice: what was decided, about what, until when."""
    about = problems(decision)
    if decision.action == Decision.Action.WARNING:
        return f"A reviewer looked at one of your games and warns you about {about}. Please play fair."
    if decision.action == Decision.Action.BAN:
        return (
            f"A reviewer looked at one of your games ({about}) and your account can't join tables any more."
        )
    until = dateformat.format(timezone.localtime(decision.ends_at), "j F Y, H:i e")
    return f"A reviewer looked at one of your games ({about}): your account is suspended until {until}."


def reviewers() -> list[User]:
    """Everyone who may review cases, through a group or in person (superusers too)."""
    perm = Permission.objects.filter(codename="review_case", content_type__app_label="moderation")
    return list(
        User.objects.filter(
            Q(is_superuser=True) | Q(groups__permissions__in=perm) | Q(user_permissions__in=perm),
            is_active=True,
        ).distinct()
    )


def case_opened(case: Case) -> None:
    case_link = absolute_url(reverse("review_case", args=[case.pk]))
    mail_after_commit(
        to=reviewers(),
        subject=f"Case {case.pk} is waiting for a review",
        body=f"Game {case.game_id} was flagged. Open the review queue to judge it: {case_link}",
        team=True,
    )


def told_of(user: User) -> User:
    """Who hears of a decision about this account: the member, or a child's parent."""
    return user.managed_by if user.managed_by_id else user


def _whose(user: User) -> str:
    """Whose account a managed one is, to the member who manages it."""
    if user.is_guest:
        return "a guest you let sit at your table"
    if user.is_class_child:
        return "a child in a class you lead"
    return "a child's account in your family"


def _about(user: User, text: str) -> str:
    """A parent's (or a guest's host's) mail says whose account it is about, by its tag."""
    if not user.managed_by_id:
        return text
    return f"This is about {user.gamer_tag}, {_whose(user)}.\n\n{text}"


def appeal_made(appeal: Appeal) -> None:
    """Reviewers hear that a member asked for a second look, with a link straight to the case."""
    decision = appeal.decision
    case_link = absolute_url(reverse("review_case", args=[decision.case_id]))
    mail_after_commit(
        to=[u for u in reviewers() if u.pk != decision.user_id],
        subject=f"Case {decision.case_id}: a member asks for a second look",
        body=(
            f"A member appealed the {decision.get_action_display().lower()} of "
            f"{dateformat.format(timezone.localtime(decision.created_at), 'j F Y')}:\n\n{appeal.note}\n\n"
            f"Open the case: {case_link}"
        ),
        team=True,
    )


def decision_made(decision: Decision) -> None:
    """The member (a child's parent) hears of a warning, suspension or ban (No action leaves them in
    peace)."""
    if decision.action not in (Decision.Action.WARNING, Decision.Action.SUSPENSION, Decision.Action.BAN):
        return
    if decision.user.managed_by_id:
        where = (
            f"You will see this notice on your own account when you next open JustAllowGod "
            f"({absolute_url('/')}), signed in as yourself, not on your child's device. "
            "If you think it is wrong, you can ask for a second look there."
        )
    else:
        where = (
            f"You will see this notice when you next open JustAllowGod ({absolute_url('/')}). "
            "If you think it is wrong, you can ask for a second look there."
        )
    body = f"{notice_text(decision)}\n\n{where}"
    subject = "A reviewer's decision about " + (
        ("your guest's account" if decision.user.is_guest else "your child's account")
        if decision.user.managed_by_id
        else "your account"
    )
    mail_after_commit(to=[told_of(decision.user)], subject=subject, body=_about(decision.user, body))


def decision_reversed(reversal: Decision) -> None:
    original = reversal.reverses
    body = (
        f"A reviewer looked again and reversed the {original.get_action_display().lower()} of "
        f"{dateformat.format(timezone.localtime(original.created_at), 'j F Y')}.\n\n{reversal.reason}"
    )
    mail_after_commit(
        to=[told_of(reversal.user)],
        subject="A decision about an account was reversed"
        if reversal.user.managed_by_id
        else "A decision about your account was reversed",
        body=_about(reversal.user, body),
    )


def name_reported(report: NameReport) -> None:
    """Reviewers hear of a name reported (once per name while its reports wait)."""
    mail_after_commit(
        to=[u for u in reviewers() if u.pk != report.reported_id],
        subject="A gamer tag was reported",
        body=f"A member reported a gamer tag at a table. Open the review queue to judge it: "
        f"{absolute_url(reverse('review_queue'))}",
        team=True,
    )


def tag_taken_back(user: User, tag: str) -> None:
    """The member (a child's parent) hears that a reviewer asked for a new gamer tag."""
    if user.is_guest or user.is_class_child:
        subject = "A new name for your guest" if user.is_guest else "A new name for a child in your class"
        body = (
            f"A reviewer looked at the name {tag}, {_whose(user)}, and took it "
            f"back: it didn't suit our tables. {'Your guest' if user.is_guest else 'The child'} plays on "
            f"as {user.gamer_tag or 'a player'}, a name we chose."
        )
    elif user.managed_by_id:
        subject = "A new gamer tag for your child"
        body = (
            f"A reviewer looked at the gamer tag {tag}, a child's account in your family, and asked for a "
            f"new one: it didn't suit our tables. Choose it on your Family page ({absolute_url(reverse('family'))}); "
            'until then your child plays on as "a player" and can\'t sit down at a new table.'
        )
    else:
        subject = "Please choose a new gamer tag"
        body = (
            "A reviewer looked at your gamer tag and asked for a new one: it didn't suit our tables. "
            f"You choose it the next time you open JustAllowGod ({absolute_url('/')}). Thank you!"
        )
    mail_after_commit(to=[told_of(user)], subject=subject, body=body)
