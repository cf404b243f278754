"""Invariants that hold after every move; shared by the tests and the simulator."""

from __future__ import annotations

from .cards import STONES_TO_END
from .flow import PERSON_PHASES
from .moves import legal_options
from .rules import check_options, variant_of
from .scoring import quick_goal_reached, result
from .types import AGENT, GIFT, OVER, PERSON, WELL, WORD, EndReason, State


def violations(state: State, moves: list | None = None) -> list[str]:
    """Every broken invariant, as short messages; empty when all hold.

    `moves` may pass legal_options(state, state["turn"]) when the caller has them.
    """
    cards, stones = _cards_and_stones(state)
    out = cards + _to_move(state, moves) + stones + _question(state)
    if "options" in state:
        out += _options(state)
    return out


def _options(state: State) -> list[str]:
    """V1-V3: the options are well formed and the game keeps to them."""
    options = state["options"]
    try:
        if check_options(options, state["original"].count(PERSON), state["teams"]) != options:
            return ["table options are not complete"]
    except ValueError as bad:
        return [f"bad table options: {bad}"]
    if options["read_aloud"] and (state["word"] or state["question"] is not None):
        return ["a question with Read aloud on"]
    over = state["over"]
    if over is None and state["question"] is None and quick_goal_reached(state):
        return ["the Quick game runs on past its goal"]
    if over is not None and over["reason"] == EndReason.QUICK_GOAL and not quick_goal_reached(state):
        return ["the Quick game ended before its goal"]
    if variant_of(state).together:
        outcome = result(state)
        if outcome is not None and bool(outcome["winners"]) != (over["reason"] == EndReason.TWELVE_STONES):
            return ["Together is won exactly when the circle is filled"]
    return []


def _cards_and_stones(state: State) -> tuple[list[str], list[str]]:
    """One pass: each card once; stones of 3-4 cards of one story, one a story, by persons; points."""
    out: list[str] = []
    stones = state["stones"]
    original = state["original"]
    if len(stones) > STONES_TO_END:
        out.append("more than 12 stones")
    seen = list(state["well"])
    for held in state["hands"]:
        seen += held
    from_stones = [0] * len(state["kinds"])
    stories = set()
    for owner, story, cards in stones:
        seen += cards
        stories.add(story)
        low = (story - 1) * 4
        size = len(cards)
        if size not in (3, 4) or cards[0] < low or cards[-1] >= low + 4:
            out.append(f"bad stone of story {story}")
        if original[owner - 1] != PERSON:
            out.append(f"helper seat {owner} laid a stone")
        from_stones[owner - 1] += 4 if size == 4 else 2
    if len(stories) != len(stones):
        out.append("two stones of one story")
    _points(state, from_stones, out)
    return _each_card_once(state, seen), out


def _each_card_once(state: State, seen: list) -> list[str]:
    """The cards found on the table are exactly 0..N-1, each once."""
    try:
        seen.sort()  # a permutation of 0..N-1 sorts to exactly 0..N-1
    except TypeError:  # a card that is not a number
        return [_CARDS_MISPLACED]
    total = 4 * len(state["verses"])
    every = _EVERY.get(total) or _EVERY.setdefault(total, list(range(total)))
    return [] if seen == every else [_CARDS_MISPLACED]


def _points(state: State, from_stones: list[int], out: list[str]) -> None:
    """Person points are their stones plus word bonuses; helpers have none."""
    points, bonus = state["points"], state["bonus"]
    for i, kind in enumerate(state["kinds"]):
        if kind != PERSON:
            if points[i] or bonus[i]:
                out.append(f"helper seat {i + 1} has points")
        elif points[i] != from_stones[i] + bonus[i]:
            out.append(f"seat {i + 1} points do not add up")


_CARDS_MISPLACED = "cards are not each in exactly one place"
# Deck size -> its card ids in order; never mutated.
_EVERY: dict[int, list[int]] = {}


def _to_move(state: State, moves: list | None) -> list[str]:
    """Exactly one seat decides now, unless the game is over."""
    turn = state["turn"]
    movers = []
    for s in range(1, len(state["kinds"]) + 1):
        if moves if s == turn and moves is not None else legal_options(state, s):
            movers.append(s)
    if state["over"] is not None:
        return [] if not movers and state["phase"] == OVER else ["moves offered after the end"]
    if movers != [state["turn"]]:
        return [f"seats to move: {movers}"]
    kind = state["kinds"][state["turn"] - 1]
    if (kind == PERSON) != (state["phase"] in PERSON_PHASES):
        return ["the phase does not fit the seat to move"]
    if kind == AGENT and (state["phase"] != GIFT or state["owed"] is None):
        return ["an agent is to move with nothing owed"]
    if state["owed"] is not None and state["kinds"][state["owed"]["recipient"] - 1] != PERSON:
        return ["a gift is owed to a seat that is not a person"]
    return []


def _question(state: State) -> list[str]:
    """A question is pending exactly in the word phase, for the seat to move, with 3 choices."""
    question = state["question"]
    if (question is not None) != (state["phase"] == WORD):
        return ["question and phase disagree"]
    if state["phase"] == WELL and not state["well"]:
        return ["the Well is to be visited but is empty"]
    if question is None:
        return []
    lowered = {c.lower() for c in question["choices"]}
    if question["seat"] != state["turn"] or len(lowered) != 3 or question["answer"] not in (0, 1, 2):
        return ["bad question"]
    return []
