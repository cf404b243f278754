"""The invariant check finds every kind of broken state, and the simulator's incremental checker finds
exactly what a fresh check finds, also when a state is changed in place after it was checked."""

from __future__ import annotations

import random

import pytest

from game import engine
from game.engine.invariants import Checker, violations
from game.engine.moves import legal_options
from tests.engine.support import make_deck

SEATS = ["person", "person", "helper", "helper"]


def _game_with_stones(seed: int = 3) -> engine.State:
    """A random game played until at least three stones are laid (and a Well left)."""
    rng = random.Random(seed)
    state = engine.new_game(make_deck(), SEATS, seed=seed, remember_word=False, teams=False)
    while engine.stone_count(state) < 3:
        seat = engine.current_seat(state)
        state, _events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    assert engine.well_size(state) > 0 and not engine.is_over(state)
    return state


def _a_person_stone(state: engine.State) -> list:
    """The first stone on the table."""
    return state["stones"][0]


def _duplicate_a_card(state):
    state["hands"][0].append(state["well"][0])


def _lose_a_card(state):
    state["well"].pop()


def _foreign_card_in_a_stone(state):
    stone = _a_person_stone(state)
    stone[2][0], state["well"][0] = state["well"][0], stone[2][0]
    stone[2].sort()


def _stone_of_two_cards(state):
    state["well"].append(_a_person_stone(state)[2].pop())


def _helper_laid_a_stone(state):
    _a_person_stone(state)[0] = 3


def _two_stones_of_one_story(state):
    state["stones"][1][1] = state["stones"][0][1]


def _points_off(state):
    state["points"][0] += 1


def _helper_with_points(state):
    state["points"][2] = 2


def _question_without_its_phase(state):
    state["question"] = {"story": 1, "text": "x", "choices": ["a", "b", "c"], "answer": 0, "seat": 1}


def _two_seats_to_move(state):
    state["turn"] = 3  # a helper's turn in a person's phase: nobody, or the wrong seat, is offered moves


BREAKS = {
    _duplicate_a_card: "cards are not each in exactly one place",
    _lose_a_card: "cards are not each in exactly one place",
    _foreign_card_in_a_stone: "bad stone of story",
    _stone_of_two_cards: "bad stone of story",
    _helper_laid_a_stone: "helper seat 3 laid a stone",
    _two_stones_of_one_story: "two stones of one story",
    _points_off: "seat 1 points do not add up",
    _helper_with_points: "helper seat 3 has points",
    _question_without_its_phase: "question and phase disagree",
    _two_seats_to_move: "seats to move",
}


def test_a_state_played_by_the_rules_breaks_no_invariant():
    assert violations(_game_with_stones()) == []


@pytest.mark.parametrize("breaks", list(BREAKS), ids=lambda f: f.__name__.strip("_"))
def test_each_broken_invariant_is_found(breaks):
    state = _game_with_stones()
    breaks(state)
    assert any(BREAKS[breaks] in found for found in violations(state)), violations(state)


@pytest.mark.parametrize("breaks", list(BREAKS), ids=lambda f: f.__name__.strip("_"))
def test_the_checker_finds_a_break_made_in_place_after_it_checked_the_state(breaks):
    state = _game_with_stones()
    checker = Checker()
    assert checker.violations(state) == []
    breaks(state)  # the same lists the checker saw, changed in place
    assert checker.violations(state) == violations(state) != []
    state = _game_with_stones()  # and a good state after a broken one is good again
    assert checker.violations(state) == []


def test_the_checker_agrees_with_a_fresh_check_after_every_move_and_every_break():
    rng = random.Random(5)
    tables = ((SEATS, False), (["person"] * 4, True), (["person", "agent", "helper", "person"], False))
    found = 0
    for kinds, teams in tables:
        state = engine.new_game(
            make_deck(), kinds, seed=rng.randrange(2**31), remember_word=True, teams=teams
        )
        checker = Checker()
        while not engine.is_over(state):
            seat = engine.current_seat(state)
            state, _events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            assert checker.violations(state, legal_options(state, state["turn"])) == violations(state) == []
            if engine.stone_count(state) >= 2 and rng.random() < 0.2:
                broken = engine.from_json(engine.to_json(state))
                rng.choice(list(BREAKS))(broken)  # on some tables and moments a break is still legal
                assert checker.violations(broken) == violations(broken)
                found += bool(violations(broken))
    assert found > 20
