"""A daily reminder that verses are due, for grown-ups who ask for one, never for children.

An adult member ticks "Remind me once a day when verses are due" in their settings (a Reminder
row). Once a day, from SEND_FROM_HOUR in the site's time, each of them with a verse due is told
once, the ways they chose for turn notices: a push to each phone or computer they set up, a mail
if they chose mail (notices/reach.py). The words only say what is ready: no count of days in a
row, no countdown, nothing lost by waiting. A child's, a class child's or a guest's account is
never told, whatever row exists: `send_due_reminders` asks again at send time.

The clock runs it (verses/apps.py: at most once an hour in each process, on `clock_swept`);
`manage.py send_verse_reminders` runs it once. Each reminder is claimed by one row update
(`last_sent_on`), so however many clocks run, a member is told at most once a day.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import Count
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.language import in_members_language
from accounts.models import User
from justalllowgod.lib.site_address import absolute_url
from notices import push, tokens
from notices.reach import reach_of
from notices.telling import Telling
from verses.acting import practice_path
from verses.models import Reminder, VerseCard

log = logging.getLogger(__name__)

# The hour of the site's day (settings.TIME_ZONE) from which a day's reminders go: not at
# midnight, and before most evenings.
SEND_FROM_HOUR = 12
# Reminders sent in one run at most; the next run sends the rest.
BATCH = 500


def may_have_reminder(user: User) -> bool:
    """Only a grown-up's own account: never a child's, a class's child's or a guest's."""
    return user.is_authenticated and user.is_active and not user.is_managed


@transaction.atomic
def set_reminder(*, member: User, daily: bool) -> Reminder:
    """The member's wish, on or off. A managed account is refused (PermissionDenied)."""
    member = User.objects.select_for_update().get(pk=member.pk)
    if not may_have_reminder(member):
        raise PermissionDenied("A child's account is never reminded.")
    reminder, _ = Reminder.objects.update_or_create(member=member, defaults={"daily": daily})
    return reminder


def telling_for(due: int) -> Telling:
    """What a reminder says, in the active language: what is ready, and nothing more."""
    return Telling(
        kind="verses",
        title=_("Your verses"),
        body=ngettext(
            "%(count)s verse is ready when you are.", "%(count)s verses are ready when you are.", due
        )
        % {"count": due},
        url=absolute_url(practice_path()),
        tag="verses",
        link_words=gettext_lazy("Practise"),
    )


def stop_token(user: User) -> str:
    """The token of a reminder mail's "stop" link: the turn mails' own (notices/tokens.py), which
    names the member signed with the site's key and never expires. Either link does no more than
    its member could: stop that member's own mails."""
    return tokens.make(user)


def member_of_token(token: str) -> User | None:
    return tokens.read(token)


def stop_url(user: User) -> str:
    """The mail's one-click way out, its token in the query string (never written in a log)."""
    return absolute_url(reverse("verses:reminder_stop")) + "?" + urlencode({"t": stop_token(user)})


def _mail(user: User, telling: Telling, address: str) -> bool:
    stop = stop_url(user)
    context = {
        "user": user,
        "telling": telling,
        "stop_url": stop,
        "settings_url": absolute_url(reverse("accounts:settings")),
        "site_name": settings.SITE_NAME,
    }
    message = EmailMultiAlternatives(
        subject=f"{telling.title} · {settings.SITE_NAME}",
        body=render_to_string("verses/together_reminder_mail.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={"List-Unsubscribe": f"<{stop}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(render_to_string("verses/together_reminder_mail.html", context), "text/html")
    try:
        return message.send() == 1
    except Exception:  # one lost mail must not stop the others
        log.exception("verses: could not mail a reminder to member %s", user.pk)
        return False


def remind(user: User, due: int) -> tuple[int, bool]:
    """Tell one grown-up now, every way they chose: (devices reached, mailed). Never a managed
    account. Waits on the network: never call it inside a transaction."""
    if not may_have_reminder(user):
        return 0, False
    reach = reach_of(user)
    with in_members_language(user):
        telling = telling_for(due)
        pushed = push.send(user, telling) if reach.by_push else 0
        mailed = _mail(user, telling, reach.address) if reach.by_mail and reach.address else False
    return pushed, mailed


def _due_counts(member_ids: list[int], now: datetime) -> dict[int, int]:
    rows = (
        VerseCard.objects.filter(member_id__in=member_ids, due__lte=now)
        .values("member_id")
        .annotate(n=Count("pk"))
        .values_list("member_id", "n")
    )
    return dict(rows)


def send_due_reminders(now: datetime | None = None) -> int:
    """Tell each grown-up who asked, once today, that verses are due; how many some way reached. Before
    SEND_FROM_HOUR of the site's day nobody is. A child's account is never told, even with a row."""
    now = now or timezone.now()
    if timezone.localtime(now).hour < SEND_FROM_HOUR:
        return 0
    today = timezone.localdate(now)
    waiting = (
        Reminder.objects.filter(daily=True, member__is_active=True, member__managed_by__isnull=True)
        .exclude(last_sent_on=today)
        .filter(member__verse_cards__due__lte=now)
        .values_list("member_id", flat=True)
        .distinct()
    )
    ids = list(waiting[:BATCH])
    due = _due_counts(ids, now)
    told = 0
    for member in User.objects.filter(pk__in=ids).order_by("pk"):
        if member.is_managed or not due.get(member.pk):  # asked again, at send time
            continue
        # Claimed by one UPDATE: another clock finds it taken, and nobody is told twice a day.
        claimed = (
            Reminder.objects.filter(member=member, daily=True)
            .exclude(last_sent_on=today)
            .update(last_sent_on=today)
        )
        if claimed:
            pushed, mailed = remind(member, due[member.pk])
            told += bool(pushed or mailed)
    return told
