"""What JagAI reads (R14): a helper's own seat view, built by the same code as the public table parts
of views.view(). It sits below the rules that use it (flow, helpers, server), so it needs no move table.
"""

from __future__ import annotations

from typing import Any

from .types import SeatId, State


def helper_view(state: State, seat: SeatId, table: dict[str, Any] | None = None) -> dict[str, Any]:
    """The part of view(state, seat) JagAI reads (R14), by the same code; `table`: this turn's last one."""
    # Gifts change neither stones nor asks, so a later gift of the same turn may reuse them.
    return {
        "seat": seat,
        "hand": list(state["hands"][seat - 1]),
        "stones": stones(state) if table is None else table["stones"],
        "asks": asks(state, copy=False) if table is None else table["asks"],
        "owed": owed_now(state),
    }


def asks(state: State, copy: bool = True) -> list[dict[str, Any]]:
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


def owed_now(state: State) -> dict[str, int] | None:
    """The gift owed now (recipient, count), or None."""
    gift = state["owed"]
    return dict(gift) if gift is not None else None


def stones(state: State) -> list[dict[str, Any]]:
    """The stones in the order they were laid (place 1..12 in the circle)."""
    return [
        {"place": i, "seat": owner, "story": story, "cards": list(cards), "sealed": len(cards) == 4}
        for i, (owner, story, cards) in enumerate(state["stones"], start=1)
    ]
