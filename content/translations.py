"""The deck in other languages (issue 42): what a game copies of each story's translation, and the
translation dashboard's view of what is missing, waiting or out of date.

A story is dealt in a language when the story and its four cards each have an approved translation
in it (the approved one keeps being dealt while a newer one waits, as with any edit); otherwise the
story shows in English to that language's readers, marked. Its verse is always in that language's
Bible, by the Word card's reference (content/bibles), translated or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from content import bible, bibles, live, revisions
from content.models import (
    FIELD_LABELS,
    KIND_ORDER,
    TRANSLATED_FIELDS,
    TRANSLATED_LANGUAGES,
    Card,
    Deck,
    Kind,
    Status,
    Story,
    Translation,
    in_kind_order,
)

LANGUAGES = [code for code, _name in TRANSLATED_LANGUAGES]


# --- What a game copies ------------------------------------------------------------------------


def live_translations(stories: list[live.LiveStory]) -> dict[tuple[str, int, str], Any]:
    """(“story” or “card”, its id, language) -> the translation as last approved (the row, or its
    approved revision while a newer one waits)."""
    story_ids = [s.story_id for s in stories]
    card_ids = [c.id for s in stories for c in s.cards]
    found: dict[tuple[str, int, str], Any] = {}
    for row in live.live_rows(Translation, "translation", story_id__in=story_ids):
        found["story", row.story_id, row.language] = row
    for row in live.live_rows(Translation, "translation", card_id__in=card_ids):
        found["card", row.card_id, row.language] = row
    return found


def verse_in(language: str, reference: str | None) -> dict[str, Any] | None:
    """A Word card's verse in the language's Bible: its reference as that Bible's readers find it,
    its words, and its place in that Bible's reader; None for a card with no reference."""
    if not reference:
        return None
    verse = bible.parse_reference(reference)
    translation = bibles.for_language(language)
    chapter, number = translation.place(verse.book, verse.chapter, verse.verse)
    return {
        "reference": translation.reference(verse.book, verse.chapter, verse.verse),
        "text": translation.verse_text(verse.book, verse.chapter, verse.verse),
        "book_slug": verse.book_slug,
        "chapter": chapter,
        "verse": number,
        "bible": translation.code,
    }


def story_languages(story: live.LiveStory, found: dict[tuple[str, int, str], Any]) -> dict[str, Any]:
    """A dealt story's words in each language: always its verse; its titles and lines ("words")
    only when the story and its four cards are all translated and approved."""
    word = story.cards[KIND_ORDER.index(Kind.WORD)]
    out: dict[str, Any] = {}
    for language in LANGUAGES:
        verse = verse_in(language, word.reference)
        entry: dict[str, Any] = {"verse": verse}
        title = found.get(("story", story.story_id, language))
        cards = [found.get(("card", card.id, language)) for card in story.cards]
        if title is not None and all(cards):
            entry["words"] = {
                "title": title.title,
                "cards": [
                    {
                        # A Word card is titled by its reference, as its language's Bible says it.
                        "title": verse["reference"] if card.kind == Kind.WORD and verse else done.title,
                        "description": done.description,
                    }
                    for card, done in zip(story.cards, cards, strict=True)
                ],
            }
        out[language] = entry
    return out


# --- The translation dashboard ----------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One item of a story in one language: its translation (if any) and where it stands."""

    label: str
    original: Card | Story
    translation: Translation | None
    state: str  # "missing", a Status value, or "out_of_date"


@dataclass(frozen=True)
class Row:
    story: Story
    cells: list[Cell]


def english_changed(translation: Translation) -> list[revisions.FieldChange]:
    """What players read in English that changed since the translation was written from it (its
    approved revision's English, while a newer translation waits)."""
    original = translation.original
    record_id = revisions.approved_revision(original) or revisions.current_revision(original)
    if translation.made_from is None or record_id is None or record_id == translation.made_from:
        return []
    history = original.history
    old, new = (
        history.filter(history_id=translation.made_from).first(),
        history.filter(history_id=record_id).first(),
    )
    if old is None or new is None:
        return []
    fields = TRANSLATED_FIELDS[original._meta.model_name]
    if isinstance(original, Card) and original.kind == Kind.WORD:
        fields = ("description",)  # its title is its reference, which the Bible says in each language
    return [
        revisions.FieldChange(str(FIELD_LABELS[f]), str(getattr(old, f)), str(getattr(new, f)))
        for f in fields
        if getattr(old, f) != getattr(new, f)
    ]


def _cell(original: Card | Story, label: str, translation: Translation | None) -> Cell:
    if translation is None:
        state = "missing"
    elif translation.status == Status.APPROVED and english_changed(translation):
        state = "out_of_date"
    else:
        state = translation.status
    return Cell(label, original, translation, state)


def dashboard(deck: Deck, language: str) -> list[Row]:
    """Every story of the deck, in order, with the state of its and its cards' translations."""
    stories = list(Story.objects.in_deck(deck).order_by("position").prefetch_related("cards"))
    found = Translation.objects.filter(Q(story__in=stories) | Q(card__story__in=stories), language=language)
    have = {(t.story_id or 0, t.card_id or 0): t for t in found}
    rows = []
    for story in stories:
        cells = [_cell(story, _("Story"), have.get((story.pk, 0)))]
        for card in in_kind_order(story.cards.all()):
            cells.append(_cell(card, card.get_kind_display(), have.get((0, card.pk))))
        rows.append(Row(story, cells))
    return rows


def counts(rows: list[Row]) -> dict[str, int]:
    """How many items are in each state, for the dashboard's summary line."""
    out: dict[str, int] = {}
    for row in rows:
        for cell in row.cells:
            out[cell.state] = out.get(cell.state, 0) + 1
    return out
