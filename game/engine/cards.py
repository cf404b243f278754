"""Card ids: story position and kind packed in one int."""

from __future__ import annotations

KINDS = ("person", "place", "moment", "word")
WORD = 3
MIN_STORIES = 8
HAND_SIZE = 5
STONES_TO_END = 12


def story_of(card: int) -> int:
    """The story position (1-based) a card belongs to."""
    return card // 4 + 1


def kind_of(card: int) -> int:
    """0 person, 1 place, 2 moment, 3 word."""
    return card % 4


def card_id(story: int, kind: int) -> int:
    """The card id of one kind of one story."""
    return (story - 1) * 4 + kind


def story_cards(story: int) -> list[int]:
    """All four card ids of a story, in kind order."""
    base = (story - 1) * 4
    return [base, base + 1, base + 2, base + 3]


def cards_of_story(hand: list[int], story: int) -> list[int]:
    """The cards of one story in a hand, in kind order."""
    return [c for c in hand if c // 4 + 1 == story]
