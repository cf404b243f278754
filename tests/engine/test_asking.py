"""A person's ask, the answer, the Well and Done (R5-R7)."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, apply, legal_moves, view
from tests.engine.support import DAVID, JONAH, NOAH, arrange, card, first

HAND = [card(DAVID, 0), card(NOAH, 0), card(3, 0), card(4, 0), card(5, 0)]


def test_ruling_R5_a_person_may_ask_any_other_seat_helpers_included_for_a_story_in_hand():
    state = arrange({1: HAND}, seats=["person", "helper", "helper", "helper"])
    asks = [m["ask"] for m in legal_moves(state, 1) if "ask" in m]
    assert {a["seat"] for a in asks} == {2, 3, 4}
    assert {a["story"] for a in asks} == {DAVID, NOAH, 3, 4, 5}


def test_ruling_R5_a_story_not_in_hand_cannot_be_asked_for():
    state = arrange({1: HAND})
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"ask": {"seat": 2, "story": JONAH}})
    assert refused.value.code == "story_not_in_hand"


def test_ruling_R5_a_story_someone_has_laid_may_still_be_asked_for():
    state = arrange({1: [card(NOAH, 3), card(DAVID, 0)], 2: [card(NOAH, 0), card(NOAH, 1), card(NOAH, 2)]})
    state["stones"] = [[2, NOAH, [card(NOAH, 0), card(NOAH, 1), card(NOAH, 2)]]]
    state["hands"][1] = []
    state["points"][1] = 2
    assert {"ask": {"seat": 2, "story": NOAH}} in legal_moves(state, 1)


def test_ruling_R5_nobody_asks_themselves():
    state = arrange({1: HAND})
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"ask": {"seat": 1, "story": DAVID}})
    assert refused.value.code == "cannot_ask_that_seat"


def test_ruling_R6_the_asked_seat_hands_over_every_card_and_the_asker_asks_again_or_is_done():
    state = arrange({1: HAND, 2: [card(DAVID, 1), card(DAVID, 3), card(JONAH, 0)]})
    state, events = apply(state, 1, {"ask": {"seat": 2, "story": DAVID}})
    assert first(events, "answer")["cards"] == [card(DAVID, 1), card(DAVID, 3)]
    assert state["hands"][1] == [card(JONAH, 0)]
    assert state["turn"] == 1 and {"done": {}} in legal_moves(state, 1)
    assert any("ask" in m for m in legal_moves(state, 1))


def test_ruling_R6_done_is_offered_only_after_an_ask():
    state = arrange({1: HAND})
    assert {"done": {}} not in legal_moves(state, 1)
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"done": {}})
    assert refused.value.code == "must_ask_first"


def test_ruling_R7_after_a_no_the_well_comes_before_anything_but_laying_sealing_or_passing():
    state = arrange({1: HAND}, [card(JONAH, 0)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": DAVID}})
    assert legal_moves(state, 1) == [{"well": {}}]
    for move in ({"ask": {"seat": 3, "story": DAVID}}, {"done": {}}):
        with pytest.raises(IllegalMove) as refused:
            apply(state, 1, move)
        assert refused.value.code == "must_go_to_well"


def test_ruling_R7_a_draw_of_the_story_just_asked_for_is_shown_and_the_turn_goes_on():
    state = arrange({1: HAND}, [card(DAVID, 2)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": DAVID}})
    state, events = apply(state, 1, {"well": {}})
    draw = first(events, "well_draw")
    assert draw["matched"] and draw["card"] == card(DAVID, 2) and "secret" not in draw
    assert state["phase"] == "ask" and {"done": {}} in legal_moves(state, 1)


def test_ruling_R7_any_other_draw_stays_hidden_and_the_turn_ends_with_done():
    state = arrange({1: HAND}, [card(JONAH, 2)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": DAVID}})
    state, events = apply(state, 1, {"well": {}})
    draw = first(events, "well_draw")
    assert not draw["matched"] and "card" not in draw and draw["secret"]["seats"] == [1]
    assert legal_moves(state, 1) == [{"done": {}}]
    state, _ = apply(state, 1, {"done": {}})
    assert state["turn"] == 2


def test_ruling_R7_with_the_well_empty_a_no_ends_the_turn_after_any_stone_still_possible():
    hand = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(NOAH, 0)]
    others = [c for c in range(80) if c not in hand]
    state = arrange({1: hand, 2: others[:40], 3: others[40:60], 4: others[60:]})
    assert state["well"] == []
    state, _ = apply(state, 1, {"ask": {"seat": 4, "story": NOAH}})
    assert state["phase"] == "ending"
    assert legal_moves(state, 1) == [{"done": {}}, {"knock": {"story": DAVID}}]
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    state, _ = apply(state, 1, {"done": {}})
    assert state["turn"] == 2
    assert view(state, 2)["stones"][0]["story"] == DAVID
