"""The game state as plain JSON data: the deal, a copy for moves, and the accessors everyone reads it by."""

from __future__ import annotations

import json
import random
from typing import Any

from .cards import MIN_STORIES, missing_card, story_of
from .errors import DeckTooSmall
from .focus import check_focus
from .rules import STANDARD_OPTIONS, check_options, hand_size
from .types import CardId, CardKind, Phase, Question, Reading, SeatId, SeatRole, State, StoryId
from .word_lists import ENGLISH, LANGUAGES
from .words import in_language, title_names

# The rules version new games are dealt with; rules.RULES says what each version means.
RULES_VERSION = 3


def new_game(
    deck: list[dict],
    seats: list[str],
    *,
    seed: int,
    remember_word: bool,
    teams: bool,
    options: dict | None = None,
    languages: list[str] | None = None,
    focus: list[dict[str, str] | None] | None = None,
) -> State:
    """Deal a new game (R1-R4): shuffle by the seed, 5 cards a seat (V1, V2: 7 or 3), the rest is the Well.
    `languages`: the language each seat reads (R43), None when every seat reads English.
    `focus`: R44, one entry a seat (None or {} for none): story position (as text) -> the word its
    Remember the Word question blanks, in the language the seat reads."""
    check_seats(seats, teams)
    languages = check_languages(languages, len(seats))
    verses, names = table_of(deck)
    return deal(
        verses,
        names,
        seats,
        seed=seed,
        remember_word=remember_word,
        teams=teams,
        options=options,
        languages=languages,
        read=readings_of(deck, languages),
        focus=focus,
    )


def table_of(deck: list[dict]) -> tuple[list[str | None], list[str]]:
    """What a deal needs from a deck (verses by position, names); lets many deals share the work."""
    return _verses(deck), title_names(deck)


def readings_of(deck: list[dict], languages: list[str] | None) -> dict[str, Reading]:
    """What a deal needs from a deck for the seats that read another language than English (R43):
    each such language's verses by position and its names. Many deals may share it, as table_of."""
    return {
        language: {"verses": _verses(deck, language), "names": title_names(deck, language)}
        for language in _others(languages)
    }


def deal(
    verses: list[str | None],
    names: list[str],
    seats: list[str],
    *,
    seed: int,
    remember_word: bool,
    teams: bool,
    options: dict | None = None,
    languages: list[str] | None = None,
    read: dict[str, Reading] | None = None,
    focus: list[dict[str, str] | None] | None = None,
) -> State:
    """new_game() from checked seats, a deck's table_of() and, when a seat reads another language,
    the deck's readings_of() those languages; `focus` as new_game() takes it (R44)."""
    options = check_options(options or {}, seats.count(SeatRole.PERSON), teams)
    languages = check_languages(languages, len(seats))
    chosen = check_focus(focus, len(seats), len(verses))
    size = hand_size(options)
    cards = list(range(4 * len(verses)))
    if size * len(seats) >= len(cards):
        raise DeckTooSmall(f"this deck has too few cards to deal {size} to each of {len(seats)} seats")
    random.Random(seed).shuffle(cards)
    hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(len(seats))]
    n = len(seats)
    state: State = {
        "version": RULES_VERSION,
        "seed": seed,
        "rng": 0,
        # V1: Read the verse together (read_aloud) shows the verse instead of the question.
        "word": bool(remember_word) and not options["read_aloud"],
        "teams": bool(teams),
        "verses": list(verses),
        "names": list(names),
        "kinds": [str(kind) for kind in seats],
        "original": [str(kind) for kind in seats],
        "hands": hands,
        "well": cards[n * size :],
        "stones": [],
        "points": [0] * n,
        "bonus": [0] * n,
        "received": [0] * n,
        "kept": [0] * n,
        "timeouts": [0] * n,
        "turn": 0,
        "phase": Phase.NEXT,
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
    if options != STANDARD_OPTIONS:
        state["options"] = options  # V1-V3; a standard game's state stays as it was
    if languages is not None:
        # R43; a game where every seat reads English stays as it was.
        state["languages"] = languages
        state["read"] = _read(languages, read or {}, len(verses))
    if chosen is not None:
        state["focus"] = chosen  # R44; a game with no word chosen for any seat stays as it was
    return state


def check_seats(seats: list[str], teams: bool) -> None:
    """Seats: 4 or 5, known roles, seat 1 the host (a person); teams are exactly four people."""
    if len(seats) not in (4, 5):
        raise ValueError("a table has 4 or 5 seats")
    if any(kind not in SeatRole._value2member_map_ for kind in seats):
        raise ValueError("a seat is a person, a helper or an agent")
    if seats[0] != SeatRole.PERSON:
        raise ValueError("seat 1 is the host, a person")
    if teams and list(seats) != [SeatRole.PERSON] * 4:
        raise ValueError("teams are exactly four people and no helper")


def check_languages(languages: list[str] | None, seats: int) -> list[str] | None:
    """What each seat reads (R43): one known language a seat. None when every seat reads English,
    for such a game's state is the one it was before seats could read other languages."""
    if languages is None:
        return None
    if len(languages) != seats or any(language not in LANGUAGES for language in languages):
        raise ValueError(f"each seat reads one of {', '.join(LANGUAGES)}")
    return list(languages) if _others(languages) else None


def _others(languages: list[str] | None) -> list[str]:
    """The languages other than English that seats read, in a fixed order."""
    return sorted(set(languages or ()) - {ENGLISH})


def _read(languages: list[str], read: dict[str, Reading], stories: int) -> dict[str, Reading]:
    """A copy of the readings a deal keeps: each language a seat reads, other than English."""
    out = {}
    for language in _others(languages):
        reading = read.get(language)
        if reading is None or len(reading["verses"]) != stories:
            raise ValueError(f"the deal needs the deck's readings_of() {language}")
        out[language] = {"verses": list(reading["verses"]), "names": list(reading["names"])}
    return out


def _verses(deck: list[dict], language: str = ENGLISH) -> list[str | None]:
    """The Word card verse of each story, by position; the only card text the rules need. In
    another language, the story's verse in that language's Bible, or the English one if it has none."""
    if len(deck) < MIN_STORIES:
        raise DeckTooSmall(f"a deck needs at least {MIN_STORIES} stories, this one has {len(deck)}")
    ordered = sorted(deck, key=lambda story: story["position"])
    if [story["position"] for story in ordered] != list(range(1, len(deck) + 1)):
        raise ValueError("story positions must be 1..S")
    verses: list[str | None] = []
    for story in ordered:
        words = [c for c in story["cards"] if c["kind"] == CardKind.WORD.label]
        english = words[0].get("verse_text") if words else None
        verses.append((in_language(story, language).get("verse") or {}).get("text") or english)
    return verses


def clone(state: State) -> State:
    """A copy that no move on it can change the original through: every list and dict is copied."""
    return {key: _copy(value) for key, value in state.items()}  # type: ignore[return-value]


def _copy(value: Any) -> Any:
    """A copy of JSON data; strings and numbers are immutable and shared."""
    kind = type(value)
    if kind is list:
        return [_copy(item) if type(item) in _CONTAINERS else item for item in value]
    if kind is dict:
        return {key: _copy(item) for key, item in value.items()}
    return value


_CONTAINERS = (list, dict)


def to_json(state: State) -> str:
    """Compact JSON text of a state."""
    return json.dumps(state, separators=(",", ":"))


def from_json(text: str) -> State:
    """A state from its JSON text."""
    return json.loads(text)


# Accessors: what the services, broadcast, moderation and the simulator read a state by.


def rules_version(state: State) -> int:
    """The rules version the game is played by (1: before R34-R37)."""
    return state["version"]


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state["over"] is not None


def end_reason(state: State) -> str | None:
    """Why the game ended (an EndReason value), or None while it runs."""
    over = state["over"]
    return over["reason"] if over is not None else None


def turn_number(state: State) -> int:
    """How many turns have begun so far: it changes exactly when the turn passes to another seat."""
    return state["turns"]


def current_seat(state: State) -> SeatId:
    """The seat whose turn it is (0 before the first turn)."""
    return state["turn"]


def phase(state: State) -> Phase:
    """The moment of the game."""
    return Phase(state["phase"])


def seat_count(state: State) -> int:
    """How many seats the table has."""
    return len(state["kinds"])


def seat_role(state: State, seat: SeatId) -> SeatRole:
    """Who plays a seat now: a person, JagAI (helper) or an agent."""
    return SeatRole(state["kinds"][seat - 1])


def seat_roles(state: State) -> list[SeatRole]:
    """Every seat's role now, in seat order."""
    return [SeatRole(kind) for kind in state["kinds"]]


def is_coming_back(state: State, seat: SeatId) -> bool:
    """R40: the host let the seat's member back in; it is theirs again from its next turn."""
    return seat in state.get("back", ())


def times_back(state: State, seat: SeatId) -> int:
    """R40: how many times the host has let the seat's member back in this game."""
    returns = state.get("returns")
    return returns[seat - 1] if returns else 0


def is_theirs(state: State, seat: SeatId) -> bool:
    """Whether a seat is (still, or again by R40) its person's or agent's, not JagAI's for good."""
    return state["kinds"][seat - 1] != SeatRole.HELPER or is_coming_back(state, seat)


def is_person(state: State, seat: SeatId) -> bool:
    """Whether a seat is (still) a scoring person."""
    return state["kinds"][seat - 1] == SeatRole.PERSON


def persons(state: State) -> list[SeatId]:
    """The seats that are persons, in seat order."""
    person = SeatRole.PERSON  # read once: a member read costs more than the comparison on Python 3.11
    return [i + 1 for i, kind in enumerate(state["kinds"]) if kind == person]


def partner(state: State, seat: SeatId) -> SeatId | None:
    """The person partner of a seat in teams, or None (no teams, or taken over)."""
    if not state["teams"]:
        return None
    other = (seat + 1) % 4 + 1
    if is_person(state, seat) and is_person(state, other):
        return other
    return None


def team_of(seat: SeatId) -> int:
    """Team 1 is seats 1 and 3, team 2 is seats 2 and 4 (R4)."""
    return 1 if seat % 2 == 1 else 2


def hand(state: State, seat: SeatId) -> list[CardId]:
    """A seat's hand, sorted (the live list: callers outside the engine must not change it)."""
    return state["hands"][seat - 1]


def holds_story(state: State, seat: SeatId, story: StoryId) -> bool:
    """Whether a seat holds at least one card of a story."""
    return any(story_of(c) == story for c in state["hands"][seat - 1])


def story_count(state: State) -> int:
    """How many stories the deck has."""
    return len(state["verses"])


def well_size(state: State) -> int:
    """How many cards the Well holds."""
    return len(state["well"])


def stone_count(state: State) -> int:
    """How many stones are laid (R20)."""
    return len(state["stones"])


def laid_stories(state: State) -> dict[StoryId, SeatId]:
    """Story position -> the seat that laid its stone."""
    return {story: owner for owner, story, _cards in state["stones"]}


def open_stone_gaps(state: State) -> dict[SeatId, list[CardId]]:
    """Seat -> the missing card of each open stone it laid, oldest first."""
    out: dict[SeatId, list[CardId]] = {}
    for owner, story, cards in state["stones"]:
        if len(cards) == 3:
            out.setdefault(owner, []).append(missing_card(story, cards))
    return out


def reads_in(state: State, seat: SeatId) -> str:
    """R43: the language a seat reads its verses in (English unless dealt otherwise)."""
    languages = state.get("languages")
    return languages[seat - 1] if languages else ENGLISH


def reading(state: State, seat: SeatId) -> tuple[str, list[str | None], list[str]]:
    """R43: the language a seat reads, with the verses and names of its Bible (English's unless
    the table was dealt with the seat reading another)."""
    languages = state.get("languages")
    language = languages[seat - 1] if languages else ENGLISH
    if language == ENGLISH:
        return language, state["verses"], state["names"]
    read = state["read"][language]
    return language, read["verses"], read["names"]


def pending_question(state: State) -> Question | None:
    """The Remember the Word question waiting for an answer, or None."""
    return state["question"]


def add_to_hand(state: State, seat: SeatId, cards: list[CardId]) -> None:
    """Put cards into a hand, keeping it sorted."""
    held = state["hands"][seat - 1]
    held.extend(cards)
    held.sort()


def next_rng(state: State) -> random.Random:
    """A fresh generator for the next random choice, reproducible from seed and position."""
    # Integer seeding is stable across Python runs and much cheaper than hashing a string.
    rng = random.Random(state["seed"] * 1_000_003 + state["rng"])
    state["rng"] += 1
    return rng
