"""How each member wants to be told, where their browsers take pushes, and what was sent."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext as _


class NoticePreference(models.Model):
    """A member's choice of mail, and whether they are told at every private table they are away
    from or only at the tables that play over days. No row means no mail, over-days tables only.

    Push is not a choice kept here: a member is told by push exactly when they have a phone or
    computer set up (a PushSubscription), so the wish and the devices can never disagree
    (notices/reach.py). The old `by_push` column is left nullable in the database for one release
    (migration 0003) and read by nothing."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="notice_preference"
    )
    by_mail = models.BooleanField(default=False)
    at_every_private_table = models.BooleanField(
        default=False, help_text="Also at private tables that do not play over days, when away from them."
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"notices of {self.user_id}"


class PushSubscription(models.Model):
    """One browser's Web Push subscription (its push service's endpoint and keys), for one member:
    a phone or computer that is told."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    # What the settings page calls it ("Chrome on Android"), from the browser's User-Agent when it
    # subscribed ("" when unknown). A default in the database too, so a process of the release
    # before, which knows no such column, can still add a subscription.
    device = models.CharField(max_length=60, blank=True, default="", db_default="")
    created_at = models.DateTimeField(auto_now_add=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of {self.user_id}"

    @property
    def fingerprint(self) -> str:
        """A short digest of the endpoint: the settings page's script finds its own browser's row
        by it, and the page never shows the endpoint itself."""
        return hashlib.sha256(self.endpoint.encode()).hexdigest()[:16]

    @property
    def name(self) -> str:
        return self.device or _("A phone or computer")


class Notice(models.Model):
    """One notice to one member about one table: the record that keeps it to one per turn, and
    what went out for it."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", "Your turn"
        NUDGE = "nudge", "A nudge from the table"
        ENDING_SOON = "ending_soon", "The table ends soon"
        HANDED_OVER = "handed_over", "JagAI plays your seat"

    table = models.ForeignKey("game.Table", on_delete=models.CASCADE, related_name="notices")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    # The game's version when the turn began (your turn, a nudge); 0 for notices about the table.
    turn = models.PositiveIntegerField(default=0)
    # Who tapped "Your turn", for a nudge ("Grandma_Ruth says it's your turn"); nullable, so the
    # rows before it and a process of the release before are fine.
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Empty until the clock's sweep has sent it (game/services/turn_notices.py), by push and/or mail.
    sent_at = models.DateTimeField(null=True, blank=True)
    pushed = models.PositiveSmallIntegerField(default=0, help_text="Browsers the push reached.")
    # True once a mail went (and, for a turn's notice, while its sender holds the turn's one mail).
    mailed = models.BooleanField(default=False)

    # The notices that say "your turn": one turn's may include a turn notice and hourly nudges.
    TURN_KINDS = (Kind.YOUR_TURN, Kind.NUDGE)

    class Meta:
        constraints = [
            # One "your turn" a member per turn, one warning a table: a nudge may come each hour.
            models.UniqueConstraint(
                fields=["table", "user", "kind", "turn"],
                condition=~Q(kind="nudge"),
                name="one_notice_per_turn",
            ),
            # At most one mail per table per turn, however many nudges the turn brought: the
            # sender marks `mailed` before it mails, so a second claim for the turn fails here.
            models.UniqueConstraint(
                fields=["table", "user", "turn"],
                condition=Q(mailed=True, kind__in=["your_turn", "nudge"]),
                name="one_turn_mail_per_turn",
            ),
        ]
        indexes = [models.Index(fields=["table", "user", "kind", "created_at"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.user_id} at {self.table_id}"
