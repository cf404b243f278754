"""Moves only the server makes: the clock, a seat taken over, an agent's silence, the host's end."""

from __future__ import annotations

from typing import Any

from .errors import require
from .events import Event, event
from .flow import PERSON_PHASES, end_turn, finish
from .helpers import give, jagai_choice, prepare_gift
from .state import State, seat_count
from .turns import word_answer
from .views import helper_view

TIMEOUTS_TO_TAKEOVER = 2


def timeout(state: State, args: dict[str, Any], events: list[Event]) -> None:
    """R27: the clock ran out; the turn passes, and the second in a row hands the seat to JagAI."""
    if state["phase"] == "gift":
        agent_timeout(state, args, events)
        return
    seat = state["turn"]
    require(state["phase"] in PERSON_PHASES, "nobody_to_time_out")
    question = state["question"]
    events.append(event("timeout", seat=seat))
    if question is not None:
        events.append(word_answer(question, seat, None, False))
    state["timeouts"][seat - 1] += 1
    end_turn(state)
    if state["timeouts"][seat - 1] >= TIMEOUTS_TO_TAKEOVER:
        _take_over(state, seat, "timeouts", events)


def takeover(state: State, args: dict[str, Any], events: list[Event]) -> None:
    """R27, R28: a person left; JagAI plays the seat as a helper, its points void. R38: also a
    suspended member's seat, and an agent's whose approval or token was withdrawn."""
    seat = args["seat"]
    require(1 <= seat <= seat_count(state), "unknown_seat")
    require(state["kinds"][seat - 1] in ("person", "agent"), "not_a_person")
    if state["turn"] == seat and state["phase"] in PERSON_PHASES:
        end_turn(state)
    _take_over(state, seat, "left", events)


def _take_over(state: State, seat: int, why: str, events: list[Event]) -> None:
    """Make a person's seat a helper: points void, stones stay on the table."""
    state["kinds"][seat - 1] = "helper"
    state["points"][seat - 1] = 0
    state["bonus"][seat - 1] = 0
    events.append(event("takeover", seat=seat, why=why))
    owed = state["owed"]
    if state["phase"] == "gift" and owed is not None and owed["recipient"] == seat:
        # The gift was owed to a person; a helper cannot receive it, so pick afresh (R15).
        prepare_gift(state, state["turn"], owed["count"], events)


def agent_timeout(state: State, args: dict[str, Any], events: list[Event]) -> None:
    """R19: an agent did not answer; R16 chooses each gift it still owes this turn."""
    seat = state["turn"]
    require(state["phase"] == "gift" and state["kinds"][seat - 1] == "agent", "no_agent_waiting")
    events.append(event("agent_timeout", seat=seat))
    while state["phase"] == "gift":
        give(state, seat, jagai_choice(helper_view(state, seat)), events)


def end(state: State, args: dict[str, Any], events: list[Event]) -> None:
    """R23: the host ends the game early; nobody wins."""
    finish(state, "ended_by_host", events)


SERVER_MOVES = {
    "timeout": timeout,
    "takeover": takeover,
    "agent_timeout": agent_timeout,
    "end": end,
}
