"""Move shapes, and every move a seat may make now."""

from __future__ import annotations

from typing import Any

from .errors import IllegalMove
from .state import State, partner

# Move name -> its integer fields.
SHAPES: dict[str, tuple[str, ...]] = {
    "ask": ("seat", "story"),
    "well": (),
    "knock": ("story",),
    "seal": ("story",),
    "done": (),
    "answer": ("choice",),
    "pass": ("card",),
    "give": ("card",),
}
SERVER_SHAPES: dict[str, tuple[str, ...]] = {
    "timeout": (),
    "takeover": ("seat",),
    "agent_timeout": (),
    "end": (),
}


def parse(move: Any, shapes: dict[str, tuple[str, ...]]) -> tuple[str, dict[str, int]]:
    """Check a move's shape: one known name, a dict of exactly its int fields."""
    if not isinstance(move, dict) or len(move) != 1:
        raise IllegalMove("malformed_move")
    name, args = next(iter(move.items()))
    fields = shapes.get(name)
    if fields is None or type(args) is not dict or len(args) != len(fields):
        raise IllegalMove("malformed_move")
    for field in fields:
        # bool is an int subclass; a move's numbers are plain ints only.
        if type(args.get(field)) is not int:
            raise IllegalMove("malformed_move")
    return name, args


# A legal move in light form: (name, *its int fields in SHAPES order), e.g. ("ask", 2, 7).
Option = tuple
_WELL: Option = ("well",)
_DONE: Option = ("done",)
_ANSWERS: list[Option] = [("answer", i) for i in range(3)]


def as_move(option: Option) -> dict:
    """The move dict of a light option: ("ask", 2, 7) -> {"ask": {"seat": 2, "story": 7}}."""
    name = option[0]
    fields = SHAPES[name]
    if len(fields) == 1:
        return {name: {fields[0]: option[1]}}
    return {name: dict(zip(fields, option[1:], strict=True))}


def legal_moves(state: State, seat: int) -> list[dict]:
    """Every move the seat may make now; empty when it is not that seat's decision."""
    return [as_move(option) for option in legal_options(state, seat)]


def legal_options(state: State, seat: int) -> list[Option]:
    """legal_moves in light form, same moves in the same order; the one source of both."""
    if state["over"] is not None or state["turn"] != seat:
        return []
    kind = state["kinds"][seat - 1]
    if kind != "person":
        if kind == "agent" and state["phase"] == "gift":
            return [("give", c) for c in state["hands"][seat - 1]]
        return []
    phase = state["phase"]
    if phase == "word":
        return list(_ANSWERS)
    held = state["hands"][seat - 1]
    mate = partner(state, seat) if state["teams"] else None
    stories, knocks = _stories_and_knocks(held)
    if phase == "ask":
        options = _asks(state, seat, mate, stories)
        if state["asked"]:
            options.append(_DONE)
    else:
        options = [_WELL if phase == "well" else _DONE]
    options += knocks
    _seals(state, seat, held, options)
    if mate is not None and not state["passed"]:
        options += [("pass", c) for c in held]
    return options


def _stories_and_knocks(held: list[int]) -> tuple[list[int], list[Option]]:
    """Stories in a (sorted) hand as positions - 1, ascending, and a knock for each held 3-4 times."""
    stories: list[int] = []
    knocks: list[Option] = []
    run_story, run = -1, 0
    for card in held:
        story = card // 4
        if story == run_story:
            run += 1
            if run == 3:
                knocks.append(("knock", story + 1))
        else:
            run_story, run = story, 1
            stories.append(story)
    return stories, knocks


def _asks(state: State, seat: int, mate: int | None, stories: list[int]) -> list[Option]:
    """Every ask: each other seat (not a partner) for each story in hand."""
    return [
        ("ask", target, story + 1)
        for target in range(1, len(state["kinds"]) + 1)
        if target != seat and target != mate
        for story in stories
    ]


def _seals(state: State, seat: int, held: list[int], options: list[Option]) -> None:
    """Add a seal for each open stone of the seat whose missing card it holds."""
    for owner, story, cards in state["stones"]:
        if owner == seat and len(cards) == 3:
            gap = (story - 1) * 4 * 4 + 6 - sum(cards)  # four ids sum to 16(story-1)+6
            if gap in held:
                options.append(("seal", story))
