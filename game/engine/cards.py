"""Card ids: a story's position and a card kind packed in one int, (story - 1) * 4 + kind."""

from __future__ import annotations

from .types import CardId, CardKind, StoryId

MIN_STORIES = 8
HAND_SIZE = 5
STONES_TO_END = 12


def story_of(card: CardId) -> StoryId:
    """The story position (1-based) a card belongs to."""
    return card // 4 + 1


def kind_of(card: CardId) -> CardKind:
    """Person, Place, Moment or Word."""
    return CardKind(card % 4)


def is_word(card: CardId) -> bool:
    """Whether a card is a story's Word card (R11)."""
    return card % 4 == CardKind.WORD


def card_id(story: StoryId, kind: int) -> CardId:
    """The card id of one kind of one story."""
    return (story - 1) * 4 + kind


def story_cards(story: StoryId) -> range:
    """All four card ids of a story, in kind order."""
    base = (story - 1) * 4
    return range(base, base + 4)


def cards_of_story(hand: list[CardId], story: StoryId) -> list[CardId]:
    """The cards of one story in a (sorted) hand, in kind order."""
    base = (story - 1) * 4
    return [c for c in hand if base <= c < base + 4]


def missing_card(story: StoryId, cards: list[CardId]) -> CardId:
    """The card an open stone of three lacks."""
    base = (story - 1) * 4
    for card in range(base, base + 4):
        if card not in cards:
            return card
    raise ValueError(f"the stone of story {story} is not open")


def stories_in(hand: list[CardId]) -> list[StoryId]:
    """The stories a sorted hand holds, ascending, each once."""
    return list(story_counts(hand))


def story_counts(hand: list[CardId]) -> dict[StoryId, int]:
    """Story -> how many of its cards a sorted hand holds, stories ascending."""
    out: dict[StoryId, int] = {}
    for card in hand:
        story = card // 4 + 1  # story_of(card), written out: this runs for every card of every listing
        out[story] = out.get(story, 0) + 1
    return out
