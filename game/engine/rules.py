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
    host_may_let_back: bool  # R40: at a private table the host may let a member back into their seat


RULES = {
    1: Rules(1, "Rules before 2026.11.30", False, False, False, False, False),
    2: Rules(2, "Rules 2026.11.30", True, True, True, True, False),
    3: Rules(3, "Rules 2026.12.01", True, True, True, True, True),
}


def rules_of(state: State) -> Rules:
    """The rules a game is played by, from its stored version."""
    try:
        return RULES[state["version"]]
    except KeyError:
        raise ValueError(f"unknown rules version {state['version']!r}") from None


# Table options and variants (V1-V3): declared once, chosen when a private table is dealt, kept in
# the state under "options" as plain JSON so replays and reviewers play them the same way.


@dataclass(frozen=True)
class Variant:
    """What a variant (V2, V3) changes; the standard game is the one with nothing changed."""

    name: str
    label: str
    hand_size: int  # cards dealt to each seat (V1's Deal 7 overrides it)
    stones_to_win: int | None  # V2: the game ends when one person (or team) has laid this many
    together: bool  # V3: one side against the Well; persons pass to anyone; helpers give by stones


VARIANTS = {
    "standard": Variant("standard", "Standard game", 5, None, False),
    "quick": Variant("quick", "Quick game", 3, 2, False),
    "together": Variant("together", "Together", 5, None, True),
}
DEAL_SEVEN = 7  # V1: Deal 7
# The options of a game dealt before options existed, and of every public table.
STANDARD_OPTIONS = {"variant": "standard", "deal_seven": False, "ask_any": False, "read_aloud": False}
OPTION_NAMES = tuple(STANDARD_OPTIONS)


def options_of(state: State) -> dict:
    """A game's table options (V1-V3); a game dealt before they existed has the standard ones."""
    return state.get("options") or STANDARD_OPTIONS


def variant_of(state: State) -> Variant:
    """The variant a game is played by."""
    return VARIANTS[options_of(state)["variant"]]


def hand_size(options: dict) -> int:
    """How many cards each seat is dealt (V1, V2)."""
    return DEAL_SEVEN if options["deal_seven"] else VARIANTS[options["variant"]].hand_size


def check_options(options: dict, persons: int, teams: bool) -> dict:
    """Well-formed options for a table (V1-V3); raises ValueError. Returns them complete and plain."""
    if set(options) - set(OPTION_NAMES):
        raise ValueError(f"unknown table options: {sorted(set(options) - set(OPTION_NAMES))}")
    out = {**STANDARD_OPTIONS, **options}
    if out["variant"] not in VARIANTS:
        raise ValueError(f"unknown variant {out['variant']!r}")
    for name in ("deal_seven", "ask_any", "read_aloud"):
        if type(out[name]) is not bool:
            raise ValueError(f"the option {name} is on or off")
    if VARIANTS[out["variant"]].together and (teams or persons < 2):
        raise ValueError("Together is for 2 to 5 people, without teams")
    return out
