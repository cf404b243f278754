"""The game state as plain JSON data, the deal, and small accessors."""

from __future__ import annotations

import json
import random
from typing import Any

from .cards import HAND_SIZE, MIN_STORIES, story_of
from .errors import DeckTooSmall
from .words import title_names

State = dict[str, Any]
SEAT_KINDS = ("person", "helper", "agent")
STATE_VERSION = 1
# Lists inside the state that moves change; clone() copies exactly these.
_MUTABLE_LISTS = (
    "well",
    "stones",
    "points",
    "bonus",
    "received",
    "kept",
    "timeouts",
    "kinds",
    "asks",
    "gifts",
    "passes",
)


def new_game(deck: list[dict], seats: list[str], *, seed: int, remember_word: bool, teams: bool) -> State:
    """Deal a new game (R1-R4): shuffle by the seed, 5 cards a seat, the rest is the Well."""
    check_seats(seats, teams)
    verses = _verses(deck)
    return deal(verses, title_names(deck), seats, seed=seed, remember_word=remember_word, teams=teams)


def table_of(deck: list[dict]) -> tuple[list[str | None], list[str]]:
    """What a deal needs from a deck (verses by position, names); lets many deals share the work."""
    return _verses(deck), title_names(deck)


def deal(
    verses: list[str | None],
    names: list[str],
    seats: list[str],
    *,
    seed: int,
    remember_word: bool,
    teams: bool,
) -> State:
    """new_game() from checked seats and a deck's table_of()."""
    cards = list(range(4 * len(verses)))
    random.Random(seed).shuffle(cards)
    hands = [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(len(seats))]
    n = len(seats)
    return {
        "version": STATE_VERSION,
        "seed": seed,
        "rng": 0,
        "word": bool(remember_word),
        "teams": bool(teams),
        "verses": list(verses),
        "names": list(names),
        "kinds": list(seats),
        "original": list(seats),
        "hands": hands,
        "well": cards[n * HAND_SIZE :],
        "stones": [],
        "points": [0] * n,
        "bonus": [0] * n,
        "received": [0] * n,
        "kept": [0] * n,
        "timeouts": [0] * n,
        "turn": 0,
        "phase": "next",
        "asked": False,
        "ask_story": None,
        "passed": False,
        "resume": None,
        "question": None,
        "owed": None,
        "asks": [],
        "gifts": [],
        "passes": [],
        "turns": 0,
        "over": None,
    }


def check_seats(seats: list[str], teams: bool) -> None:
    """Seats: 4 or 5, known kinds, seat 1 the host (a person); teams are exactly four people."""
    if len(seats) not in (4, 5):
        raise ValueError("a table has 4 or 5 seats")
    if any(kind not in SEAT_KINDS for kind in seats):
        raise ValueError("a seat is a person, a helper or an agent")
    if seats[0] != "person":
        raise ValueError("seat 1 is the host, a person")
    if teams and seats != ["person"] * 4:
        raise ValueError("teams are exactly four people and no helper")


def _verses(deck: list[dict]) -> list[str | None]:
    """The Word card verse of each story, by position; the only card text the rules need."""
    if len(deck) < MIN_STORIES:
        raise DeckTooSmall(f"a deck needs at least {MIN_STORIES} stories, this one has {len(deck)}")
    ordered = sorted(deck, key=lambda story: story["position"])
    if [story["position"] for story in ordered] != list(range(1, len(deck) + 1)):
        raise ValueError("story positions must be 1..S")
    verses: list[str | None] = []
    for story in ordered:
        words = [c for c in story["cards"] if c["kind"] == "word"]
        verses.append(words[0].get("verse_text") if words else None)
    return verses


def clone(state: State) -> State:
    """A copy deep enough that moves on it never touch the original.

    Log entries and stones are never mutated in place (they are replaced),
    so copying the outer lists is enough and much cheaper than deepcopy.
    """
    new = dict(state)
    for key in _MUTABLE_LISTS:
        new[key] = list(state[key])
    new["hands"] = [list(hand) for hand in state["hands"]]
    return new


def to_json(state: State) -> str:
    """Compact JSON text of a state."""
    return json.dumps(state, separators=(",", ":"))


def from_json(text: str) -> State:
    """A state from its JSON text."""
    return json.loads(text)


def seat_count(state: State) -> int:
    """How many seats the table has."""
    return len(state["kinds"])


def is_person(state: State, seat: int) -> bool:
    """Whether a seat is (still) a scoring person."""
    return state["kinds"][seat - 1] == "person"


def persons(state: State) -> list[int]:
    """The seats that are persons, in seat order."""
    return [i + 1 for i, kind in enumerate(state["kinds"]) if kind == "person"]


def partner(state: State, seat: int) -> int | None:
    """The person partner of a seat in teams, or None (no teams, or taken over)."""
    if not state["teams"]:
        return None
    other = (seat + 1) % 4 + 1
    if is_person(state, seat) and is_person(state, other):
        return other
    return None


def team_of(seat: int) -> int:
    """Team 1 is seats 1 and 3, team 2 is seats 2 and 4 (R4)."""
    return 1 if seat % 2 == 1 else 2


def hand(state: State, seat: int) -> list[int]:
    """A seat's hand (the live list)."""
    return state["hands"][seat - 1]


def add_to_hand(state: State, seat: int, cards: list[int]) -> None:
    """Put cards into a hand, keeping it sorted."""
    held = state["hands"][seat - 1]
    held.extend(cards)
    held.sort()


def holds_story(state: State, seat: int, story: int) -> bool:
    """Whether a seat holds at least one card of a story."""
    return any(story_of(c) == story for c in state["hands"][seat - 1])


def story_count(state: State) -> int:
    """How many stories the deck has."""
    return len(state["verses"])


def next_rng(state: State) -> random.Random:
    """A fresh generator for the next random choice, reproducible from seed and position."""
    # Integer seeding is stable across Python runs and much cheaper than hashing a string.
    rng = random.Random(state["seed"] * 1_000_003 + state["rng"])
    state["rng"] += 1
    return rng
