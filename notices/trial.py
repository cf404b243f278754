"""The settings page's "Send me a test notice": the same push and mail a turn would bring, sent now
to every way the member is told, so they see for themselves what reaches them. A few an hour at
most: each one posts to push services and may send a mail."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.language import in_members_language
from accounts.models import User
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal
from justalllowgod.lib.site_address import absolute_url
from notices import mail, push
from notices.reach import Reach, reach_of
from notices.telling import Telling

TESTS_PER_HOUR = 6
WINDOW_SECONDS = 3600


@dataclass(frozen=True)
class Tried:
    """What one test notice did: the member's ways then, and what each took."""

    reach: Reach
    reached: int  # devices whose push service took it
    mailed: bool


def trial_telling() -> Telling:
    return Telling(
        kind="test",
        title=_("A test notice"),
        body=_("This is how we'll tell you when it's your turn."),
        url=absolute_url(reverse("accounts:settings")),
        tag="test",
        link_words=_("Open your settings"),
    )


def _require_allowance(user: User) -> None:
    """A few tests an hour: more than anyone trying their phone needs, fewer than a script."""
    key = f"notices:tests:member:{user.pk}"
    cache.add(key, 0, timeout=WINDOW_SECONDS)
    try:
        sent = cache.incr(key)
    except ValueError:  # expired between add and incr
        sent = 1
        cache.set(key, sent, timeout=WINDOW_SECONDS)
    if sent > TESTS_PER_HOUR:
        raise Refusal(Code.TOO_MANY_TEST_NOTICES)


def send_test_notice(*, user: User) -> Tried:
    """Push to each of the member's devices and mail them if they chose mail, now; what went.
    Waits on the network: never call it inside a transaction."""
    _require_allowance(user)
    reach = reach_of(user)
    with in_members_language(user):
        telling = trial_telling()
    reached = push.send(user, telling) if reach.by_push else 0
    mailed = mail.send(user, telling) if reach.by_mail else False
    return Tried(reach=reach, reached=reached, mailed=mailed)
