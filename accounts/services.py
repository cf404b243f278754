"""Member workflows: choosing and changing a gamer tag, and the team's mail setting."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.formats import date_format

from accounts.models import FormerTag, User
from accounts.tags import approved_agent_names, validate_gamer_tag

TAG_CHANGE_INTERVAL = timedelta(days=30)
# A first tag may be changed once within a day of choosing it: a child's typo or silly first tag
# should not stay a month. That change starts the usual 30 days.
FIRST_TAG_GRACE = timedelta(days=1)


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


def tag_is_taken(tag: str, *, exclude: User | None = None) -> bool:
    """Whether another member already uses this tag, ignoring case."""
    others = User.objects.filter(gamer_tag__iexact=tag)
    if exclude is not None:
        others = others.exclude(pk=exclude.pk)
    return others.exists()


@transaction.atomic
def set_gamer_tag(*, user: User, tag: str, now: datetime | None = None) -> User:
    """Choose a first tag or change it: a first tag once within a day of choosing it, then a
    change once every 30 days."""
    now = now or timezone.now()
    tag = validate_gamer_tag(tag, agent_names=approved_agent_names())
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.gamer_tag == tag:
        return user
    allowed = next_tag_change(user, now)  # read under the lock, so two quick changes cannot both pass
    if allowed is not None:
        when = date_format(timezone.localtime(allowed), "j F Y")
        raise ValidationError(
            f"You can change your tag once every 30 days. Your next change can be on {when}.",
            code="too_soon",
        )
    if tag_is_taken(tag, exclude=user):
        raise ValidationError("Someone already plays as that tag. Try another.", code="taken")
    if user.gamer_tag:
        FormerTag.objects.create(user=user, tag=user.gamer_tag, used_until=now)
    user.gamer_tag = tag
    user.tag_changed_at = now
    try:
        with transaction.atomic():
            user.save(update_fields=["gamer_tag", "tag_changed_at"])
    except IntegrityError:
        # Two members raced for the same tag; the database kept exactly one.
        raise ValidationError("Someone already plays as that tag. Try another.", code="taken") from None
    return user


@transaction.atomic
def set_team_mail(*, user: User, wanted: bool) -> None:
    """Turn the mails about the team's waiting work on or off (members' own notices always go)."""
    User.objects.filter(pk=user.pk).update(team_mail=wanted)
    user.team_mail = wanted
