"""What each seat may see (R32, R37), and the reviewer's full view (R33)."""

from __future__ import annotations

from typing import Any

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


def view(state: State, seat: SeatId) -> dict[str, Any]:
    """One seat's view: own hand and the public table, never hidden cards, order or seed."""
    from .moves import legal_moves  # the move table reads views (JagAI's choice), so not at import

    question = state["question"]
    return {
        "seat": seat,
        "hand": list(state["hands"][seat - 1]),
        "seats": _seats(state),
        "well": len(state["well"]),
        "stones": _stones(state),
        "asks": _asks(state),
        "gifts": [{"giver": g, "recipient": r, "card": c, "reason": why} for g, r, c, why in state["gifts"]],
        "passes": [{"seat": s, "to": t} for s, t in state["passes"]],
        "turn": state["turn"],
        "phase": str(state["phase"]),
        "turns": state["turns"],
        "asked": state["asked"],
        "ask_story": state["ask_story"],
        "passed": state["passed"],
        "question": public_question(question) if question is not None and question["seat"] == seat else None,
        "owed": _owed(state),
        "options": {"remember_word": state["word"], "teams": state["teams"], **options_of(state)},
        "stories": len(state["verses"]),
        "rules_version": state["version"],
        "legal_moves": legal_moves(state, seat),
        "result": result(state),
    }


def helper_view(state: State, seat: SeatId, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The part of view(state, seat) JagAI reads (R14), by the same code; `table`: this turn's last one."""
    # Gifts change neither stones nor asks, so a later gift of the same turn may reuse them.
    return {
        "seat": seat,
        "hand": list(state["hands"][seat - 1]),
        "stones": _stones(state) if table is None else table["stones"],
        "asks": _asks(state, copy=False) if table is None else table["asks"],
        "owed": _owed(state),
    }


def _asks(state: State, copy: bool = True) -> list[dict[str, Any]]:
    """Every ask so far, in order, with how many cards it won and (R37) which; None in rules 1 games.

    JagAI's view only reads the cards, so it may share the state's lists (copy=False).
    """
    # Rows of rules version 2 end with the cards (R37); those of version 1 have four fields.
    return [
        {
            "seat": row[0],
            "target": row[1],
            "story": row[2],
            "count": row[3],
            "cards": list(row[4]) if copy else row[4],
        }
        if len(row) > 4
        else {"seat": row[0], "target": row[1], "story": row[2], "count": row[3], "cards": None}
        for row in state["asks"]
    ]


def _owed(state: State) -> dict[str, int] | None:
    """The gift owed now (recipient, count), or None."""
    gift = state["owed"]
    return dict(gift) if gift is not None else None


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


def _stones(state: State) -> list[dict[str, Any]]:
    """The stones in the order they were laid (place 1..12 in the circle)."""
    return [
        {"place": i, "seat": owner, "story": story, "cards": list(cards), "sealed": len(cards) == 4}
        for i, (owner, story, cards) in enumerate(state["stones"], start=1)
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
