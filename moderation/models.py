"""Moderation: flags with their evidence, cases for reviewers, decisions, and names reported."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _


class Case(models.Model):
    """One flagged game waiting for (or given) a person's review."""

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("a case's state", "Open")
        CLOSED = "closed", pgettext_lazy("a case's state", "Decided")

    game = models.OneToOneField("game.Game", on_delete=models.PROTECT, related_name="moderation_case")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)
    # A reviewer who claims a case is judging it; others see so and leave it to them.
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["opened_at", "pk"]
        indexes = [models.Index(fields=["status", "opened_at"])]
        permissions = [
            ("review_case", "Can review moderation cases and decide them"),
            ("view_member_email", "Can see a member's email address while reviewing"),
        ]

    def __str__(self) -> str:
        return gettext("case %(case)s (game %(game)s)") % {"case": self.pk, "game": self.game_id}

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class Flag(models.Model):
    """Something in a game that did not look like a person at the table, with its evidence."""

    class Kind(models.TextChoices):
        TOO_FAST = "too_fast", _("Too fast")
        SHARED_DEVICE = "shared_device", _("One device, two accounts")
        # Members who played in the game reported how this seat played (PlayReport).
        REPORTED = "reported", _("Reported by players")

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="flags")
    game = models.ForeignKey("game.Game", on_delete=models.PROTECT, related_name="moderation_flags")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    seats = models.CharField(max_length=20, help_text=_("The seats it is about, e.g. '2' or '1,3'."))
    users = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="moderation_flags")
    evidence = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "kind", "seats"]
        constraints = [
            models.UniqueConstraint(fields=["game", "kind", "seats"], name="one_flag_per_game_kind_seats")
        ]

    def __str__(self) -> str:
        return gettext("%(kind)s in game %(game)s (seats %(seats)s)") % {
            "kind": self.get_kind_display(),
            "game": self.game_id,
            "seats": self.seats,
        }


class PlayReport(models.Model):
    """A member's report that someone in their game did not play fairly: a reason picked from a
    list, never typed (children report too). Once the game is over it joins the game's case through
    a flag of kind "reported" naming the seat (no flag while it is played: no reviewer reads a game
    in progress), so reviewers judge it with the rest of the game's evidence."""

    class Reason(models.TextChoices):
        NOT_A_PERSON = "not_a_person", _("It didn't seem like a person was playing")
        HELPED = "helped", _("They seemed to have help, or to play two seats")
        SPOILED = "spoiled", _("They spoiled the game on purpose")
        REACTIONS = "reactions", _("They used reactions to upset someone")
        OTHER = "other", _("Something else worried me")

    flag = models.ForeignKey(Flag, null=True, blank=True, on_delete=models.PROTECT, related_name="reports")
    game = models.ForeignKey("game.Game", on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    # Who played the seat when it was reported.
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="play_reports"
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.CharField(max_length=20, choices=Reason.choices)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            # One report per reporter per seat of a game: a second tap is told it is already with us.
            models.UniqueConstraint(fields=["game", "seat", "reporter"], name="one_play_report_per_reporter")
        ]

    def __str__(self) -> str:
        return gettext("play report %(report)s (game %(game)s, seat %(seat)s)") % {
            "report": self.pk,
            "game": self.game_id,
            "seat": self.seat,
        }


class DecisionQuerySet(models.QuerySet["Decision"]):
    def restricting(self) -> DecisionQuerySet:
        """Suspensions still running and bans, neither reversed."""
        restricts = Q(action=Decision.Action.BAN) | Q(
            action=Decision.Action.SUSPENSION, ends_at__gt=timezone.now()
        )
        return self.filter(restricts, reversal__isnull=True)


class Decision(models.Model):
    """A reviewer's decision about one account; reversing it is a new decision, never an edit."""

    class Action(models.TextChoices):
        NO_ACTION = "no_action", _("No action")
        WARNING = "warning", _("Warning")
        SUSPENSION = "suspension", _("Suspension")
        BAN = "ban", _("Ban")
        REVERSAL = "reversal", _("Reversal")

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="decisions")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="moderation_decisions"
    )
    action = models.CharField(max_length=12, choices=Action.choices)
    days = models.PositiveSmallIntegerField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField()
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversal"
    )
    # The member read the notice of this decision and said so.
    acknowledged_at = models.DateTimeField(null=True, blank=True)

    objects = DecisionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(action="suspension") | Q(days__gte=1, ends_at__isnull=False),
                name="suspension_has_days",
            ),
            models.CheckConstraint(
                condition=Q(action="reversal", reverses__isnull=False)
                | (~Q(action="reversal") & Q(reverses__isnull=True)),
                name="reversal_names_its_decision",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(action)s for %(member)s") % {
            "action": self.get_action_display(),
            "member": self.user,
        }

    @property
    def restricts(self) -> bool:
        return self.action in (self.Action.SUSPENSION, self.Action.BAN)

    @property
    def is_reversed(self) -> bool:
        return hasattr(self, "reversal")


class Appeal(models.Model):
    """A member's request for a second look at a decision about them; it reopens the case."""

    decision = models.OneToOneField(Decision, on_delete=models.PROTECT, related_name="appeal")
    note = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    answer = models.TextField(blank=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return gettext("appeal of %(decision)s") % {"decision": self.decision}

    @property
    def is_pending(self) -> bool:
        return self.answered_at is None


class NameReportQuerySet(models.QuerySet["NameReport"]):
    def waiting(self) -> NameReportQuerySet:
        """Reports no reviewer has judged yet."""
        return self.filter(status=NameReport.Status.OPEN)


class NameReport(models.Model):
    """A member's report that a gamer tag seen at a table does not suit it, for reviewers to judge.

    Reports about one member's tag are judged together: a new tag asked for, or the name kept."""

    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("a case's state", "Open")
        RENAMED = "renamed", _("New tag asked for")
        DISMISSED = "dismissed", _("Name kept")

    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="name_reports"
    )
    # The tag as it was reported: the member may change it before a reviewer looks.
    tag = models.CharField(max_length=20)
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    table = models.ForeignKey("game.Table", on_delete=models.PROTECT, related_name="+")
    seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = NameReportQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["status", "created_at"])]
        constraints = [
            # One open report per reporter per member: a second tap is told it is already with us.
            models.UniqueConstraint(
                fields=["reporter", "reported"],
                condition=Q(status="open"),
                name="one_open_name_report_per_reporter",
            )
        ]

    def __str__(self) -> str:
        return gettext("name report %(report)s (%(tag)s)") % {"report": self.pk, "tag": self.tag}

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN
