"""The JustAllowGod game engine: pure rules, no Django, state as JSON data.

Public API: new_game, legal_moves, apply, apply_server, owed, view, full_view,
result, events_for, to_json, from_json, replay, IllegalMove, DeckTooSmall.
"""

from __future__ import annotations

from typing import Any

from . import flow
from .errors import DeckTooSmall, IllegalMove, require
from .events import Event, events_for, events_full
from .helpers import give
from .legal import SERVER_SHAPES, SHAPES, legal_moves, parse
from .scoring import result
from .server import SERVER_MOVES
from .state import State, clone, from_json, to_json
from .state import new_game as _deal
from .turns import PERSON_MOVES
from .views import full_view, owed, view

__all__ = [
    "DeckTooSmall",
    "Event",
    "IllegalMove",
    "State",
    "apply",
    "apply_server",
    "events_for",
    "events_full",
    "from_json",
    "full_view",
    "legal_moves",
    "new_game",
    "owed",
    "replay",
    "result",
    "to_json",
    "view",
]


def new_game(deck: list[dict], seats: list[str], *, seed: int, remember_word: bool, teams: bool) -> State:
    """Deal a game and bring it to the host's first decision."""
    state = _deal(deck, seats, seed=seed, remember_word=remember_word, teams=teams)
    flow.settle(state, [])
    return state


def apply(state: State, seat: int, move: Any) -> tuple[State, list[Event]]:
    """A seat's move; raises IllegalMove(code) and leaves the input untouched when refused."""
    name, args = parse(move, SHAPES)
    admit(state, seat, name, args)
    new, events = clone(state), []
    perform(new, seat, name, args, events)
    return new, events


def admit(state: State, seat: int, name: str, args: dict[str, int]) -> None:
    """The checks every seat's move passes before it is played; raises IllegalMove."""
    if state["over"] is not None:
        raise IllegalMove("game_over")
    kinds = state["kinds"]
    if type(seat) is not int or not 1 <= seat <= len(kinds):
        raise IllegalMove("unknown_seat")
    if state["turn"] != seat:
        raise IllegalMove("not_your_turn")
    kind = kinds[seat - 1]
    if name == "give":
        require(kind == "agent" and state["phase"] == "gift", "no_gift_owed")
        require(args["card"] in state["hands"][seat - 1], "card_not_in_hand")
    else:
        require(kind == "person", "not_a_person")
        require(state["phase"] != "word" or name == "answer", "must_answer_word")


def perform(state: State, seat: int, name: str, args: dict[str, int], events: list[Event]) -> None:
    """Play an admitted move on the state itself, then everything automatic after it."""
    if name == "give":
        give(state, seat, args["card"], events)
    else:
        PERSON_MOVES[name](state, seat, args, events)
    flow.settle(state, events)


def apply_server(state: State, move: Any) -> tuple[State, list[Event]]:
    """A server move: timeout, takeover, agent_timeout, end."""
    name, args = parse(move, SERVER_SHAPES)
    require(state["over"] is None, "game_over")
    new, events = clone(state), []
    SERVER_MOVES[name](new, args, events)
    flow.settle(new, events)
    return new, events


def replay(initial: State, moves: list) -> State:
    """Apply recorded (seat or None, move) pairs to the initial state."""
    state = initial
    for seat, move in moves:
        state = apply_server(state, move)[0] if seat is None else apply(state, seat, move)[0]
    return state
