"""The only door out: what each seat may see (R32, R37), with its legal moves, and the reviewer's
full view (R33). It stands above the move table; JagAI's own input is jagai_view, below the rules."""

from __future__ import annotations

from typing import Any

from .jagai_view import asks, owed_now, stones
from .moves import legal_moves
from .rules import options_of
from .scoring import result, team_points
from .state import seat_count, team_of
from .types import Phase, SeatId, SeatRole, State
from .words import public_question


def owed(state: State) -> dict[str, int] | None:
    """What an agent seat must give now: {"seat", "recipient", "count"}, else None."""
    if state["over"] is not None or state["phase"] != Phase.GIFT or state["owed"] is None:
        return None
    if state["kinds"][state["turn"] - 1] != SeatRole.AGENT:
        return None
    return {"seat": state["turn"], **state["owed"]}


def view(state: State, seat: SeatId | None) -> dict[str, Any]:
    """One seat's view: own hand and the public table, never hidden cards, order or seed. Seat None
    is the public view (`public_view`): the same keys, with no hand, no question and no moves."""
    question = state["question"]
    return {
        "seat": seat,
        "hand": list(state["hands"][seat - 1]) if seat is not None else [],
        "seats": _seats(state),
        "well": len(state["well"]),
        "stones": stones(state),
        "asks": asks(state),
        "gifts": [{"giver": g, "recipient": r, "card": c, "reason": why} for g, r, c, why in state["gifts"]],
        "passes": [{"seat": s, "to": t} for s, t in state["passes"]],
        "turn": state["turn"],
        "phase": str(state["phase"]),
        "turns": state["turns"],
        "asked": state["asked"],
        "ask_story": state["ask_story"],
        "passed": state["passed"],
        "question": public_question(question)
        if question is not None and seat is not None and question["seat"] == seat
        else None,
        "owed": owed_now(state),
        "options": {"remember_word": state["word"], "teams": state["teams"], **options_of(state)},
        "stories": len(state["verses"]),
        "rules_version": state["version"],
        "legal_moves": legal_moves(state, seat) if seat is not None else [],
        "result": _result_json(state),
    }


def public_view(state: State) -> dict[str, Any]:
    """The seat view with no seat: what the whole table sees (R32 less the seat's own part), for a
    table screen and for watchers. Two states that differ only in hidden cards give the same one."""
    return view(state, None)


def _seats(state: State) -> list[dict[str, Any]]:
    """Every seat's public facts."""
    teams = state["teams"]
    return [
        {
            "seat": s,
            "kind": str(state["kinds"][s - 1]),
            "taken_over": state["original"][s - 1] == SeatRole.PERSON
            and state["kinds"][s - 1] != SeatRole.PERSON,
            "team": team_of(s) if teams else None,
            "hand_size": len(state["hands"][s - 1]),
            "points": state["points"][s - 1],
            "stones": [story for owner, story, _cards in state["stones"] if owner == s],
            "team_points": team_points(state, s) if teams else None,
            "gifts_received": state["received"][s - 1],
            "gifts_kept": state["kept"][s - 1],
            "timeouts": state["timeouts"][s - 1],
        }
        for s in range(1, seat_count(state) + 1)
    ]


def full_view(state: State) -> dict[str, Any]:
    """Everything, for reviewers: every hand, the Well in order, the seed and the question."""
    out = view(state, state["turn"] or 1)
    del out["seat"], out["hand"], out["legal_moves"]
    out.update(
        hands={str(s): list(h) for s, h in enumerate(state["hands"], start=1)},
        well_cards=list(state["well"]),
        seed=state["seed"],
        question=dict(state["question"]) if state["question"] else None,
    )
    return out


def _result_json(state: State) -> dict[str, Any] | None:
    """The result as the view carries it: the Outcome's JSON, None before the end."""
    outcome = result(state)
    return outcome.to_json() if outcome is not None else None
