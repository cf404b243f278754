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


def legal_moves(state: State, seat: int) -> list[dict]:
    """Every move the seat may make now; empty when it is not that seat's decision."""
    if state["over"] is not None or state["turn"] != seat:
        return []
    kind = state["kinds"][seat - 1]
    held = state["hands"][seat - 1]
    if kind == "agent" and state["phase"] == "gift":
        return [{"give": {"card": c}} for c in held]
    if kind != "person":
        return []
    phase = state["phase"]
    if phase == "word":
        return [{"answer": {"choice": i}} for i in range(3)]
    moves: list[dict] = []
    if phase == "ask":
        moves.extend(_asks(state, seat, held))
        if state["asked"]:
            moves.append({"done": {}})
    elif phase == "well":
        moves.append({"well": {}})
    else:
        moves.append({"done": {}})
    moves.extend(_lays(state, seat, held))
    if state["teams"] and not state["passed"] and partner(state, seat) is not None:
        moves.extend({"pass": {"card": c}} for c in held)
    return moves


def _asks(state: State, seat: int, held: list[int]) -> list[dict]:
    """Every ask: each other seat (not a partner) for each story in hand."""
    mate = partner(state, seat)
    stories = sorted({c // 4 + 1 for c in held})
    return [
        {"ask": {"seat": target, "story": story}}
        for target in range(1, len(state["kinds"]) + 1)
        if target not in (seat, mate)
        for story in stories
    ]


def _lays(state: State, seat: int, held: list[int]) -> list[dict]:
    """Knocks for stories held three or four times, seals for own open stones."""
    moves = []
    run_story, run = -1, 0
    for card in held:  # hands are sorted, so a story's cards sit together
        story = card // 4
        run = run + 1 if story == run_story else 1
        run_story = story
        if run == 3:
            moves.append({"knock": {"story": story + 1}})
    for owner, story, cards in state["stones"]:
        if owner == seat and len(cards) == 3:
            gap = (story - 1) * 4 * 4 + 6 - sum(cards)  # four ids sum to 16(story-1)+6
            if gap in held:
                moves.append({"seal": {"story": story}})
    return moves
