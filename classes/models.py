"""A class a leader runs (issue 48): children join by its code with a name, the leader splits them
into tables and starts them all, the board shows every table, and the class is then forgotten on
schedule. The services are classes/services.py; who the children are is accounts' (`Managed.CLASS`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

# A class's code: six of these (no 0/O, 1/I/L, no vowels but A: no words), shown big on the board.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_CHILDREN = 30


class ClassroomQuerySet(models.QuerySet["Classroom"]):
    def running(self) -> ClassroomQuerySet:
        """Classes not yet ended."""
        return self.filter(ended_at__isnull=True)


class Classroom(models.Model):
    """One class meeting: a code children join by, its children (`Pupil`) and its tables."""

    class Stage(models.TextChoices):
        JOINING = "joining", "Children are joining"
        TABLES = "tables", "Tables made, not started"
        PLAYING = "playing", "Playing"
        ENDED = "ended", "Ended"

    leader = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classes_led")
    code = models.CharField(max_length=CODE_LENGTH)
    stage = models.CharField(max_length=10, choices=Stage.choices, default=Stage.JOINING)
    # How many children may join (a 31st never can); locked: nobody new joins until opened again.
    cap = models.PositiveSmallIntegerField(default=MAX_CHILDREN)
    locked = models.BooleanField(default=False)
    teams = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    objects = ClassroomQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["code"], condition=models.Q(ended_at__isnull=True), name="one_running_class_per_code"
            ),
            models.CheckConstraint(
                condition=models.Q(cap__gte=1, cap__lte=MAX_CHILDREN), name="class_cap_1_to_30"
            ),
        ]

    def __str__(self) -> str:
        return f"Class {self.code}"

    @property
    def takes_children(self) -> bool:
        """Whether a child may join now: the class waits for its tables and is not locked."""
        return self.stage == self.Stage.JOINING and not self.locked and self.ended_at is None


class ClassTable(models.Model):
    """One of the class's tables (a led table: game/services/led.py), numbered on the board."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField("game.Table", on_delete=models.CASCADE, related_name="class_table")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"Table {self.number} of {self.classroom}"


class Pupil(models.Model):
    """A child in the class: their class account (managed by the leader) and where they sit."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="pupils")
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pupil")
    joined_at = models.DateTimeField(default=timezone.now)
    place = models.ForeignKey(
        ClassTable, on_delete=models.SET_NULL, null=True, blank=True, related_name="pupils"
    )
    # The take-home card's code (classes/claiming.py): only its SHA-256, made when the leader prints
    # the cards; a parent who types it (or scans its QR) adds the child, with their games, to their family.
    claim_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)

    class Meta:
        ordering = ["joined_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.classroom}"


class ClaimedCard(models.Model):
    """A take-home card a parent has used (classes/claiming.py): only its code's SHA-256, so the
    same card typed again says it was used, never whose child it was. Forgotten with its class."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="claimed_cards")
    claim_hash = models.CharField(max_length=64, unique=True)
    claimed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"A used card of {self.classroom}"
