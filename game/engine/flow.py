"""What happens between decisions: turns starting and ending, R10 draws, helper turns, the end."""

from __future__ import annotations

from .cards import STONES_TO_END
from .events import Event, event
from .helpers import begin_helper_turn, give, jagai_choice
from .scoring import no_more_stones, result
from .state import State
from .views import helper_view

PERSON_PHASES = ("ask", "well", "ending", "word")
# A game cannot run longer than this many automatic steps after one move; a guard, not a rule.
_MAX_STEPS = 10_000


def settle(state: State, events: list[Event]) -> None:
    """Play everything automatic until a person or an agent must decide, or the game is over."""
    for _ in range(_MAX_STEPS):
        if check_end(state, events) or not _step(state, events):
            return
    raise RuntimeError("the game did not settle")


def _step(state: State, events: list[Event]) -> bool:
    """One automatic step; False when a seat must decide."""
    phase = state["phase"]
    seat = state["turn"]
    if phase == "next":
        start_next_turn(state, events)
    elif phase == "gift" and state["kinds"][seat - 1] == "helper":
        _helper_gifts(state, seat, events)
    elif phase == "ask" and not state["hands"][seat - 1]:
        empty_hand(state, seat, events)
    else:
        return False
    return True


def _helper_gifts(state: State, seat: int, events: list[Event]) -> None:
    """JagAI makes the gifts it owes this turn, checking for the end after each as settle() would."""
    table = None
    while True:
        # R14: JagAI decides from its own seat view, never from the state itself.
        table = helper_view(state, seat, table)
        give(state, seat, jagai_choice(table), events)
        if state["phase"] != "gift" or check_end(state, events):
            return


def start_next_turn(state: State, events: list[Event]) -> None:
    """The next seat in order takes its turn (R3)."""
    kinds = state["kinds"]
    seat = state["turn"] % len(kinds) + 1
    state["turn"] = seat
    state["turns"] += 1
    state["asked"] = state["passed"] = False
    state["ask_story"] = state["question"] = state["resume"] = None
    events.append({"type": "turn", "seat": seat})  # as event("turn", seat=seat)
    if kinds[seat - 1] == "person":
        state["phase"] = "ask"
    else:
        begin_helper_turn(state, seat, events)


def empty_hand(state: State, seat: int, events: list[Event]) -> None:
    """R10: an empty hand draws one card and plays on; with the Well empty the turn passes."""
    if state["well"]:
        card = state["well"].pop()
        state["hands"][seat - 1].append(card)
        events.append(event("draw", {"seats": [seat], "card": card}, seat=seat, why="empty_hand"))
    else:
        events.append(event("turn_passed", seat=seat, why="empty_hand"))
        end_turn(state)


def end_turn(state: State) -> None:
    """The turn is over; the next one starts in settle()."""
    state["phase"] = "next"
    state["question"] = state["resume"] = state["owed"] = state["ask_story"] = None


def check_end(state: State, events: list[Event]) -> bool:
    """R20, R21 and an empty table: end the game when one holds. True when over."""
    if state["over"] is not None:
        return True
    if len(state["stones"]) >= STONES_TO_END:
        finish(state, "twelve_stones", events)
    elif "person" not in state["kinds"]:
        finish(state, "no_persons_left", events)
    elif not state["well"] and no_more_stones(state):
        finish(state, "no_more_stones", events)
    else:
        return False
    return True


def finish(state: State, reason: str, events: list[Event]) -> None:
    """Close the game with a reason; a pending question or gift lapses."""
    state.update(phase="over", over={"reason": reason}, question=None, resume=None, owed=None)
    outcome = result(state)
    events.append(event("game_over", reason=reason, winners=outcome["winners"]))
