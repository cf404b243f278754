"""Member workflows: choosing and changing a gamer tag, and the team's mail setting."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from accounts.models import FormerTag, User
from accounts.tags import approved_agent_names, validate_gamer_tag
from justalllowgod.lib.refusals import Code, Refusal

TAG_CHANGE_INTERVAL = timedelta(days=30)
# A first tag may be changed once within a day of choosing it: a child's typo or silly first tag
# should not stay a month. That change starts the usual 30 days.
FIRST_TAG_GRACE = timedelta(days=1)

# Sent with `tag` before a member takes a tag; a receiver answers True when the team has retired it
# (moderation: a tag reviewers asked a member to give up). accounts never imports moderation.
retired_tag_check = Signal()


def first_tag_grace_until(user: User, now: datetime | None = None) -> datetime | None:
    """Until when the member may still change their first tag at once, or None."""
    if not user.gamer_tag or user.tag_changed_at is None:
        return None
    until = user.tag_changed_at + FIRST_TAG_GRACE
    if until <= (now or timezone.now()) or FormerTag.objects.filter(user=user).exists():
        return None  # the day is over, or this tag is not their first
    return until


def next_tag_change(user: User, now: datetime | None = None) -> datetime | None:
    """When the member may next change their tag, or None if they may now."""
    now = now or timezone.now()
    if not user.gamer_tag or user.tag_changed_at is None or first_tag_grace_until(user, now):
        return None
    allowed = user.tag_changed_at + TAG_CHANGE_INTERVAL
    return allowed if allowed > now else None


def tag_is_retired(tag: str) -> bool:
    """Whether reviewers retired this tag, so nobody may take it again."""
    return any(answer for _receiver, answer in retired_tag_check.send(sender=User, tag=tag))


def tag_is_taken(tag: str, *, exclude: User | None = None) -> bool:
    """Whether another member already uses this tag, ignoring case, or reviewers retired it."""
    others = User.objects.filter(gamer_tag__iexact=tag)
    if exclude is not None:
        others = others.exclude(pk=exclude.pk)
    return others.exists() or tag_is_retired(tag)


@transaction.atomic
def set_gamer_tag(*, user: User, tag: str, now: datetime | None = None) -> User:
    """Choose a first tag or change it: a first tag once within a day of choosing it, then a
    change once every 30 days. A tag of the wrong shape is a ValidationError (the form's own
    check, `validate_gamer_tag`); a tag refused for now, or for being someone's, is a Refusal."""
    now = now or timezone.now()
    tag = validate_gamer_tag(tag, agent_names=approved_agent_names())
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.gamer_tag == tag:
        return user
    allowed = next_tag_change(user, now)  # read under the lock, so two quick changes cannot both pass
    if allowed is not None:
        when = date_format(timezone.localtime(allowed), "j F Y")
        # The code's own words (WORDS[Code.TAG_TOO_SOON]) and the date, as one entry for translators.
        raise Refusal(
            Code.TAG_TOO_SOON,
            # Translators: %(when)s is a date, as "6 January 2027".
            _("You can change your tag once every 30 days. Your next change can be on %(when)s.")
            % {"when": when},
        )
    if tag_is_retired(tag):
        raise Refusal(Code.TAG_RETIRED)
    if tag_is_taken(tag, exclude=user):
        raise Refusal(Code.TAG_TAKEN)
    if user.gamer_tag:
        FormerTag.objects.create(user=user, tag=user.gamer_tag, used_until=now)
    user.gamer_tag = tag
    user.tag_changed_at = now
    try:
        with transaction.atomic():
            user.save(update_fields=["gamer_tag", "tag_changed_at"])
    except IntegrityError:
        # Two members raced for the same tag; the database kept exactly one.
        raise Refusal(Code.TAG_TAKEN) from None
    return user


def take_back_tag(*, user: User, now: datetime) -> bool:
    """A reviewer asked this member for a new tag: the old one is kept among their former tags (for
    reviewers) and they choose again at their next page. Call it with the member's row locked,
    inside the reviewer's transaction; False when they have no tag to take back."""
    if not user.gamer_tag:
        return False
    FormerTag.objects.create(user=user, tag=user.gamer_tag, used_until=now)
    user.gamer_tag = ""
    user.save(update_fields=["gamer_tag"])
    return True


@transaction.atomic
def set_team_mail(*, user: User, wanted: bool) -> None:
    """Turn the mails about the team's waiting work on or off (members' own notices always go)."""
    User.objects.filter(pk=user.pk).update(team_mail=wanted)
    user.team_mail = wanted
