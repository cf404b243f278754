"""The simulation loop plays whole games on the test deck without breaking an invariant."""

from __future__ import annotations

from game.engine.simulate import run
from tests.engine.support import make_deck


def test_the_simulator_plays_four_seat_games_to_the_end_with_no_violations():
    summary = run(make_deck(), 40, seats=4, seed=1)
    assert summary["games"] == 40 and summary["invariant_violations"] == 0
    assert "unfinished" not in summary["endings"]
    assert sum(summary["endings"].values()) == 40
    assert summary["gifts_given"] > 0 and summary["mean_stones"] > 0


def test_the_simulator_plays_five_seats_teams_and_a_small_deck():
    for kwargs in ({"seats": 5, "persons": 1}, {"teams": True}, {"seats": 5, "persons": 5}):
        summary = run(make_deck(), 15, seed=2, **kwargs)
        assert summary["invariant_violations"] == 0 and "unfinished" not in summary["endings"]
    small = run(make_deck(8), 20, seed=3)
    assert small["invariant_violations"] == 0 and set(small["endings"]) == {"no_more_stones"}


def test_the_same_seed_gives_the_same_summary():
    one = run(make_deck(), 10, seed=5)
    two = run(make_deck(), 10, seed=5)
    for timing in ("games_per_second", "wall_seconds"):
        one.pop(timing)
        two.pop(timing)
    assert one == two
