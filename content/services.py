"""The content team's workflow and the deal's view of a deck: every change to content goes through here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from content import bible
from content.models import (
    CARD_CONTENT_FIELDS,
    STORY_CONTENT_FIELDS,
    Card,
    Decision,
    Deck,
    Kind,
    Status,
    Story,
    in_kind_order,
)

MIN_DEALABLE = 8
Subject = Card | Story


class DeckNotReady(Exception):
    """A deck with fewer than 8 dealable stories cannot be dealt (R1)."""

    def __init__(self, deck: Deck, dealable: int) -> None:
        self.deck = deck
        self.dealable = dealable
        super().__init__(
            f"The deck “{deck.name}” has {dealable} ready {'story' if dealable == 1 else 'stories'}; "
            f"it needs at least {MIN_DEALABLE} approved stories, each with all four cards approved."
        )


# --- Review steps -------------------------------------------------------------------------------


def _label(subject: Subject) -> str:
    return f"“{subject.title}”"


def _require_perm(user: Any, subject: Subject, verb: str) -> None:
    codename = f"content.{verb}_{subject._meta.model_name}"
    if not user.has_perm(codename):
        raise PermissionDenied(f"You don't have permission to {verb} {subject._meta.verbose_name_plural}.")


def _lock(subject: Subject) -> Subject:
    return type(subject).objects.select_for_update().get(pk=subject.pk)


def _record(subject: Subject, *, user: Any, action: str, note: str = "") -> Decision:
    about = {"card": subject} if isinstance(subject, Card) else {"story": subject}
    return Decision.objects.create(actor=user, action=action, note=note, **about)


def _move(
    subject: Subject, *, user: Any, allowed_from: set[str], to: str, action: str, refusal: str, note: str = ""
) -> Subject:
    """Change a status in one locked step and record the decision."""
    locked = _lock(subject)
    if locked.status not in allowed_from:
        raise ValidationError(f"{_label(locked)} {refusal} (it is {locked.get_status_display().lower()}).")
    locked.status = to
    locked.save(update_fields=["status", "updated_at"])
    _record(locked, user=user, action=action, note=note)
    subject.status = locked.status
    return locked


@transaction.atomic
def submit_for_review(*, subject: Subject, user: Any) -> Subject:
    """An editor sends a draft, or a reworked card, to the approvers."""
    _require_perm(user, subject, "submit")
    return _move(
        subject,
        user=user,
        allowed_from={Status.DRAFT, Status.CHANGES_REQUESTED},
        to=Status.IN_REVIEW,
        action=Decision.Action.SUBMITTED,
        refusal="can only be submitted as a draft or after changes were asked for",
    )


@transaction.atomic
def approve(*, subject: Subject, user: Any) -> Subject:
    """An approver says yes; never to their own latest edit (four eyes)."""
    _require_perm(user, subject, "approve")
    if subject.last_edited_by_id is not None and subject.last_edited_by_id == user.pk:
        raise PermissionDenied(
            f"You made the latest edit to {_label(subject)}, so another approver must approve it."
        )
    return _move(
        subject,
        user=user,
        allowed_from={Status.IN_REVIEW},
        to=Status.APPROVED,
        action=Decision.Action.APPROVED,
        refusal="can only be approved while in review",
    )


@transaction.atomic
def request_changes(*, subject: Subject, user: Any, note: str) -> Subject:
    """An approver sends a card back with a note saying what to change."""
    _require_perm(user, subject, "approve")
    note = (note or "").strip()
    if not note:
        raise ValidationError("Please write a note saying what should change.")
    return _move(
        subject,
        user=user,
        allowed_from={Status.IN_REVIEW},
        to=Status.CHANGES_REQUESTED,
        action=Decision.Action.CHANGES_REQUESTED,
        refusal="can only be sent back while in review",
        note=note,
    )


# --- Edits --------------------------------------------------------------------------------------


def _changed(subject: Subject, fields: tuple[str, ...]) -> list[str]:
    """The content fields that differ from the stored row; all of them for a new one."""
    if subject.pk is None:
        return list(fields)
    before = type(subject).objects.filter(pk=subject.pk).values(*fields).first() or {}
    return [f for f in fields if before.get(f) != getattr(subject, f)]


def _save_edit(subject: Subject, *, user: Any, fields: tuple[str, ...]) -> Subject:
    """Save an edit; approved content that changed goes back to review, and the editor is noted."""
    creating = subject.pk is None
    _require_perm(user, subject, "add" if creating else "change")
    changed = _changed(subject, fields)
    if changed:
        subject.last_edited_by = user
    reopen = not creating and changed and subject.status == Status.APPROVED
    if reopen:
        subject.status = Status.IN_REVIEW
    subject.full_clean()
    subject.save()
    if reopen:
        _record(subject, user=user, action=Decision.Action.REOPENED, note="Changed: " + ", ".join(changed))
    return subject


def fill_verse(card: Card) -> None:
    """A Word card's reference made canonical and its text looked up; other cards carry none."""
    if card.kind == Kind.WORD:
        try:
            verse = bible.parse_reference(card.reference)
        except ValidationError as error:
            raise ValidationError({"reference": error.messages}) from error
        card.reference, card.verse_text = verse.reference, verse.text
    else:
        card.reference, card.verse_text = "", ""


@transaction.atomic
def save_card(*, card: Card, user: Any) -> Card:
    """The admin's save for a card: verse looked up, approval reset when the content changed."""
    fill_verse(card)
    return _save_edit(card, user=user, fields=("kind", *CARD_CONTENT_FIELDS))


@transaction.atomic
def save_story(*, story: Story, user: Any) -> Story:
    """The admin's save for a story: approval reset when the content changed."""
    return _save_edit(story, user=user, fields=("deck_id", *STORY_CONTENT_FIELDS))


@transaction.atomic
def make_deck_live(*, deck: Deck) -> Deck:
    """Make one deck the live deck, taking the others off."""
    Deck.objects.select_for_update().filter(is_live=True).exclude(pk=deck.pk).update(is_live=False)
    deck.is_live = True
    deck.save(update_fields=["is_live"])
    return deck


# --- The deal's view of a deck ------------------------------------------------------------------


@dataclass(frozen=True)
class DealtCard:
    """A card's content as the game copies it."""

    kind: str
    title: str
    description: str
    reference: str | None = None
    verse_text: str | None = None

    def as_engine_dict(self) -> dict[str, Any]:
        data = {
            "kind": self.kind,
            "title": self.title,
            "description": self.description,
            "reference": self.reference,
            "verse_text": self.verse_text,
        }
        if self.kind == Kind.WORD and self.reference:
            verse = bible.parse_reference(self.reference)
            data |= {"book_slug": verse.book_slug, "chapter": verse.chapter, "verse": verse.verse}
        return data


@dataclass(frozen=True)
class DealtStory:
    """A dealable story: its position among the deck's dealable stories (R1) and its four cards."""

    position: int
    story_id: int
    title: str
    cards: tuple[DealtCard, ...]

    def as_engine_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "title": self.title,
            "cards": [card.as_engine_dict() for card in self.cards],
        }


def _dealt_card(card: Card) -> DealtCard:
    word = card.kind == Kind.WORD
    return DealtCard(
        kind=card.kind,
        title=card.title,
        description=card.description,
        reference=card.reference if word else None,
        verse_text=card.verse_text if word else None,
    )


def count_dealable(deck: Deck) -> int:
    return Story.objects.in_deck(deck).dealable().count()


def dealability(deck: Deck) -> str:
    """ "N of M stories dealable (a deck needs 8)", for the team."""
    total = Story.objects.in_deck(deck).count()
    return f"{count_dealable(deck)} of {total} stories dealable (a deck needs {MIN_DEALABLE})"


def dealable_stories(deck: Deck) -> list[DealtStory]:
    """The deck's dealable stories in deck order, numbered 1..S, cards in kind order; DeckNotReady if < 8."""
    stories = list(Story.objects.in_deck(deck).dealable().order_by("position").prefetch_related("cards"))
    if len(stories) < MIN_DEALABLE:
        raise DeckNotReady(deck, len(stories))
    return [
        DealtStory(
            position=number,
            story_id=story.pk,
            title=story.title,
            cards=tuple(_dealt_card(c) for c in in_kind_order(story.cards.all())),
        )
        for number, story in enumerate(stories, start=1)
    ]


def engine_deck(deck: Deck) -> list[dict[str, Any]]:
    """The deck in the game engine's format: plain dicts, ready to copy into a game."""
    return [story.as_engine_dict() for story in dealable_stories(deck)]


def live_deck() -> Deck | None:
    return Deck.objects.filter(is_live=True).first()
