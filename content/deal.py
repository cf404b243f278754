"""What a new game is dealt: the live deck, its dealable stories as the game copies them, and why a
story is not dealt."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from content import bible, live, revisions, translations
from content.models import Deck, Kind, Status, Story, in_kind_order, subject_label
from justalllowgod.lib.refusals import Code, Refusal

MIN_DEALABLE = 8


class DeckNotReady(Refusal):
    """A deck with fewer than 8 dealable stories cannot be dealt (R1)."""

    def __init__(self, deck: Deck, dealable: int) -> None:
        self.deck = deck
        self.dealable = dealable
        words = ngettext(
            "The deck “%(deck)s” has %(ready)s ready story; it needs at least %(needed)s approved "
            "stories, each with all four cards approved.",
            "The deck “%(deck)s” has %(ready)s ready stories; it needs at least %(needed)s approved "
            "stories, each with all four cards approved.",
            dealable,
        ) % {"deck": deck.name, "ready": dealable, "needed": MIN_DEALABLE}
        super().__init__(Code.DECK_NOT_READY, words)


class DeckNotLive(Refusal):
    """A table's deck that is not live now (R42): a forged choice, or a season that has ended."""

    def __init__(self, deck: Deck | None) -> None:
        self.deck = deck
        words = (
            _("The deck “%(deck)s” is not live now. Choose one of the decks offered.") % {"deck": deck.name}
            if deck is not None
            else None
        )
        super().__init__(Code.DECK_NOT_LIVE, words)


def live_deck() -> Deck | None:
    """The main deck: Play now and the default deal (R42). (Named before there were seasons.)"""
    return Deck.objects.filter(is_live=True).first()


main_deck = live_deck


def decks_to_offer(when: datetime | None = None) -> list[Deck]:
    """The decks a host may pick now (R42): live at `when`, with the stories a game needs; the main
    deck first, then by name."""
    when = when or timezone.now()
    live = Deck.objects.live_at(when).order_by("-is_live", "name")
    return [deck for deck in live if count_dealable(deck) >= MIN_DEALABLE]


def deck_choices(when: datetime | None = None) -> list[Deck]:
    """The decks a new-table form offers: none while only one deck is live (the main deck needs no
    choosing), else every live deck that can be dealt, the main deck first."""
    when = when or timezone.now()
    if Deck.objects.live_at(when).count() < 2:
        return []
    offered = decks_to_offer(when)
    return offered if len(offered) > 1 else []


def chosen_deck(asked: object, when: datetime | None = None) -> Deck | None:
    """The deck a host asked for by its id, or None for the main deck (nothing asked, or the main
    deck itself); DeckNotLive for any deck not offered now (a forged, unknown or ended one)."""
    if asked in (None, ""):
        return None
    try:
        pk = int(str(asked))
    except ValueError:
        raise DeckNotLive(None) from None
    offered = {deck.pk: deck for deck in decks_to_offer(when)}
    if pk not in offered:
        raise DeckNotLive(Deck.objects.filter(pk=pk).first())
    return None if offered[pk].is_live else offered[pk]


def deck_to_deal(chosen: Deck | None, when: datetime | None = None) -> Deck | None:
    """The deck a table deals at its start: the one its host chose while it is still live (else
    DeckNotLive, naming it: R42's fallback is to refuse, never to deal another deck unasked), or
    the main deck (None if there is none)."""
    if chosen is None:
        return live_deck()
    chosen = Deck.objects.get(pk=chosen.pk)  # as it is now, not as the table was read
    if not chosen.is_live_at(when or timezone.now()):
        raise DeckNotLive(chosen)
    return chosen


@transaction.atomic
def make_deck_live(*, deck: Deck) -> Deck:
    """Make one deck the main deck, taking the others off."""
    Deck.objects.select_for_update().filter(is_live=True).exclude(pk=deck.pk).update(is_live=False)
    deck.is_live = True
    deck.save(update_fields=["is_live"])
    return deck


# --- The game's copy of a deck ------------------------------------------------------------------


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
    # Each other language's verse, and its titles and lines once translated (content/translations).
    languages: dict[str, Any] = field(default_factory=dict)

    def in_language(self, language: str) -> tuple[str, list[dict[str, Any]], bool]:
        """The story's title and its cards' words as a reader of `language` reads them (the
        translation once approved, else the English), and whether they are still English there.
        A Word card's reference, verse and reader are always that language's Bible's, as the table
        quotes them; each card: kind, title, description, reference, verse_text, reader_url."""
        own = self.languages.get(language, {}) if language != "en" else {}
        words, verse = own.get("words"), own.get("verse")
        cards = []
        for index, card in enumerate(self.cards):
            said = words["cards"][index] if words else {"title": card.title, "description": card.description}
            face = {"kind": card.kind, "title": said["title"], "description": said["description"]}
            face |= {"reference": card.reference, "verse_text": card.verse_text, "reader_url": None}
            if card.kind == Kind.WORD and verse:
                # A Word card is titled by its reference, which its Bible says in its own language.
                face |= {
                    "title": verse["reference"],
                    "reference": verse["reference"],
                    "verse_text": verse["text"],
                }
                face["reader_url"] = bible.reader_url(
                    verse["book_slug"], verse["chapter"], verse["verse"], bible=verse["bible"]
                )
            elif card.kind == Kind.WORD and card.reference:
                quoted = bible.parse_reference(card.reference)
                face["reader_url"] = bible.reader_url(
                    quoted.book_slug, quoted.chapter, quoted.verse, bible="kjv"
                )
            cards.append(face)
        return (words["title"] if words else self.title), cards, language != "en" and not words

    def as_engine_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "title": self.title,
            "cards": [card.as_engine_dict() for card in self.cards],
            "languages": self.languages,
        }


def _dealt_card(card: Any) -> DealtCard:
    """A card's live row or approved revision, as the game copies it."""
    word = card.kind == Kind.WORD
    return DealtCard(
        kind=card.kind,
        title=card.title,
        description=card.description,
        reference=card.reference if word else None,
        verse_text=card.verse_text if word else None,
    )


def dealable_stories(deck: Deck) -> list[DealtStory]:
    """The deck's live stories in deck order, numbered 1..S, cards in kind order; DeckNotReady if < 8."""
    stories = live_dealt_stories(deck)
    if len(stories) < MIN_DEALABLE:
        raise DeckNotReady(deck, len(stories))
    return stories


def live_dealt_stories(deck: Deck) -> list[DealtStory]:
    """The deck's live stories as a game would copy them, however few (the pages that show cards)."""
    stories = live.live_stories(deck)
    found = translations.live_translations(stories)
    return [
        DealtStory(
            position=number,
            story_id=story.story_id,
            title=story.record.title,
            cards=tuple(_dealt_card(c) for c in story.cards),
            languages=translations.story_languages(story, found),
        )
        for number, story in enumerate(stories, start=1)
    ]


def engine_deck(deck: Deck) -> list[dict[str, Any]]:
    """The deck in the game engine's format: plain dicts, ready to copy into a game."""
    return [story.as_engine_dict() for story in dealable_stories(deck)]


# --- What the team reads about the deal ---------------------------------------------------------


def count_dealable(deck: Deck) -> int:
    return len(live.live_stories(deck))


def dealability(deck: Deck) -> str:
    """ "N of M stories dealable (a deck needs 8)", for the team."""
    total = Story.objects.dealt_in(deck).count()
    # English says "stories" even for one (as it always has); ngettext lets others count.
    return ngettext(
        "%(ready)s of %(total)s stories dealable (a deck needs %(needed)s)",
        "%(ready)s of %(total)s stories dealable (a deck needs %(needed)s)",
        total,
    ) % {"ready": count_dealable(deck), "total": total, "needed": MIN_DEALABLE}


def deck_health() -> dict[str, object] | None:
    """The live deck's health for the admin's front page: how many stories deal, and is it enough."""
    deck = live_deck()
    if deck is None:
        return {"ok": False, "text": _("No deck is live: new tables cannot start. Make a deck live.")}
    ready = count_dealable(deck)
    total = Story.objects.dealt_in(deck).count()
    ok = ready >= MIN_DEALABLE
    said = {"deck": deck.name, "ready": ready, "total": total, "needed": MIN_DEALABLE}
    # English says "stories" even for one (as it always has); ngettext lets others count.
    if ok:
        text = ngettext(
            "“%(deck)s”: %(ready)s of %(total)s stories are dealt in new games (a game needs %(needed)s).",
            "“%(deck)s”: %(ready)s of %(total)s stories are dealt in new games (a game needs %(needed)s).",
            total,
        )
    else:
        text = ngettext(
            "“%(deck)s”: %(ready)s of %(total)s stories are dealt in new games (a game needs %(needed)s). "
            "New tables cannot start until more stories are approved.",
            "“%(deck)s”: %(ready)s of %(total)s stories are dealt in new games (a game needs %(needed)s). "
            "New tables cannot start until more stories are approved.",
            total,
        )
    text %= said
    return {"ok": ok, "text": text, "deck": deck}


def why_not_dealt(story: Story) -> list[str]:
    """Why new games do not deal this story, in words for the team; empty when they do. A story is
    dealt when its live version (the story and four cards as last approved) is in the live deck, and
    that deck has the stories a game needs; an edit in review keeps the approved version dealt."""
    found = live.live_story(story)
    if found is not None:
        deck = Deck.objects.get(pk=found.record.deck_id)
        if not deck.is_live_at(timezone.now()):
            return [_("its deck “%(deck)s” is not the live deck") % {"deck": deck.name}]
        ready = count_dealable(deck)
        if ready < MIN_DEALABLE:
            # English says "stories" even for one (as it always has); ngettext lets others count.
            words = ngettext(
                "its deck has %(ready)s dealable stories and needs %(needed)s",
                "its deck has %(ready)s dealable stories and needs %(needed)s",
                ready,
            )
            return [words % {"ready": ready, "needed": MIN_DEALABLE}]
        return []
    cards = in_kind_order(story.cards.all())
    never = [
        s for s in [story, *cards] if s.status != Status.APPROVED and revisions.approved_revision(s) is None
    ]
    reasons = [
        _("%(item)s is %(status)s and was never approved")
        % {"item": subject_label(s), "status": s.get_status_display().lower()}
        for s in never
    ]
    if len(cards) < len(Kind):
        reasons.append(_("it has %(have)s of its %(all)s cards") % {"have": len(cards), "all": len(Kind)})
    return reasons or [_("its approved version is not complete: it lacks a card that was approved here")]
