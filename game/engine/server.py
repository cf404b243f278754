"""Moves only the server makes: the clock, a seat taken over, an agent's silence, the host's end."""

from __future__ import annotations

from typing import Any

from .errors import RuleCode, require
from .events import event
from .flow import PERSON_PHASES, end_turn, finish
from .helpers import give, jagai_choice, prepare_gift
from .jagai_view import helper_view
from .rules import rules_of
from .state import is_coming_back, seat_count, times_back
from .turns import word_answer
from .types import EndReason, Event, Phase, SeatId, SeatRole, State

TIMEOUTS_TO_TAKEOVER = 2
TIMES_BACK = 2  # R40: a member can come back at most twice a game
Args = dict[str, Any]


def check_timeout(state: State, seat: None, args: Args) -> None:
    """The clock only runs out on a decision: a person's, or an agent's gift (house ruling 15)."""
    if state["phase"] == Phase.GIFT:
        check_agent_timeout(state, seat, args)
    else:
        require(state["phase"] in PERSON_PHASES, RuleCode.NOBODY_TO_TIME_OUT)


def timeout(state: State, seat: None, args: Args, events: list[Event]) -> None:
    """R27: the clock ran out; the turn passes, and the second in a row hands the seat to JagAI."""
    if state["phase"] == Phase.GIFT:
        agent_timeout(state, seat, args, events)
        return
    turn = state["turn"]
    question = state["question"]
    events.append(event("timeout", seat=turn))
    if question is not None:
        events.append(word_answer(question, turn, None, False))
    state["timeouts"][turn - 1] += 1
    end_turn(state)
    if state["timeouts"][turn - 1] >= TIMEOUTS_TO_TAKEOVER:
        _take_over(state, turn, "timeouts", events)


def check_takeover(state: State, seat: None, args: Args) -> None:
    """A seat that exists and is still played by a person or an agent (R38: an agent whose
    approval or token was withdrawn leaves like a person)."""
    seat = args["seat"]
    require(1 <= seat <= seat_count(state), RuleCode.UNKNOWN_SEAT)
    # R40: a member let back in who leaves again before their next turn leaves like a person.
    theirs = state["kinds"][seat - 1] in (SeatRole.PERSON, SeatRole.AGENT) or is_coming_back(state, seat)
    require(theirs, RuleCode.NOT_A_PERSON)


def takeover(state: State, seat: None, args: Args, events: list[Event]) -> None:
    """R27, R28, R38: a person left; JagAI plays the seat as a helper, its points void."""
    left = args["seat"]
    if is_coming_back(state, left):
        state["back"].remove(left)  # the promise lapses; the time back still counts (R40)
    if state["turn"] == left and state["phase"] in PERSON_PHASES:
        end_turn(state)  # house ruling 10
    _take_over(state, left, "left", events)


def _take_over(state: State, seat: SeatId, why: str, events: list[Event]) -> None:
    """Make a person's seat a helper: points void, stones stay on the table."""
    state["kinds"][seat - 1] = SeatRole.HELPER
    state["points"][seat - 1] = 0
    state["bonus"][seat - 1] = 0
    events.append(event("takeover", seat=seat, why=why))
    owed = state["owed"]
    if state["phase"] == Phase.GIFT and owed is not None and owed["recipient"] == seat:
        # The gift was owed to a person; a helper cannot receive it, so pick afresh (R15, house ruling 16).
        prepare_gift(state, state["turn"], owed["count"], events)


def check_let_back(state: State, seat: None, args: Args) -> None:
    """R40: a person's seat that JagAI plays (they left, or missed turns), fewer than two times back."""
    require(rules_of(state).host_may_let_back, RuleCode.NO_COMING_BACK)
    back = args["seat"]
    require(1 <= back <= seat_count(state), RuleCode.UNKNOWN_SEAT)
    taken = state["original"][back - 1] == SeatRole.PERSON and state["kinds"][back - 1] == SeatRole.HELPER
    require(taken, RuleCode.NOT_TAKEN_OVER)
    require(not is_coming_back(state, back), RuleCode.ALREADY_COMING_BACK)
    require(times_back(state, back) < TIMES_BACK, RuleCode.BACK_TWICE_ALREADY)


def let_back(state: State, seat: None, args: Args, events: list[Event]) -> None:
    """R40: the host lets a member back in; the seat is theirs again from its next turn (flow)."""
    back = args["seat"]
    state.setdefault("back", []).append(back)
    returns = state.setdefault("returns", [0] * seat_count(state))
    returns[back - 1] += 1
    events.append(event("let_back", seat=back, times=returns[back - 1]))


def check_agent_timeout(state: State, seat: None, args: Args) -> None:
    """An agent is to give."""
    agent = state["kinds"][state["turn"] - 1] == SeatRole.AGENT
    require(state["phase"] == Phase.GIFT and agent, RuleCode.NO_AGENT_WAITING)


def agent_timeout(state: State, seat: None, args: Args, events: list[Event]) -> None:
    """R19: an agent did not answer; R16 chooses each gift it still owes this turn (house ruling 9)."""
    turn = state["turn"]
    events.append(event("agent_timeout", seat=turn))
    while state["phase"] == Phase.GIFT:
        give(state, turn, jagai_choice(helper_view(state, turn)), events)


def end(state: State, seat: None, args: Args, events: list[Event]) -> None:
    """R23: the host ends the game early; nobody wins."""
    finish(state, EndReason.ENDED_BY_HOST, events)


def no_check(state: State, seat: SeatId | None, args: Args) -> None:
    """Nothing to check beyond the common checks."""
