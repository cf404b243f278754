"""A member's memory of the verses they met: one FSRS card per member per verse, where and when they
met it, every review, and the verse of the week a family or a class puts first."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class VerseCard(models.Model):
    """One member's memory of one verse, named as the King James Version numbers it (a Word card's
    reference): the `fsrs` card as its own `to_dict()`, its due date copied out for queries, and the
    words of the verse the member has missed or known, per language they read it in."""

    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="verse_cards")
    book = models.PositiveSmallIntegerField(help_text=_("The book's number, 1 (Genesis) to 66 (Revelation)."))
    chapter = models.PositiveSmallIntegerField()
    verse = models.PositiveSmallIntegerField()
    schedule = models.JSONField(help_text=_("The fsrs card, as fsrs.Card.to_dict() writes it."))
    due = models.DateTimeField(db_index=True)
    stability = models.FloatField(null=True, blank=True)
    reviews = models.PositiveIntegerField(default=0)
    # {"es": {"missed": ["pan"], "known": ["hijo"]}}: lower-cased words of the verse in that language.
    words = models.JSONField(default=dict)
    first_met_at = models.DateTimeField(default=timezone.now)
    last_met_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["member", "book", "chapter", "verse"], name="one_card_per_member_verse"
            )
        ]
        indexes = [models.Index(fields=["member", "due"], name="verse_cards_due")]

    def __str__(self) -> str:
        return f"{self.member_id}: {self.book} {self.chapter}:{self.verse}"


class Meeting(models.Model):
    """Where and when a member met a verse: at a table (a stone laid, a question, a verse read
    together), or as the verse of the week."""

    class How(models.TextChoices):
        STONE = "stone", _("laid in a stone")
        QUESTION = "question", _("asked at the table")
        READ_ALOUD = "read_aloud", _("read together")
        WEEKLY = "weekly", _("the verse of the week")

    card = models.ForeignKey(VerseCard, on_delete=models.CASCADE, related_name="meetings")
    how = models.CharField(max_length=12, choices=How.choices)
    # The table's code when it was met there; the table itself may be gone by now.
    table_code = models.CharField(max_length=4, blank=True, default="")
    game = models.ForeignKey("game.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.card_id} {self.how} {self.at:%Y-%m-%d}"


class Review(models.Model):
    """One review of a card: the rating fsrs took, how it was practised and fsrs's own review log.
    `client_id` makes a review sent twice (an offline answer synced again) count once."""

    class Mode(models.TextChoices):
        WORD = "word", _("the missing word")
        PHRASE = "phrase", _("the next phrase")
        LETTERS = "letters", _("the first letters")
        WHOLE = "whole", _("the whole verse")
        TABLE = "table", _("Remember the Word at a table")

    card = models.ForeignKey(VerseCard, on_delete=models.CASCADE, related_name="review_log")
    rating = models.PositiveSmallIntegerField(help_text=_("fsrs's rating: 1 Again, 2 Hard, 3 Good, 4 Easy."))
    mode = models.CharField(max_length=8, choices=Mode.choices)
    at = models.DateTimeField()
    log = models.JSONField(help_text=_("fsrs.ReviewLog.to_dict()"))
    client_id = models.CharField(max_length=40, blank=True, default="")
    # The member who practised with a child on one device, when it was not the child alone.
    with_member = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "client_id"],
                condition=~models.Q(client_id=""),
                name="one_review_per_client_id",
            )
        ]

    def __str__(self) -> str:
        return f"{self.card_id} {self.mode} {self.rating}"


class WeeklyVerse(models.Model):
    """A verse of the week: set by a parent for their family (themselves and their children) or by a
    leader for their class's children; it comes first in each one's practice for seven days."""

    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="weekly_verses"
    )
    book = models.PositiveSmallIntegerField()
    chapter = models.PositiveSmallIntegerField()
    verse = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-starts_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.book} {self.chapter}:{self.verse} from {self.starts_at:%Y-%m-%d}"


class Reminder(models.Model):
    """An adult member's wish to be told once a day when verses are due, by the ways they chose for
    turn notices (mail, their devices). Children's accounts never have one (verses/reminders.py)."""

    member = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="verse_reminder"
    )
    daily = models.BooleanField(default=False)
    last_sent_on = models.DateField(null=True, blank=True)

    def __str__(self) -> str:
        return f"reminder of {self.member_id}"
