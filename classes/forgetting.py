"""A class is forgotten on schedule (issue 48): a class its leader never ended ends after
CLASS_HOURS; its children's accounts go CHILDREN_KEPT_DAYS after it ended (their seats then read
"a former member"), and the class itself, the leader's report, REPORT_KEPT_DAYS after. The clock
does this every ten minutes (game's `clock_swept` signal); `manage.py forget_classes` once."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts import family
from accounts.models import Managed, User
from classes.leading import end_class
from classes.models import Classroom

CLASS_HOURS = 12
CHILDREN_KEPT_DAYS = 7
REPORT_KEPT_DAYS = 30


@transaction.atomic
def _end(classroom_id: int) -> None:
    classroom = Classroom.objects.select_for_update().filter(pk=classroom_id, ended_at__isnull=True).first()
    if classroom is not None:
        end_class(classroom)


@transaction.atomic
def _forget_child(user_id: int) -> int:
    child = User.objects.select_for_update().filter(pk=user_id, managed_as=Managed.CLASS).first()
    if child is None or child.managed_by_id is None:  # claimed by a family, or gone already
        return 0
    family.delete_managed(child)
    return 1


def forget_classes(now: datetime | None = None) -> int:
    """End forgotten classes, delete children and reports whose time is up; returns the children
    deleted."""
    now = now or timezone.now()
    for classroom_id in (
        Classroom.objects.running()
        .filter(created_at__lt=now - timedelta(hours=CLASS_HOURS))
        .values_list("pk", flat=True)
    ):
        _end(classroom_id)
    ended = Classroom.objects.filter(ended_at__lt=now - timedelta(days=CHILDREN_KEPT_DAYS))
    children = User.objects.filter(
        pupil__classroom__in=ended, managed_as=Managed.CLASS, managed_by__isnull=False
    )
    gone = sum(_forget_child(pk) for pk in list(children.values_list("pk", flat=True)))
    Classroom.objects.filter(ended_at__lt=now - timedelta(days=REPORT_KEPT_DAYS)).delete()
    return gone
