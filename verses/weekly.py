"""The verse of the week: set by a parent for their family or by a leader for their class, first in
each one's practice for seven days."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from verses.models import WeeklyVerse

WEEK = timedelta(days=7)


def weekly_for(member, now: datetime | None = None) -> WeeklyVerse | None:
    """The verse of the week a member is given now: the newest set this week by the member
    themselves (for their family) or, for a child, by their parent or their class's leader."""
    now = now or timezone.now()
    setters = Q(set_by_id=member.pk)
    if member.is_child:  # a guest's host sets no verse for them
        setters |= Q(set_by_id=member.managed_by_id)
    return WeeklyVerse.objects.filter(setters, starts_at__lte=now, starts_at__gt=now - WEEK).first()
