"""Play many complete games with random persons and JagAI helpers, checking invariants."""

from __future__ import annotations

import random
import time
from typing import Any

from .flow import settle
from .invariants import Checker
from .moves import BY_NAME, admit, legal_options, perform
from .rules import check_options
from .state import (
    check_languages,
    check_seats,
    current_seat,
    deal,
    end_reason,
    is_over,
    readings_of,
    stone_count,
    table_of,
)
from .types import Event, Option, SeatId, SeatRole, State

MAX_MOVES = 20_000  # a random game that runs this long counts as not ending


def run(
    deck: list[dict],
    games: int,
    seats: int = 4,
    teams: bool = False,
    seed: int = 0,
    persons: int = 2,
    check: bool = True,
    options: dict | None = None,
    languages: list[str] | None = None,
) -> dict[str, Any]:
    """Play `games` games; return the summary the simulate command prints. `options`: V1-V3;
    `languages`: what each seat reads (R43), None when every seat reads English."""
    person, helper = SeatRole.PERSON, SeatRole.HELPER
    kinds = [person] * 4 if teams else [person] * persons + [helper] * (seats - persons)
    totals = {"turns": 0, "stones": 0, "gifts": 0, "kept": 0, "left_kept": 0, "bad": 0, "moves": 0}
    endings: dict[str, int] = {}
    started, wall = time.process_time(), time.perf_counter()
    check_seats(kinds, teams)
    languages = check_languages(languages, len(kinds))
    verses, names = table_of(deck)  # once, not once a game as new_game() would
    read = readings_of(deck, languages)
    for game in range(games):
        rng = random.Random(f"{seed}:{game}")
        state = deal(
            verses,
            names,
            kinds,
            seed=rng.randrange(2**31),
            remember_word=True,
            teams=teams,
            options=options,
            languages=languages,
            read=read,
        )
        settle(state, [])  # as new_game() does
        state = _play(state, rng, totals, check)
        reason = end_reason(state) or "unfinished"
        endings[reason] = endings.get(reason, 0) + 1
        totals["turns"] += state["turns"]
        totals["stones"] += stone_count(state)
        totals["gifts"] += len(state["gifts"])
        totals["left_kept"] += sum(state["kept"])
    # CPU time of this process: the figure is per core, whatever else the machine runs.
    elapsed = time.process_time() - started
    wall = time.perf_counter() - wall
    return {
        "games": games,
        "seats": len(kinds),
        "teams": teams,
        "options": check_options(options or {}, kinds.count(person), teams),
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
    options = legal_options(state, current_seat(state))
    moves = kept = bad = 0
    checker = Checker()
    for _ in range(MAX_MOVES):
        if is_over(state):
            break
        if not options:
            bad += 1
            break
        events = play(state, current_seat(state), rng.choice(options))
        moves += 1
        for item in events:
            if item["type"] == "gift_kept":
                kept += 1
        options = legal_options(state, current_seat(state))
        if check:
            bad += len(checker.violations(state, options))
    totals["moves"] += moves
    totals["kept"] += kept
    totals["bad"] += bad
    return state


def play(state: State, seat: SeatId, option: Option) -> list[Event]:
    """apply() of a legal option without the copy: the simulator owns its state and drops the old one."""
    kind = BY_NAME[option[0]]
    args = dict(zip(kind.fields, option[1:], strict=True))  # the move as_move(option) would make
    admit(state, seat, kind, args)
    events: list[Event] = []
    perform(state, seat, kind, args, events)
    return events
