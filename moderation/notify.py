"""What members and reviewers are told about cases and decisions, by mail after commit.

Each mail is written in its reader's own language (the account's choice, else English), not in the
language of the reviewer whose act sent it."""

from __future__ import annotations

from django.contrib.auth.models import Permission
from django.db.models import Q
from django.urls import reverse
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.language import in_members_language
from accounts.mail import mail_after_commit
from accounts.models import User
from justalllowgod.lib.site_address import absolute_url
from moderation.models import Appeal, Case, Decision, Flag, NameReport

# What kind of problem a flag points at, in the member's words.
PROBLEMS = {
    Flag.Kind.TOO_FAST: gettext_lazy("moves made faster than a person can decide"),
    Flag.Kind.SHARED_DEVICE: gettext_lazy("two accounts playing at one table from the same device"),
}


def problems(decision: Decision) -> str:
    """The kinds of problem the decision's case was about, as one phrase."""
    kinds = sorted({flag.kind for flag in decision.case.flags.all()})
    phrases = [str(PROBLEMS.get(kind, kind)) for kind in kinds]
    if not phrases:
        return _("how the game was played")
    joined = phrases[0]
    for more in phrases[1:]:
        joined = _("%(first)s and %(second)s") % {"first": joined, "second": more}
    return joined


def notice_text(decision: Decision) -> str:
    """The member's notice: what was decided, about what, until when."""
    about = problems(decision)
    if decision.action == Decision.Action.WARNING:
        words = _("A reviewer looked at one of your games and warns you about %(about)s. Please play fair.")
        return words % {"about": about}
    if decision.action == Decision.Action.BAN:
        words = _(
            "A reviewer looked at one of your games (%(about)s) and your account can't join tables any more."
        )
        return words % {"about": about}
    until = dateformat.format(timezone.localtime(decision.ends_at), "j F Y, H:i e")
    words = _(
        "A reviewer looked at one of your games (%(about)s): your account is suspended until %(until)s."
    )
    return words % {"about": about, "until": until}


def reviewers() -> list[User]:
    """Everyone who may review cases, through a group or in person (superusers too)."""
    perm = Permission.objects.filter(codename="review_case", content_type__app_label="moderation")
    return list(
        User.objects.filter(
            Q(is_superuser=True) | Q(groups__permissions__in=perm) | Q(user_permissions__in=perm),
            is_active=True,
        ).distinct()
    )


def case_opened(case: Case, *, reported: bool = False) -> None:
    """Each reviewer hears that a case waits: a game flagged, or a member's report about it."""
    case_link = absolute_url(reverse("review_case", args=[case.pk]))
    for reviewer in sorted(reviewers(), key=lambda u: u.email or ""):
        with in_members_language(reviewer):
            subject = _("Case %(case)s is waiting for a review") % {"case": case.pk}
            if reported:
                body = _(
                    "A player reported how someone played in game %(game)s. Open the review queue to "
                    "judge it: %(link)s"
                )
            else:
                body = _("Game %(game)s was flagged. Open the review queue to judge it: %(link)s")
            body = body % {"game": case.game_id, "link": case_link}
        mail_after_commit(to=[reviewer], subject=subject, body=body, team=True)


def told_of(user: User) -> User:
    """Who hears of a decision about this account: the member, or a child's parent."""
    return user.managed_by if user.managed_by_id else user


def _whose(user: User) -> str:
    """Whose account a managed one is, to the member who manages it."""
    if user.is_guest:
        return _("a guest you let sit at your table")
    if user.is_class_child:
        return _("a child in a class you lead")
    return _("a child's account in your family")


def _about(user: User, text: str) -> str:
    """A parent's (or a guest's host's) mail says whose account it is about, by its tag."""
    if not user.managed_by_id:
        return text
    words = _("This is about %(tag)s, %(whose)s.\n\n%(text)s")
    return words % {"tag": user.gamer_tag, "whose": _whose(user), "text": text}


def appeal_made(appeal: Appeal) -> None:
    """Reviewers hear that a member asked for a second look, with a link straight to the case."""
    decision = appeal.decision
    case_link = absolute_url(reverse("review_case", args=[decision.case_id]))
    for reviewer in sorted((u for u in reviewers() if u.pk != decision.user_id), key=lambda u: u.email or ""):
        with in_members_language(reviewer):
            subject = _("Case %(case)s: a member asks for a second look") % {"case": decision.case_id}
            body = _(
                "A member appealed the %(decision)s of %(date)s:\n\n%(note)s\n\nOpen the case: %(link)s"
            ) % {
                "decision": decision.get_action_display().lower(),
                "date": dateformat.format(timezone.localtime(decision.created_at), "j F Y"),
                "note": appeal.note,
                "link": case_link,
            }
        mail_after_commit(to=[reviewer], subject=subject, body=body, team=True)


def decision_made(decision: Decision) -> None:
    """The member (a child's parent) hears of a warning, suspension or ban (No action leaves them in
    peace)."""
    if decision.action not in (Decision.Action.WARNING, Decision.Action.SUSPENSION, Decision.Action.BAN):
        return
    member = decision.user
    reader = told_of(member)
    with in_members_language(reader):
        if member.managed_by_id:
            where = _(
                "You will see this notice on your own account when you next open JustAllowGod "
                "(%(site)s), signed in as yourself, not on your child's device. "
                "If you think it is wrong, you can ask for a second look there."
            )
            subject = (
                _("A reviewer's decision about your guest's account")
                if member.is_guest
                else _("A reviewer's decision about your child's account")
            )
        else:
            where = _(
                "You will see this notice when you next open JustAllowGod (%(site)s). "
                "If you think it is wrong, you can ask for a second look there."
            )
            subject = _("A reviewer's decision about your account")
        body = f"{notice_text(decision)}\n\n{where % {'site': absolute_url('/')}}"
        body = _about(member, body)
    mail_after_commit(to=[reader], subject=subject, body=body)


def decision_reversed(reversal: Decision) -> None:
    original = reversal.reverses
    member = reversal.user
    reader = told_of(member)
    with in_members_language(reader):
        body = _("A reviewer looked again and reversed the %(decision)s of %(date)s.\n\n%(reason)s") % {
            "decision": original.get_action_display().lower(),
            "date": dateformat.format(timezone.localtime(original.created_at), "j F Y"),
            "reason": reversal.reason,
        }
        subject = (
            _("A decision about an account was reversed")
            if member.managed_by_id
            else _("A decision about your account was reversed")
        )
        body = _about(member, body)
    mail_after_commit(to=[reader], subject=subject, body=body)


def name_reported(report: NameReport) -> None:
    """Reviewers hear of a name reported (once per name while its reports wait)."""
    link = absolute_url(reverse("review_queue"))
    for reviewer in sorted(
        (u for u in reviewers() if u.pk != report.reported_id), key=lambda u: u.email or ""
    ):
        with in_members_language(reviewer):
            subject = _("A gamer tag was reported")
            body = _(
                "A member reported a gamer tag at a table. Open the review queue to judge it: %(link)s"
            ) % {"link": link}
        mail_after_commit(to=[reviewer], subject=subject, body=body, team=True)


def tag_taken_back(user: User, tag: str) -> None:
    """The member (a child's parent) hears that a reviewer asked for a new gamer tag."""
    reader = told_of(user)
    with in_members_language(reader):
        if user.is_guest:
            subject = _("A new name for your guest")
            words = _(
                "A reviewer looked at the name %(tag)s, a guest you let sit at your table, and took it "
                "back: it didn't suit our tables. Your guest plays on as %(new)s, a name we chose."
            )
            body = words % {"tag": tag, "new": user.gamer_tag or _("a player")}
        elif user.is_class_child:
            subject = _("A new name for a child in your class")
            words = _(
                "A reviewer looked at the name %(tag)s, a child in a class you lead, and took it "
                "back: it didn't suit our tables. The child plays on as %(new)s, a name we chose."
            )
            body = words % {"tag": tag, "new": user.gamer_tag or _("a player")}
        elif user.managed_by_id:
            subject = _("A new gamer tag for your child")
            words = _(
                "A reviewer looked at the gamer tag %(tag)s, a child's account in your family, and asked "
                "for a new one: it didn't suit our tables. Choose it on your Family page (%(link)s); "
                'until then your child plays on as "a player" and can\'t sit down at a new table.'
            )
            body = words % {"tag": tag, "link": absolute_url(reverse("family"))}
        else:
            subject = _("Please choose a new gamer tag")
            words = _(
                "A reviewer looked at your gamer tag and asked for a new one: it didn't suit our tables. "
                "You choose it the next time you open JustAllowGod (%(site)s). Thank you!"
            )
            body = words % {"site": absolute_url("/")}
    mail_after_commit(to=[reader], subject=subject, body=body)
