"""The engine's names: phases, seat roles and card kinds as enums, the state and moves as typed dicts.

The state stays plain JSON data: an enum member is a str (or int) equal to what the JSON holds, so
`state["phase"] == Phase.WELL` reads the stored text and a member can be stored as it is.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any, TypedDict

SeatId = int  # 1-based seat number
StoryId = int  # 1-based story position in the deck
CardId = int  # (story - 1) * 4 + card kind
Event = dict[str, Any]
Option = tuple  # a legal move in light form: (name, *its int fields in declared order)


class Phase(StrEnum):
    """The moment of the game: whose decision it is and what kind."""

    NEXT = "next"  # between turns: the next seat's turn starts
    ASKING = "ask"  # a person may ask (or knock, seal, pass, Done once asked)
    WELL = "well"  # a person was told no and must go to the Well
    ENDING = "ending"  # a person's turn can only end (after knocking, sealing or passing)
    WORD = "word"  # a person must answer a Remember the Word question
    GIFT = "gift"  # a helper owes a gift
    OVER = "over"


class SeatRole(StrEnum):
    """Who plays a seat: a scoring person, JagAI, or an approved agent."""

    PERSON = "person"
    HELPER = "helper"
    AGENT = "agent"


class CardKind(IntEnum):
    """The four cards of a story, in their order (R16); the card id's remainder by 4."""

    PERSON_CARD = 0
    PLACE = 1
    MOMENT = 2
    WORD = 3

    @property
    def label(self) -> str:
        """The kind as the deck's card content names it ("person", "place", "moment", "word")."""
        return _CARD_LABELS[self]


_CARD_LABELS = ("person", "place", "moment", "word")


class EndReason(StrEnum):
    """Why a game ended (R20, R21, R23, house ruling 12)."""

    TWELVE_STONES = "twelve_stones"
    NO_MORE_STONES = "no_more_stones"
    NO_PERSONS_LEFT = "no_persons_left"
    ENDED_BY_HOST = "ended_by_host"
    QUICK_GOAL = "quick_goal"  # V2: a person (or team) laid the Quick game's stones


class Question(TypedDict):
    """A pending Remember the Word question (R11); `answer` indexes `choices`."""

    story: StoryId
    text: str
    choices: list[str]
    answer: int
    seat: SeatId


class Owed(TypedDict):
    """The gift a helper owes now (R15)."""

    recipient: SeatId
    count: int


class Over(TypedDict):
    reason: str  # EndReason


class Reading(TypedDict):
    """What seats reading one language other than English read of the deck (R43)."""

    verses: list[str | None]  # the Word card verse in that language's Bible, by story position
    names: list[str]  # the names of that language's titles, for wrong-word choices


class State(TypedDict):
    """A whole game, as plain JSON data. Only game/engine reads these keys; others use accessors.

    Rows of the logs are lists, so they round-trip through JSON unchanged:
    stones [seat, story, cards], asks [seat, target, story, count, cards (from rules 2)],
    gifts [giver, recipient, card, reason], passes [seat, partner].

    Some games hold more keys, which the others never had, so their states stay as they were:
    options (V1-V3, when not the standard ones), back and returns (R40), and, when a seat reads
    another language than English (R43), languages (one code a seat) and read (language -> Reading),
    and, when the server chose a word to blank for some seat (R44), focus (one map a seat, story
    position as text -> word, {} for none; focus.Focus).
    """

    version: int  # the rules version the game is played by (rules.RULES)
    seed: int
    rng: int  # how many random choices were drawn from the seed so far
    word: bool  # Remember the Word on
    teams: bool
    verses: list[str | None]  # Word card verse by story position
    names: list[str]  # the deck's proper names, for wrong-word choices
    kinds: list[str]  # SeatRole by seat, now
    original: list[str]  # SeatRole by seat, at the deal
    hands: list[list[CardId]]  # sorted
    well: list[CardId]  # drawn from the end
    stones: list[list[Any]]
    points: list[int]
    bonus: list[int]  # points from right words
    received: list[int]  # gifts received
    kept: list[int]  # gifts a helper kept for its next turn
    timeouts: list[int]  # turns in a row lost to the clock
    turn: SeatId  # 0 before the first turn
    phase: str  # Phase
    asked: bool  # asked at least once this turn
    ask_story: StoryId | None  # the story of the last "no", until the Well is visited
    passed: bool  # passed to the partner this turn
    resume: str | None  # the Phase to go back to after a question
    question: Question | None
    owed: Owed | None
    asks: list[list[Any]]
    gifts: list[list[Any]]
    passes: list[list[int]]
    turns: int
    over: Over | None


class AskArgs(TypedDict):
    seat: SeatId
    story: StoryId


class StoryArgs(TypedDict):
    story: StoryId


class CardArgs(TypedDict):
    card: CardId


class ChoiceArgs(TypedDict):
    choice: int


class SeatArgs(TypedDict):
    seat: SeatId


class NoArgs(TypedDict):
    pass


# A move is {name: args}, e.g. {"ask": {"seat": 2, "story": 7}}; rules.MOVES declares every name.
Move = dict[str, AskArgs | StoryArgs | CardArgs | ChoiceArgs | SeatArgs | NoArgs]
