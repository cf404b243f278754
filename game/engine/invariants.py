"""Invariants that hold after every move; shared by the tests and the simulator."""

from __future__ import annotations

from functools import lru_cache

from .cards import STONES_TO_END
from .flow import PERSON_PHASES
from .legal import legal_moves
from .state import State, seat_count


def violations(state: State, moves: list[dict] | None = None) -> list[str]:
    """Every broken invariant, as short messages; empty when all hold.

    `moves` may pass legal_moves(state, state["turn"]) when the caller already has them.
    """
    out: list[str] = []
    out += _cards(state)
    out += _to_move(state, moves)
    out += _points(state)
    out += _stones(state)
    out += _question(state)
    return out


def _cards(state: State) -> list[str]:
    """Every card exactly once in hands, the Well and the stones."""
    seen = set(state["well"])
    count = len(state["well"])
    for held in state["hands"]:
        seen.update(held)
        count += len(held)
    for stone in state["stones"]:
        seen.update(stone[2])
        count += len(stone[2])
    every = _every_card(4 * len(state["verses"]))
    if count != len(every) or seen != every:
        return ["cards are not each in exactly one place"]
    return []


@lru_cache(maxsize=8)
def _every_card(total: int) -> frozenset[int]:
    """All card ids of a deck with `total` cards."""
    return frozenset(range(total))


def _to_move(state: State, moves: list[dict] | None) -> list[str]:
    """Exactly one seat decides now, unless the game is over."""
    turn = state["turn"]
    movers = [
        s
        for s in range(1, seat_count(state) + 1)
        if (moves if s == turn and moves is not None else legal_moves(state, s))
    ]
    if state["over"] is not None:
        return [] if not movers and state["phase"] == "over" else ["moves offered after the end"]
    if movers != [state["turn"]]:
        return [f"seats to move: {movers}"]
    kind = state["kinds"][state["turn"] - 1]
    if (kind == "person") != (state["phase"] in PERSON_PHASES):
        return ["the phase does not fit the seat to move"]
    if kind == "agent" and (state["phase"] != "gift" or state["owed"] is None):
        return ["an agent is to move with nothing owed"]
    return []


def _points(state: State) -> list[str]:
    """Person points are stones plus word bonuses; helpers have none."""
    out = []
    from_stones = [0] * seat_count(state)
    for owner, _story, cards in state["stones"]:
        from_stones[owner - 1] += 4 if len(cards) == 4 else 2
    for i, kind in enumerate(state["kinds"]):
        points, bonus = state["points"][i], state["bonus"][i]
        if kind != "person":
            if points or bonus:
                out.append(f"helper seat {i + 1} has points")
        elif points != from_stones[i] + bonus:
            out.append(f"seat {i + 1} points do not add up")
    return out


def _stones(state: State) -> list[str]:
    """Stones: at most 12, 3 or 4 cards of one story each, one stone a story, laid by persons."""
    out = []
    stones = state["stones"]
    if len(stones) > STONES_TO_END:
        out.append("more than 12 stones")
    if len({story for _o, story, _c in stones}) != len(stones):
        out.append("two stones of one story")
    for owner, story, cards in stones:
        low = (story - 1) * 4
        if len(cards) not in (3, 4) or cards[0] < low or cards[-1] >= low + 4:
            out.append(f"bad stone of story {story}")
        if state["original"][owner - 1] != "person":
            out.append(f"helper seat {owner} laid a stone")
    return out


def _question(state: State) -> list[str]:
    """A question is pending exactly in the word phase, for the seat to move, with 3 choices."""
    question = state["question"]
    if (question is not None) != (state["phase"] == "word"):
        return ["question and phase disagree"]
    if question is None:
        return []
    lowered = {c.lower() for c in question["choices"]}
    if question["seat"] != state["turn"] or len(lowered) != 3 or question["answer"] not in (0, 1, 2):
        return ["bad question"]
    return []
