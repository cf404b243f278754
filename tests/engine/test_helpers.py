"""JagAI and approved agents: helper seats (R13-R19)."""

from __future__ import annotations

import ast
import inspect

import pytest

from game.engine import IllegalMove, apply, apply_server, legal_moves, owed, view
from game.engine import helpers as helper_module
from tests.engine.support import DAVID, JONAH, NOAH, RUTH, arrange, card, first, types

SEATS = ["person", "person", "person", "helper"]
# Seats 1 and 2 have a stone each, so seat 3 has the fewest points.
STONES = [(1, 5, [16, 17, 18]), (2, 8, [28, 29, 30])]
FILLER = [card(15, 0), card(16, 0), card(17, 0), card(18, 0)]
WELL = [card(9, 1), card(10, 1), card(11, 1), card(13, 1)]


def to_helper_turn(state):
    """Seats 1-3 ask seat 1 or 2 for their first story, hear no, draw and finish."""
    while state["turn"] != 1 or state["turns"] == 1:
        seat = state["turn"]
        story = state["hands"][seat - 1][0] // 4 + 1
        state, events = apply(state, seat, {"ask": {"seat": 1 if seat != 1 else 2, "story": story}})
        while state["turn"] == seat:
            moves = legal_moves(state, seat)
            state, events = apply(state, seat, moves[0] if "ask" not in moves[0] else {"done": {}})
        if seat == 3:
            return state, events
    raise AssertionError("never reached the helper")


def test_ruling_R13_a_helper_has_no_score_never_asks_lays_or_seals_and_is_never_ranked():
    state = arrange({4: [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2)]}, seats=SEATS)
    assert legal_moves(state, 4) == []
    with pytest.raises(IllegalMove):
        apply(state, 4, {"knock": {"story": DAVID}})
    state, _ = apply_server(state, {"end": {}})
    assert 4 not in [r["seat"] for r in view(state, 1)["result"]["ranking"]]
    assert state["points"][3] == 0


def test_ruling_R14_jagai_decides_from_its_own_seat_view_only():
    source = inspect.getsource(helper_module.jagai_choice)
    tree = ast.parse(source)
    args = tree.body[0].args.args
    assert [a.arg for a in args] == ["view"]
    assert "state" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


def test_ruling_R15_a_helper_draws_one_card_then_gives_one():
    hands = {1: [card(NOAH, 0)], 2: [card(RUTH, 0)], 3: [card(JONAH, 0)], 4: [card(JONAH, 1), *FILLER]}
    state = arrange(hands, WELL, seats=SEATS, stones=STONES)
    state, events = to_helper_turn(state)
    assert types(events)[-5:] == ["done", "turn", "draw", "gift", "turn"]
    assert first(events, "gift")["recipient"] == 3 and len(state["hands"][3]) == 5


def test_ruling_R15_a_helper_above_6_cards_after_drawing_gives_two():
    hands = {
        1: [card(NOAH, 0)],
        2: [card(RUTH, 1)],
        3: [card(JONAH, 0)],
        4: [card(JONAH, 1), card(JONAH, 3), *FILLER],
    }
    state = arrange(hands, WELL, seats=SEATS, stones=STONES)
    state, events = to_helper_turn(state)
    gifts = [e["card"] for e in events if e["type"] == "gift"]
    assert gifts == [card(JONAH, 1), card(JONAH, 3)]


def test_ruling_R15_the_gift_goes_to_the_fewest_points_then_fewest_gifts_then_seat_order():
    state = arrange({1: [card(NOAH, 0)]}, seats=["person", "helper", "person", "person"])
    pick = helper_module.pick_recipient
    state["points"] = [2, 0, 0, 0]
    assert pick(state, 2) == 3
    state["received"] = [0, 0, 1, 0]
    assert pick(state, 2) == 4
    state["received"] = [0, 0, 0, 0]
    state["points"] = [0, 0, 0, 0]
    assert pick(state, 2) == 3  # after seat 2 come 3, 4, 1


def test_ruling_R15_a_taken_over_seat_is_not_a_person_and_gets_no_gift():
    state = arrange({1: [card(NOAH, 0)]}, seats=["person", "person", "person", "helper"])
    state, _ = apply_server(state, {"takeover": {"seat": 2}})
    state["points"] = [2, 0, 2, 0]
    assert helper_module.pick_recipient(state, 4) in (1, 3)


def test_ruling_R16_the_card_is_from_the_most_recent_story_the_recipient_asked_for():
    state = arrange({4: [card(NOAH, 1), card(JONAH, 2), card(JONAH, 1)]}, seats=SEATS)
    state["asks"] = [[3, 1, NOAH, 0], [3, 2, JONAH, 0], [2, 1, DAVID, 0]]
    state["owed"] = {"recipient": 3, "count": 1}
    assert helper_module.jagai_choice(view(state, 4)) == card(JONAH, 1)


def test_ruling_R16_skips_stories_someone_else_laid_then_gives_the_missing_card_of_a_stone():
    state = arrange({4: [card(NOAH, 3), card(DAVID, 3)]}, seats=SEATS)
    state["stones"] = [
        [1, NOAH, [card(NOAH, 0), card(NOAH, 1), card(NOAH, 2)]],
        [3, DAVID, [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2)]],
    ]
    state["asks"] = [[3, 1, NOAH, 0]]
    state["owed"] = {"recipient": 3, "count": 1}
    assert helper_module.jagai_choice(view(state, 4)) == card(DAVID, 3)
    assert helper_module.gift_reason(state, 3, card(DAVID, 3)) == "seal"


def test_ruling_R16_with_neither_the_gift_is_kept_and_owed_again_next_turn():
    hands = {1: [card(NOAH, 0)], 2: [card(RUTH, 0)], 3: [card(JONAH, 0)], 4: FILLER[:2]}
    state = arrange(hands, WELL, seats=SEATS)
    state["asks"] = []
    state, events = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    state, _ = apply(state, 1, {"well": {}})
    state, _ = apply(state, 1, {"done": {}})
    state, _ = apply(state, 2, {"ask": {"seat": 1, "story": RUTH}})
    state, _ = apply(state, 2, {"well": {}})
    state, _ = apply(state, 2, {"done": {}})
    state, _ = apply(state, 3, {"ask": {"seat": 1, "story": JONAH}})
    state, _ = apply(state, 3, {"well": {}})
    state, events = apply(state, 3, {"done": {}})
    kept = first(events, "gift_kept")
    assert kept["giver"] == 4 and kept["recipient"] == 1 and kept["count"] == 1
    assert state["kept"][3] == 1 and view(state, 1)["seats"][3]["gifts_kept"] == 1


def test_ruling_R16_several_fitting_cards_go_person_place_moment_word():
    state = arrange({4: [card(JONAH, 3), card(JONAH, 2), card(JONAH, 1)]}, seats=SEATS)
    state["asks"] = [[3, 1, JONAH, 0]]
    state["owed"] = {"recipient": 3, "count": 1}
    assert helper_module.jagai_choice(view(state, 4)) == card(JONAH, 1)


def test_ruling_R17_every_gift_is_shown_with_giver_recipient_card_and_reason():
    hands = {1: [card(NOAH, 0)], 2: [card(RUTH, 0)], 3: [card(JONAH, 0)], 4: [card(JONAH, 1), *FILLER]}
    state = arrange(hands, WELL, seats=SEATS, stones=STONES)
    state, events = to_helper_turn(state)
    gift = first(events, "gift")
    assert "secret" not in gift
    assert gift["reason"] == "asked" and gift["story"] == JONAH
    assert view(state, 2)["gifts"] == [
        {"giver": 4, "recipient": 3, "card": card(JONAH, 1), "reason": "asked"}
    ]


def test_ruling_R18_a_helper_asked_for_a_story_hands_over_every_card_of_it():
    state = arrange({1: [card(NOAH, 0)], 4: [card(NOAH, 1), card(NOAH, 3), card(RUTH, 0)]}, seats=SEATS)
    state, events = apply(state, 1, {"ask": {"seat": 4, "story": NOAH}})
    assert first(events, "answer")["cards"] == [card(NOAH, 1), card(NOAH, 3)]


AGENT_SEATS = ["person", "person", "person", "agent"]


def agent_state():
    hands = {1: [card(NOAH, 0)], 2: [card(RUTH, 0)], 3: [card(JONAH, 0)], 4: [card(JONAH, 1), *FILLER]}
    state = arrange(hands, WELL, seats=AGENT_SEATS, stones=STONES)
    state, _ = to_helper_turn(state)
    return state


def test_ruling_R19_an_agent_chooses_the_card_but_the_server_names_recipient_and_count():
    state = agent_state()
    assert state["turn"] == 4 and owed(state) == {"seat": 4, "recipient": 3, "count": 1}
    assert view(state, 4)["legal_moves"] == [{"give": {"card": c}} for c in state["hands"][3]]
    state, events = apply(state, 4, {"give": {"card": FILLER[0]}})
    gift = first(events, "gift")
    assert gift["recipient"] == 3 and gift["reason"] == "choice"
    assert state["turn"] == 1 and owed(state) is None


def test_ruling_R19_an_agent_cannot_give_a_card_it_does_not_hold():
    state = agent_state()
    with pytest.raises(IllegalMove) as refused:
        apply(state, 4, {"give": {"card": card(NOAH, 0)}})
    assert refused.value.code == "card_not_in_hand"


def test_ruling_R19_a_silent_agent_has_the_choice_made_by_R16():
    state = agent_state()
    state, events = apply_server(state, {"agent_timeout": {}})
    assert first(events, "gift")["card"] == card(JONAH, 1)
    assert state["turn"] == 1


def test_a_gift_owed_to_a_person_who_leaves_goes_to_the_next_fewest_points():
    state = agent_state()
    assert owed(state)["recipient"] == 3
    state, _ = apply_server(state, {"takeover": {"seat": 3}})
    assert owed(state)["recipient"] in (1, 2) and state["turn"] == 4
