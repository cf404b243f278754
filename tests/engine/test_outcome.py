"""result() is an Outcome (python-chess's shape) whose JSON is exactly the dict the engine always gave.

Game rows store that JSON (game.result) and replays compare it, so the oracle below is the function
result() was before the Outcome, kept here only to hold the two equal over every kind of ending.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    EndReason,
    IllegalMove,
    Outcome,
    Standing,
    Together,
    apply,
    apply_server,
    current_seat,
    is_over,
    legal_moves,
    new_game,
    persons,
    result,
)
from game.engine.rules import variant_of
from game.engine.state import team_of
from tests.engine.support import make_deck

DECK = make_deck()
# Small decks run the Well dry before twelve stones, so games end by R21 too.
DECKS = {n: make_deck(n) for n in (8, 12, 20)}
# (seats, teams, options): the standard game, teams, agents, and the variants (V1-V3).
TABLES = [
    (["person", "person", "helper", "helper"], False, None),
    (["person", "agent", "person", "helper", "agent"], False, None),
    (["person"] * 4, True, None),
    (["person"] * 4, True, {"variant": "quick"}),
    (["person", "person", "helper", "helper"], False, {"variant": "quick", "ask_any": True}),
    (["person", "person", "person", "helper", "agent"], False, {"variant": "together"}),
    (["person", "person", "helper", "helper"], False, {"variant": "together", "deal_seven": True}),
    (["person", "person", "person", "person", "person"], False, {"read_aloud": True}),
]
# How the game ends: played out, ended by the host after some moves (R23), or every person leaving.
ENDINGS = ["played", "host", "everyone_leaves", "one_leaves"]


def old_result(state: dict) -> dict[str, Any] | None:
    """The oracle: scoring.result() as it was when it returned a dict (commit 13cf892)."""
    over = state["over"]
    if over is None:
        return None
    reason = over["reason"]
    scored = reason in ("twelve_stones", "no_more_stones", "quick_goal")
    ranking = _old_ranking([(s, state["points"][s - 1]) for s in persons(state)])
    out: dict[str, Any] = {"reason": reason, "ranking": ranking, "teams": None, "together": None}
    if "options" in state and variant_of(state).together:
        won = reason == "twelve_stones"
        out["together"] = {"won": won, "stones": len(state["stones"])}
        out["winners"] = persons(state) if won else []
        out["shared"] = len(out["winners"]) > 1
    elif state["teams"]:
        totals = {1: 0, 2: 0}
        for seat in persons(state):
            totals[team_of(seat)] += state["points"][seat - 1]
        out["teams"] = _old_ranking(sorted(totals.items()), key="team")
        top = [t["team"] for t in out["teams"] if t["rank"] == 1] if scored else []
        out["winners"] = [s for s in persons(state) if team_of(s) in top]
        out["shared"] = len(top) > 1
    else:
        out["winners"] = [r["seat"] for r in ranking if r["rank"] == 1] if scored else []
        out["shared"] = len(out["winners"]) > 1
    out["no_winner"] = not out["winners"]
    return out


def _old_ranking(scores: list[tuple[int, int]], key: str = "seat") -> list[dict]:
    ordered = sorted(scores, key=lambda item: (-item[1], item[0]))
    out: list[dict] = []
    for i, (who, pts) in enumerate(ordered):
        rank = out[-1]["rank"] if out and out[-1]["points"] == pts else i + 1
        out.append({key: who, "points": pts, "rank": rank})
    return out


def finished(table: int, ending: str, seed: int, stop: int, stories: int = 20) -> dict:
    """A game of one table played with random legal moves and ended the given way."""
    seats, teams, options = TABLES[table]
    state = new_game(DECKS[stories], seats, seed=seed, remember_word=True, teams=teams, options=options)
    rng = random.Random(seed)
    for step in range(5_000):
        if is_over(state):
            break
        if step == stop and ending == "host":
            return apply_server(state, {"end": {}})[0]
        if step == stop and ending in ("everyone_leaves", "one_leaves"):
            for seat in persons(state)[: None if ending == "everyone_leaves" else 1]:
                if not is_over(state):
                    state = apply_server(state, {"takeover": {"seat": seat}})[0]
            continue
        seat = current_seat(state)
        state = apply(state, seat, rng.choice(legal_moves(state, seat)))[0]
    assert is_over(state)
    return state


@settings(max_examples=120, deadline=None)
@given(
    table=st.integers(0, len(TABLES) - 1),
    ending=st.sampled_from(ENDINGS),
    seed=st.integers(0, 2**31),
    stop=st.integers(0, 150),
    stories=st.sampled_from(sorted(DECKS)),
)
def test_the_outcome_serialises_to_exactly_the_dict_result_always_gave(table, ending, seed, stop, stories):
    state = finished(table, ending, seed, stop, stories)
    outcome = result(state)
    assert isinstance(outcome, Outcome)
    stored = outcome.to_json()
    # Equal as JSON text too: the same keys in the same order, so game rows are byte for byte the same.
    assert json.dumps(stored) == json.dumps(old_result(state))
    assert Outcome.from_json(json.loads(json.dumps(stored))) == outcome
    assert outcome.no_winner == (not outcome.winners)


def test_the_endings_the_property_test_reaches_are_every_reason():
    reasons = {
        result(finished(table, ending, seed, stop=seed * 40, stories=stories)).reason
        for table in range(len(TABLES))
        for ending in ENDINGS
        for seed in range(3)
        for stories in (8, 20)
    }
    assert reasons == set(EndReason)


def test_before_the_end_there_is_no_outcome():
    state = new_game(DECK, ["person", "person", "helper", "helper"], seed=3, remember_word=True, teams=False)
    assert result(state) is None
    assert old_result(state) is None


def test_ruling_R22_the_outcome_names_the_winners_and_ranks_a_tie_together():
    state = new_game(DECK, ["person", "person", "helper", "helper"], seed=5, remember_word=True, teams=False)
    state = {**state, "over": {"reason": "twelve_stones"}, "phase": "over", "points": [6, 6, 0, 0]}
    outcome = result(state)
    assert outcome.reason is EndReason.TWELVE_STONES
    assert outcome.ranking == (Standing(1, 6, 1), Standing(2, 6, 1))
    assert outcome.winners == (1, 2) and outcome.shared and outcome.teams is None and outcome.together is None


def test_ruling_R23_the_host_ending_the_game_is_an_outcome_with_nobody_winning():
    state = new_game(DECK, ["person"] * 4, seed=9, remember_word=True, teams=True)
    outcome = result(apply_server(state, {"end": {}})[0])
    assert outcome.reason is EndReason.ENDED_BY_HOST and outcome.winners == () and outcome.no_winner
    assert [team.who for team in outcome.teams] == [1, 2]
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.shared = True  # type: ignore[misc]


def test_ruling_V3_a_together_outcome_says_whether_the_table_won_and_its_stones():
    seats = ["person", "person", "helper", "helper"]
    state = new_game(DECK, seats, seed=2, remember_word=True, teams=False, options={"variant": "together"})
    outcome = result(apply_server(state, {"end": {}})[0])
    assert outcome.together == Together(won=False, stones=0) and outcome.winners == ()


def test_an_outcome_from_malformed_json_is_refused():
    with pytest.raises(KeyError):
        Outcome.from_json({"reason": "twelve_stones"})
    with pytest.raises(ValueError):
        Outcome.from_json(
            {
                "reason": "nobody_knows",
                "ranking": [],
                "teams": None,
                "together": None,
                "winners": [],
                "shared": False,
            }
        )


def test_a_refused_end_changes_no_outcome():
    state = apply_server(new_game(DECK, ["person"] * 4, seed=1, remember_word=True, teams=True), {"end": {}})[
        0
    ]
    with pytest.raises(IllegalMove):
        apply_server(state, {"end": {}})
    assert result(state).to_json() == old_result(state)
