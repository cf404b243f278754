"""Rules versions: what a game's stored version means, so old games replay by the rules they were played by.

A variant (issue 19's V1-V3) would be declared here the same way: a Rules value naming what it changes,
chosen when the table is dealt and kept in the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from .types import State


@dataclass(frozen=True)
class Rules:
    """The switches that differ between rules versions."""

    version: int
    label: str
    last_word_is_asked: bool  # R34: the game-ending stone's Word question is asked before the end
    draw_on_empty_hand_mid_turn: bool  # R35: an empty hand draws at once at any moment of the turn
    agent_may_keep: bool  # R36: an agent may keep a gift when no card fits (move "keep")
    asks_keep_cards: bool  # R37: the ask log says which cards changed hands


RULES = {
    1: Rules(1, "Rules before 2026.11.30", False, False, False, False),
    2: Rules(2, "Rules 2026.11.30", True, True, True, True),
}


def rules_of(state: State) -> Rules:
    """The rules a game is played by, from its stored version."""
    try:
        return RULES[state["version"]]
    except KeyError:
        raise ValueError(f"unknown rules version {state['version']!r}") from None
