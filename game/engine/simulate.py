"""Play many complete games with random persons and JagAI helpers, checking invariants."""

from __future__ import annotations

import random
import time
from typing import Any

from . import apply, new_game
from .invariants import violations
from .legal import as_move, legal_options
from .state import State

MAX_MOVES = 20_000  # a random game that runs this long counts as not ending


def run(
    deck: list[dict],
    games: int,
    seats: int = 4,
    teams: bool = False,
    seed: int = 0,
    persons: int = 2,
    check: bool = True,
) -> dict[str, Any]:
    """Play `games` games; return the summary the simulate command prints."""
    kinds = ["person"] * 4 if teams else ["person"] * persons + ["helper"] * (seats - persons)
    totals = {"turns": 0, "stones": 0, "gifts": 0, "kept": 0, "left_kept": 0, "bad": 0, "moves": 0}
    endings: dict[str, int] = {}
    started, wall = time.process_time(), time.perf_counter()
    for game in range(games):
        rng = random.Random(f"{seed}:{game}")
        state = new_game(deck, kinds, seed=rng.randrange(2**31), remember_word=True, teams=teams)
        state = _play(state, rng, totals, check)
        reason = state["over"]["reason"] if state["over"] else "unfinished"
        endings[reason] = endings.get(reason, 0) + 1
        totals["turns"] += state["turns"]
        totals["stones"] += len(state["stones"])
        totals["gifts"] += len(state["gifts"])
        totals["left_kept"] += sum(state["kept"])
    # CPU time of this process: the figure is per core, whatever else the machine runs.
    elapsed = time.process_time() - started
    wall = time.perf_counter() - wall
    return {
        "games": games,
        "seats": len(kinds),
        "teams": teams,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
        "wall_seconds": round(wall, 2),
        "mean_turns": round(totals["turns"] / games, 2) if games else 0,
        "mean_stones": round(totals["stones"] / games, 2) if games else 0,
        "mean_moves": round(totals["moves"] / games, 2) if games else 0,
        "endings": endings,
        "gifts_given": totals["gifts"],
        "gifts_kept": totals["kept"],
        "gifts_still_kept_at_end": totals["left_kept"],
        "invariant_violations": totals["bad"],
    }


def _play(state: State, rng: random.Random, totals: dict[str, int], check: bool) -> State:
    """One game to its end with random legal moves."""
    # Light options are legal_moves in the same order, so rng.choice picks the same move.
    options = legal_options(state, state["turn"])
    moves = kept = bad = 0
    for _ in range(MAX_MOVES):
        if state["over"] is not None:
            break
        if not options:
            bad += 1
            break
        state, events = apply(state, state["turn"], as_move(rng.choice(options)))
        moves += 1
        for item in events:
            if item["type"] == "gift_kept":
                kept += 1
        options = legal_options(state, state["turn"])
        if check:
            bad += len(violations(state, options))
    totals["moves"] += moves
    totals["kept"] += kept
    totals["bad"] += bad
    return state
