"""What happens between decisions: turns starting and ending, empty-hand draws, helper turns, the end."""

from __future__ import annotations

from .cards import STONES_TO_END
from .events import event
from .helpers import begin_helper_turn, give, jagai_choice
from .jagai_view import helper_view
from .rules import rules_of
from .scoring import OPEN_POINTS, SEALED_POINTS, no_more_stones, quick_goal_reached, result
from .types import EndReason, Event, Phase, SeatId, SeatRole, State

# The moments of a person's turn; in ACTING a person may knock, seal or pass.
PERSON_PHASES = (Phase.ASKING, Phase.WELL, Phase.ENDING, Phase.WORD)
ACTING = (Phase.ASKING, Phase.WELL, Phase.ENDING)
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
    if phase == Phase.NEXT:
        start_next_turn(state, events)
    elif phase == Phase.GIFT:
        if state["kinds"][seat - 1] != SeatRole.HELPER:
            return False  # an agent decides
        _helper_gifts(state, seat, events)
    elif state["hands"][seat - 1] or not _empty_hand_draws(state, phase):
        return False
    else:
        empty_hand(state, seat, events)
    return True


def _empty_hand_draws(state: State, phase: str) -> bool:
    """R10, R35: when a person's empty hand draws by itself."""
    if phase == Phase.ASKING:
        return True
    # R35: at any other moment of the turn but a question, while the Well has cards.
    return phase in ACTING and bool(state["well"]) and rules_of(state).draw_on_empty_hand_mid_turn


def _helper_gifts(state: State, seat: SeatId, events: list[Event]) -> None:
    """JagAI makes the gifts it owes this turn, checking for the end after each as settle() would."""
    table = None
    while True:
        # R14: JagAI decides from its own seat view, never from the state itself.
        table = helper_view(state, seat, table)
        give(state, seat, jagai_choice(table), events)
        if state["phase"] != Phase.GIFT or check_end(state, events):
            return


def start_next_turn(state: State, events: list[Event]) -> None:
    """The next seat in order takes its turn (R3)."""
    kinds = state["kinds"]
    seat = state["turn"] % len(kinds) + 1
    state["turn"] = seat
    state["turns"] += 1
    state["asked"] = state["passed"] = False
    state["ask_story"] = state["question"] = state["resume"] = None
    events.append(event("turn", seat=seat))
    if seat in state.get("back", ()):
        _come_back(state, seat, events)
    if kinds[seat - 1] == SeatRole.PERSON:
        state["phase"] = Phase.ASKING
    else:
        begin_helper_turn(state, seat, events)


def _come_back(state: State, seat: SeatId, events: list[Event]) -> None:
    """R40: the member plays their seat again from this turn, with the cards it holds now. JagAI
    only draws and gives, so the stones the seat owns are the ones they laid: those count again."""
    state["back"].remove(seat)
    state["kinds"][seat - 1] = SeatRole.PERSON
    state["points"][seat - 1] = sum(
        SEALED_POINTS if len(cards) == 4 else OPEN_POINTS
        for owner, _story, cards in state["stones"]
        if owner == seat
    )
    state["timeouts"][seat - 1] = state["kept"][seat - 1] = 0  # JagAI's kept gifts go with it
    events.append(event("back", seat=seat, points=state["points"][seat - 1]))


def empty_hand(state: State, seat: SeatId, events: list[Event]) -> None:
    """R10, R35: an empty hand draws one hidden card and plays on; with the Well empty the turn passes."""
    if state["well"]:
        card = state["well"].pop()
        state["hands"][seat - 1].append(card)
        events.append(event("draw", {"seats": [seat], "card": card}, seat=seat, why="empty_hand"))
        if state["phase"] == Phase.WELL and not state["well"]:
            # R35 took the Well's last card: the visit R7 asked for cannot happen, so the turn ends (R7).
            state["phase"] = Phase.ENDING
            state["ask_story"] = None
    else:
        events.append(event("turn_passed", seat=seat, why="empty_hand"))
        end_turn(state)


def end_turn(state: State) -> None:
    """The turn is over; the next one starts in settle()."""
    state["phase"] = Phase.NEXT
    state["question"] = state["resume"] = state["owed"] = state["ask_story"] = None


def check_end(state: State, events: list[Event]) -> bool:
    """R20, R21, R34 and an empty table: end the game when one holds. True when over."""
    if state["over"] is not None:
        return True
    if state["question"] is not None and rules_of(state).last_word_is_asked:
        return False  # R34: the question of the stone that ends the game comes first
    if len(state["stones"]) >= STONES_TO_END:
        finish(state, EndReason.TWELVE_STONES, events)
    elif "options" in state and quick_goal_reached(state):
        finish(state, EndReason.QUICK_GOAL, events)
    elif SeatRole.PERSON not in state["kinds"]:
        finish(state, EndReason.NO_PERSONS_LEFT, events)
    elif not state["well"] and no_more_stones(state):
        finish(state, EndReason.NO_MORE_STONES, events)
    else:
        return False
    return True


def finish(state: State, reason: EndReason, events: list[Event]) -> None:
    """Close the game with a reason; a pending question or gift lapses."""
    state.update(phase=Phase.OVER, over={"reason": reason.value}, question=None, resume=None, owed=None)
    outcome = result(state)
    events.append(event("game_over", reason=reason.value, winners=list(outcome.winners)))
