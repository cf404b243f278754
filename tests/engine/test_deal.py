"""The deal and the seats (R1-R4)."""

from __future__ import annotations

import pytest

from game.engine import DeckTooSmall, new_game, to_json, view
from tests.engine.support import make_deck

FOUR = ["person", "helper", "helper", "helper"]


def test_ruling_R1_a_deck_of_fewer_than_8_stories_cannot_be_dealt():
    with pytest.raises(DeckTooSmall):
        new_game(make_deck(7), FOUR, seed=1, remember_word=True, teams=False)
    assert issubclass(DeckTooSmall, ValueError)


def test_ruling_R1_a_deck_of_8_stories_is_dealt_and_cards_are_numbered_by_position():
    state = new_game(make_deck(8), FOUR, seed=1, remember_word=True, teams=False)
    cards = [c for hand in state["hands"] for c in hand] + state["well"]
    assert sorted(cards) == list(range(32))
    assert view(state, 1)["stories"] == 8


def test_ruling_R2_every_seat_gets_5_cards_and_the_rest_is_the_well():
    state = new_game(make_deck(), ["person"] * 2 + ["helper"] * 3, seed=3, remember_word=True, teams=False)
    assert [len(h) for h in state["hands"]] == [5] * 5
    assert len(state["well"]) == 80 - 25


def test_ruling_R2_the_same_seed_deals_the_same_game_and_another_seed_does_not():
    one = new_game(make_deck(), FOUR, seed=42, remember_word=True, teams=False)
    same = new_game(make_deck(), FOUR, seed=42, remember_word=True, teams=False)
    other = new_game(make_deck(), FOUR, seed=43, remember_word=True, teams=False)
    assert to_json(one) == to_json(same)
    assert one["hands"] != other["hands"]


def test_ruling_R3_seat_1_plays_first():
    state = new_game(
        make_deck(), ["person", "person", "helper", "helper"], seed=5, remember_word=True, teams=False
    )
    assert state["turn"] == 1 and state["phase"] == "ask"
    assert view(state, 1)["legal_moves"] and not view(state, 2)["legal_moves"]


def test_ruling_R3_a_table_has_four_or_five_seats_and_at_least_one_person():
    for seats in (["person"] * 3, ["person"] * 6, ["helper"] * 4, ["person", "robot", "helper", "helper"]):
        with pytest.raises(ValueError):
            new_game(make_deck(), seats, seed=1, remember_word=True, teams=False)


def test_ruling_R4_teams_are_exactly_four_persons_and_no_helper():
    new_game(make_deck(), ["person"] * 4, seed=1, remember_word=True, teams=True)
    for seats in (["person"] * 3 + ["helper"], ["person"] * 5):
        with pytest.raises(ValueError):
            new_game(make_deck(), seats, seed=1, remember_word=True, teams=True)


def test_ruling_R4_seats_1_and_3_are_one_team_and_2_and_4_the_other():
    state = new_game(make_deck(), ["person"] * 4, seed=1, remember_word=True, teams=True)
    assert [s["team"] for s in view(state, 1)["seats"]] == [1, 2, 1, 2]
