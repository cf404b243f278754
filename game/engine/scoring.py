"""Points, the two ways a game ends by itself (R20, R21), and the outcome (R22, R23)."""

from __future__ import annotations

from .cards import is_word, story_of
from .outcome import Outcome, Standing, Together
from .rules import variant_of
from .state import laid_stories, open_stone_gaps, partner, persons, team_of
from .types import EndReason, State

OPEN_POINTS = 2
SEALED_POINTS = 4
SEAL_POINTS = 2
WORD_POINTS = 1


def team_points(state: State, seat: int) -> int:
    """A person's points for comparing: their own, or in teams their team's total (R22)."""
    if not state["teams"]:
        return state["points"][seat - 1]
    return sum(state["points"][s - 1] for s in persons(state) if team_of(s) == team_of(seat))


def no_more_stones(state: State) -> bool:
    """R21: the Well is empty and no person can make or seal a stone any more."""
    if state["well"]:
        return False
    laid = laid_stories(state)
    missing = open_stone_gaps(state)
    together = "options" in state and variant_of(state).together
    for seat in persons(state):
        if any(story_of(c) not in laid for c in state["hands"][seat - 1]):
            return False
        mate = partner(state, seat)
        reachable = set(state["hands"][seat - 1])
        if mate is not None:
            reachable.update(state["hands"][mate - 1])
        if together:
            # V3: any person may pass the missing card to the stone's owner.
            reachable.update(card for other in persons(state) for card in state["hands"][other - 1])
        if any(card in reachable for card in missing.get(seat, ())):
            return False
    return True


def result(state: State) -> Outcome | None:
    """The outcome when the game is over (R22, R23, V3), else None; `.to_json()` is what rows store."""
    over = state["over"]
    if over is None:
        return None
    reason = EndReason(over["reason"])
    scored = reason in (EndReason.TWELVE_STONES, EndReason.NO_MORE_STONES, EndReason.QUICK_GOAL)
    seats = persons(state)
    ranking = _ranking([(s, state["points"][s - 1]) for s in seats])
    if "options" in state and variant_of(state).together:
        # V3: the persons win or lose as one side; they win when the circle of twelve is filled.
        won = reason == EndReason.TWELVE_STONES
        winners = tuple(seats) if won else ()
        together = Together(won=won, stones=len(state["stones"]))
        return Outcome(reason, ranking, winners, shared=len(winners) > 1, together=together)
    if state["teams"]:
        teams = _ranking(_team_totals(state))
        top = [t.who for t in teams if t.rank == 1] if scored else []
        winners = tuple(s for s in seats if team_of(s) in top)
        return Outcome(reason, ranking, winners, shared=len(top) > 1, teams=teams)
    winners = tuple(r.who for r in ranking if r.rank == 1) if scored else ()
    return Outcome(reason, ranking, winners, shared=len(winners) > 1)


def _team_totals(state: State) -> list[tuple[int, int]]:
    """(team, points) for both teams; a taken-over seat adds nothing (R27)."""
    totals = {1: 0, 2: 0}
    for seat in persons(state):
        totals[team_of(seat)] += state["points"][seat - 1]
    return sorted(totals.items())


def _ranking(scores: list[tuple[int, int]]) -> tuple[Standing, ...]:
    """Competition ranking (1, 1, 3) by points, most first, seat (or team) order within ties."""
    ordered = sorted(scores, key=lambda item: (-item[1], item[0]))
    out: list[Standing] = []
    for i, (who, pts) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].points == pts else i + 1
        out.append(Standing(who, pts, rank))
    return tuple(out)


def quick_goal_reached(state: State) -> bool:
    """V2: a person (or, in teams, a team) has laid the Quick game's number of stones."""
    goal = variant_of(state).stones_to_win
    if goal is None:
        return False
    laid: dict[int, int] = {}
    for owner, _story, _cards in state["stones"]:
        side = team_of(owner) if state["teams"] else owner
        laid[side] = laid.get(side, 0) + 1
    return max(laid.values(), default=0) >= goal


def tally(state: State) -> dict[str, int]:
    """What a table did together, for a class's board: stones laid, verses met (stones holding
    their Word card, its verse shown to all) and words remembered (R11's points; a seat JagAI took
    over keeps none, R27). Never anybody's alone."""
    return {
        "stones": len(state["stones"]),
        "verses": sum(1 for _owner, _story, cards in state["stones"] if any(is_word(c) for c in cards)),
        "words": sum(state["bonus"]) // WORD_POINTS,
    }
