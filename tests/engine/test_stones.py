"""Knocking, sealing and the empty hand (R8-R10)."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, apply, legal_moves
from tests.engine.support import DAVID, JONAH, NOAH, RUTH, arrange, card, first, types


def open_david():
    return [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2)]


def test_ruling_R8_three_cards_make_an_open_stone_worth_2_points():
    state = arrange({1: [*open_david(), card(NOAH, 0)]})
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    knock = first(events, "knock")
    assert knock["points"] == 2 and not knock["sealed"] and knock["place"] == 1
    assert state["points"][0] == 2 and state["hands"][0] == [card(NOAH, 0)]


def test_ruling_R8_four_cards_make_a_sealed_stone_worth_4_points():
    state = arrange({1: [*open_david(), card(DAVID, 3), card(NOAH, 0)]}, remember_word=False)
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    assert first(events, "knock")["sealed"] and state["points"][0] == 4


def test_ruling_R8_a_knock_lays_every_card_of_the_story_and_may_come_before_the_first_ask():
    state = arrange({1: [*open_david(), card(DAVID, 3), card(NOAH, 0)]}, remember_word=False)
    assert {"knock": {"story": DAVID}} in legal_moves(state, 1)
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    assert state["stones"] == [[1, DAVID, [24, 25, 26, 27]]]


def test_ruling_R8_a_knock_may_come_between_a_no_and_the_well_and_after_a_turn_ending_draw():
    state = arrange({1: [*open_david(), card(NOAH, 0), card(RUTH, 0)]}, [card(JONAH, 0)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    assert {"knock": {"story": DAVID}} in legal_moves(state, 1)
    state, _ = apply(state, 1, {"well": {}})
    assert {"knock": {"story": DAVID}} in legal_moves(state, 1)
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    assert state["phase"] == "ending"


def test_ruling_R8_two_cards_are_not_a_stone():
    state = arrange({1: [card(DAVID, 0), card(DAVID, 1), card(NOAH, 0)]})
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"knock": {"story": DAVID}})
    assert refused.value.code == "not_enough_cards"


def test_ruling_R8_knocking_is_a_choice():
    state = arrange({1: [*open_david(), card(NOAH, 0)]}, [card(JONAH, 0)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    state, _ = apply(state, 1, {"well": {}})
    state, _ = apply(state, 1, {"done": {}})
    assert state["turn"] == 2 and state["stones"] == []


def test_ruling_R9_the_missing_card_seals_your_own_open_stone_for_2_more_points():
    state = arrange({1: [card(DAVID, 3), card(NOAH, 0)]}, remember_word=False)
    state["stones"] = [[1, DAVID, open_david()]]
    state["points"][0] = 2
    assert {"seal": {"story": DAVID}} in legal_moves(state, 1)
    state, events = apply(state, 1, {"seal": {"story": DAVID}})
    assert first(events, "seal") == {
        "type": "seal",
        "seat": 1,
        "story": DAVID,
        "card": card(DAVID, 3),
        "points": 2,
        "place": 1,
    }
    assert state["points"][0] == 4 and state["stones"][0][2] == [24, 25, 26, 27]


def test_ruling_R9_nobody_else_can_seal_your_stone():
    state = arrange({2: [card(DAVID, 3), card(NOAH, 0)], 1: [card(NOAH, 1)]})
    state["stones"] = [[2, DAVID, open_david()]]
    state["points"][1] = 2
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"seal": {"story": DAVID}})
    assert refused.value.code == "no_stone_to_seal"


def test_ruling_R9_sealing_needs_the_missing_card_in_hand():
    state = arrange({1: [card(NOAH, 0)]})
    state["stones"] = [[1, DAVID, open_david()]]
    state["points"][0] = 2
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"seal": {"story": DAVID}})
    assert refused.value.code == "missing_card_not_in_hand"


def test_ruling_R10_an_empty_hand_at_the_start_of_a_turn_draws_one_card():
    state = arrange({1: [], 2: [card(NOAH, 0)]}, [card(JONAH, 0)])
    assert state["turn"] == 1 and state["hands"][0] == [card(JONAH, 0)]
    assert state["phase"] == "ask"


def test_ruling_R10_an_empty_hand_after_a_knock_draws_one_card_and_plays_on():
    state = arrange({1: open_david()}, [card(JONAH, 0)])
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    assert types(events) == ["knock", "draw"]
    assert state["hands"][0] == [card(JONAH, 0)] and state["phase"] == "ask"
    assert first(events, "draw")["secret"] == {"seats": [1], "card": card(JONAH, 0)}


def test_ruling_R10_with_an_empty_hand_and_an_empty_well_the_turn_passes():
    rest = [c for c in range(80) if c not in open_david()]
    state = arrange({1: open_david(), 2: rest[:30], 3: rest[30:60], 4: rest[60:]})
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    assert "turn_passed" in types(events) and state["turn"] == 2
