"""Decks of Bible stories, their four cards, and the team's decisions about them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from content.default_deck import SYSTEM_REVIEWER_EMAIL


class Status(models.TextChoices):
    """Where a story or a card stands in the team's review."""

    DRAFT = "draft", _("Draft")
    IN_REVIEW = "in_review", _("In review")
    CHANGES_REQUESTED = "changes_requested", _("Changes requested")
    APPROVED = "approved", _("Approved")


class Kind(models.TextChoices):
    """The four cards of every story, in the order they are always shown."""

    PERSON = "person", pgettext_lazy("card kind", "Person")
    PLACE = "place", pgettext_lazy("card kind", "Place")
    MOMENT = "moment", pgettext_lazy("card kind", "Moment")
    WORD = "word", pgettext_lazy("card kind", "Word")


KIND_ORDER = [kind.value for kind in Kind]
# The fields that reach players (and which story a card is in): changing any of them is an edit
# that makes a new revision and needs a fresh review.
CARD_CONTENT_FIELDS = ("story_id", "kind", "title", "description", "reference", "verse_text")
STORY_CONTENT_FIELDS = ("deck_id", "position", "title", "summary")
# The content fields as the team reads them (the admin's forms, the diffs and the review log): the
# models' own verbose names, words a translator can reach without a migration.
FIELD_LABELS = {
    "deck": _("Deck"),
    "position": _("Position"),
    "story": _("Story"),
    "kind": _("Kind"),
    "title": _("Title"),
    "summary": _("Summary"),
    "description": _("Description"),
    "reference": _("Reference"),
    "verse_text": _("Verse text"),
    "language": _("Language"),
}
# The review's own bookkeeping is not content: a status change is a step, not a revision.
NOT_REVISED = ["status", "last_edited_by", "updated_at"]


# How the review log names the account that approves the shipped deck (it never signs in).
SYSTEM_NAME = _("the system")


def person_label(user: object | None, *, unknown: str) -> str:
    """Who did something, as the team reads it: an email, "the system", or `unknown` if none is kept."""
    # Only the team reads the log, and the email says who it was without doubt.
    if user is None:
        return str(unknown)
    return str(SYSTEM_NAME) if user.email == SYSTEM_REVIEWER_EMAIL else user.email


def revision_author(instance: models.Model, **kwargs: object) -> object:
    """Who made a revision: the editor the edit service recorded (None for loaded content)."""
    return instance.last_edited_by if instance.last_edited_by_id else None


class DeckQuerySet(models.QuerySet["Deck"]):
    """Decks, read as English: Deck.objects.live_at(now)."""

    def live_at(self, when: datetime) -> DeckQuerySet:
        """The main deck, and every deck whose go-live has come and whose end has not (R42)."""
        dated = Q(live_from__isnull=False, live_from__lte=when) & (
            Q(live_until__isnull=True) | Q(live_until__gt=when)
        )
        return self.filter(Q(is_live=True) | dated)


class Deck(models.Model):
    """A set of stories dealt together (R42): the main deck (Play now and the default deal), and
    decks for a season that hosts may pick between their go-live and their end."""

    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=80, unique=True)
    # The main deck; the column keeps its old name (one deck was live at a time before R42).
    is_live = models.BooleanField(
        _("main deck"),
        default=False,
        help_text=_("Play now and new tables deal the main deck unless their host picks another live deck."),
    )
    live_from = models.DateTimeField(
        _("goes live"),
        null=True,
        blank=True,
        help_text=_("From this date and time hosts may pick the deck for a table. Empty: not yet."),
    )
    live_until = models.DateTimeField(
        _("ends"),
        null=True,
        blank=True,
        help_text=_("Optional: hosts may pick the deck until this date and time."),
    )
    # A story belongs to one deck (its place and number there); a deck for a season may deal
    # stories of other decks too, after its own.
    more_stories = models.ManyToManyField(
        "Story",
        blank=True,
        related_name="also_in_decks",
        verbose_name=_("also dealt"),
        help_text=_("Stories of other decks that this deck deals too, after its own."),
    )

    objects = DeckQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_live"],
                condition=Q(is_live=True),
                name="only_one_live_deck",
                violation_error_message=_("Another deck is already the main deck. Take it off first."),
            ),
            models.CheckConstraint(
                condition=Q(live_from__isnull=True)
                | Q(live_until__isnull=True)
                | Q(live_until__gt=F("live_from")),
                name="deck_ends_after_it_goes_live",
                violation_error_message=_("A deck ends after it goes live."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def is_live_at(self, when: datetime) -> bool:
        """Whether hosts may pick the deck at `when` (the main deck always)."""
        if self.is_live:
            return True
        return bool(
            self.live_from and self.live_from <= when and (not self.live_until or when < self.live_until)
        )


class StoryQuerySet(models.QuerySet["Story"]):
    """Stories, read as English: Story.objects.dealable()."""

    def in_deck(self, deck: Deck) -> StoryQuerySet:
        """The deck's own stories (not those it deals from other decks: see dealt_in)."""
        return self.filter(deck=deck)

    def dealt_in(self, deck: Deck) -> StoryQuerySet:
        """The deck's own stories and those of other decks it deals too."""
        return self.filter(Q(deck=deck) | Q(also_in_decks=deck)).distinct()

    def with_approved_card_count(self) -> StoryQuerySet:
        # A subquery, not a join: a search across the cards must not multiply the count.
        approved = (
            Card.objects.filter(story=OuterRef("pk"), status=Status.APPROVED)
            .order_by()
            .values("story")
            .annotate(n=Count("pk"))
            .values("n")
        )
        return self.annotate(approved_cards=Coalesce(Subquery(approved), 0))

    def dealable(self) -> StoryQuerySet:
        """Approved stories whose four cards are all approved (R1)."""
        return self.with_approved_card_count().filter(status=Status.APPROVED, approved_cards=len(Kind))


class Story(models.Model):
    """A Bible story: four cards that make a stone together."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="stories")
    position = models.PositiveSmallIntegerField(help_text=_("The story's place in the deck's order."))
    title = models.CharField(max_length=80)
    summary = models.TextField(blank=True, help_text=_("A short note for the team; players never see it."))
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    last_edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(excluded_fields=NOT_REVISED, get_user=revision_author)

    objects = StoryQuerySet.as_manager()

    class Meta:
        ordering = ["deck", "position"]
        verbose_name_plural = _("stories")
        constraints = [
            models.UniqueConstraint(fields=["deck", "position"], name="one_story_per_deck_position"),
        ]
        permissions = [
            ("submit_story", "Can submit a story for review"),
            ("approve_story", "Can approve a story or ask for changes"),
        ]

    def __str__(self) -> str:
        return self.title


def kind_rank() -> models.Case:
    """Person, Place, Moment, Word as 0..3, for ordering in SQL."""
    return models.Case(*(models.When(kind=k, then=i) for i, k in enumerate(KIND_ORDER)))


# Cards as the game shows them: deck by deck, story by story, each story's four in kind order.
GAME_ORDER = ("story__deck", "story__position", kind_rank().asc())


class CardQuerySet(models.QuerySet["Card"]):
    """Cards, read as English."""

    def in_kind_order(self) -> CardQuerySet:
        return self.order_by(*GAME_ORDER)

    def approved(self) -> CardQuerySet:
        return self.filter(status=Status.APPROVED)

    def words(self) -> CardQuerySet:
        return self.filter(kind=Kind.WORD)


class Card(models.Model):
    """One card of a story, as printed: a Person, a Place, a Moment or the Word."""

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="cards")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    title = models.CharField(
        max_length=60, help_text=_("As printed on the card, such as “The valley of Elah”.")
    )
    description = models.CharField(max_length=140, help_text=_("One line under the title."))
    reference = models.CharField(
        max_length=40, blank=True, help_text=_("Word cards only, such as 1 Samuel 17:45.")
    )
    verse_text = models.TextField(blank=True, help_text=_("Filled from the King James Version; never typed."))
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    last_edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(excluded_fields=NOT_REVISED, get_user=revision_author)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["story", "kind"]
        constraints = [
            models.UniqueConstraint(
                fields=["story", "kind"],
                name="one_card_of_each_kind_per_story",
                violation_error_message=_("This story already has a card of that kind."),
            ),
        ]
        permissions = [
            ("submit_card", "Can submit a card for review"),
            ("approve_card", "Can approve a card or ask for changes"),
        ]

    def __str__(self) -> str:
        return gettext("%(kind)s: %(title)s") % {"kind": self.get_kind_display(), "title": self.title}

    @property
    def is_word(self) -> bool:
        return self.kind == Kind.WORD


def in_kind_order(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted Person, Place, Moment, Word (for cards already fetched)."""
    return sorted(cards, key=lambda card: KIND_ORDER.index(card.kind))


def subject_label(subject: Card | Story) -> str:
    """An item as the team names it: "the story “Noah and the ark”", "Person “Noah”"."""
    if isinstance(subject, Story):
        return gettext("the story “%(title)s”") % {"title": subject.title}
    return gettext("%(kind)s “%(title)s”") % {"kind": subject.get_kind_display(), "title": subject.title}


# The languages the content team translates the deck into (English is the deck itself).
TRANSLATED_LANGUAGES = [("es", "Español"), ("pt", "Português")]
TRANSLATION_CONTENT_FIELDS = ("story_id", "card_id", "language", "title", "description")
# The English a translation carries for each: a story's title, a card's title and line.
TRANSLATED_FIELDS = {"story": ("title",), "card": ("title", "description")}


class Translation(models.Model):
    """A story's or a card's words in another language (issue 42), written and approved under the
    same four eyes as any edit: an approved translation keeps being dealt while a newer one waits.
    A Word card's title is its reference and its verse comes from that language's Bible
    (content/bibles), so a Word card's translation carries only its one line."""

    story = models.ForeignKey(
        Story, null=True, blank=True, on_delete=models.CASCADE, related_name="translations"
    )
    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.CASCADE, related_name="translations"
    )
    language = models.CharField(_("language"), max_length=8, choices=TRANSLATED_LANGUAGES)
    title = models.CharField(_("title"), max_length=80, blank=True)
    description = models.CharField(_("description"), max_length=140, blank=True)
    # The revision (history id) of the English it was written from: when the English that players
    # read changes after it, the translation is out of date.
    made_from = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    last_edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(excluded_fields=NOT_REVISED, get_user=revision_author)

    class Meta:
        ordering = ["language", "story", "card"]
        constraints = [
            models.CheckConstraint(
                condition=Q(card__isnull=False, story__isnull=True)
                | Q(card__isnull=True, story__isnull=False),
                name="translation_of_a_card_or_a_story",
            ),
            models.UniqueConstraint(
                fields=["story", "language"],
                condition=Q(story__isnull=False),
                name="one_translation_of_a_story_per_language",
                violation_error_message=_("This story already has a translation in that language."),
            ),
            models.UniqueConstraint(
                fields=["card", "language"],
                condition=Q(card__isnull=False),
                name="one_translation_of_a_card_per_language",
                violation_error_message=_("This card already has a translation in that language."),
            ),
        ]
        permissions = [
            ("submit_translation", "Can submit a translation for review"),
            ("approve_translation", "Can approve a translation or ask for changes"),
        ]

    def __str__(self) -> str:
        return gettext("%(item)s in %(language)s") % {
            "item": self.original_label,
            "language": self.get_language_display(),
        }

    @property
    def original(self) -> Card | Story:
        """The English story or card this translates."""
        return self.card if self.card_id else self.story

    @property
    def original_label(self) -> str:
        return subject_label(self.original) if self.original else ""


class ReviewStep(models.Model):
    """One step of the review, kept for good: who did what to a card, a story or a translation,
    when, and why."""

    class Action(models.TextChoices):
        SUBMITTED = "submitted", _("Submitted for review")
        APPROVED = "approved", _("Approved")
        CHANGES_REQUESTED = "changes_requested", _("Asked for changes")
        REOPENED = "reopened", _("Edited after approval, back to review")
        LOADED = "loaded", _("Loaded and approved with the default deck")
        WITHDRAWN = "withdrawn", _("Change withdrawn: back to the approved version")

    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.CASCADE, related_name="review_steps"
    )
    story = models.ForeignKey(
        Story, null=True, blank=True, on_delete=models.CASCADE, related_name="review_steps"
    )
    translation = models.ForeignKey(
        Translation, null=True, blank=True, on_delete=models.CASCADE, related_name="review_steps"
    )
    # Kept when a member leaves: the decision still happened.
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=20, choices=Action.choices)
    note = models.TextField(blank=True)
    # The revision (history id) this step was about: an approval is of exactly what was seen.
    revision = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(card__isnull=False, story__isnull=True, translation__isnull=True)
                | Q(card__isnull=True, story__isnull=False, translation__isnull=True)
                | Q(card__isnull=True, story__isnull=True, translation__isnull=False),
                name="decision_about_a_card_a_story_or_a_translation",
            )
        ]

    def __str__(self) -> str:
        return gettext("%(action)s by %(who)s on %(when)s") % {
            "action": self.get_action_display(),
            "who": self.actor_label,
            "when": f"{self.at:%Y-%m-%d %H:%M}",
        }

    @property
    def actor_label(self) -> str:
        return person_label(self.actor, unknown=gettext("a former member"))
