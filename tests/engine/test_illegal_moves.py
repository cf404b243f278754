"""Every refusal has a stable code and leaves the state untouched."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, apply, apply_server, to_json
from tests.engine.support import DAVID, JONAH, NOAH, arrange, card

HAND = [card(DAVID, 0), card(DAVID, 1), card(NOAH, 0)]
SEALED = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(DAVID, 3), card(NOAH, 0)]


def plain():
    return arrange({1: HAND}, [card(JONAH, 0), card(JONAH, 1)])


def after_no():
    state, _ = apply(plain(), 1, {"ask": {"seat": 2, "story": DAVID}})
    return state


def after_draw():
    state, _ = apply(after_no(), 1, {"well": {}})
    return state


def questioned():
    state, _ = apply(arrange({1: SEALED}), 1, {"knock": {"story": DAVID}})
    return state


def over():
    return apply_server(plain(), {"end": {}})[0]


def teams_alone():
    state = arrange({1: HAND}, teams=True)
    return apply_server(state, {"takeover": {"seat": 3}})[0]


def agent_owing():
    state = arrange(
        {1: HAND, 2: [card(9, 0)]}, [card(JONAH, 0)], seats=["person", "agent", "helper", "helper"]
    )
    state, _ = apply(state, 1, {"ask": {"seat": 3, "story": NOAH}})
    state, _ = apply(state, 1, {"well": {}})
    state, _ = apply(state, 1, {"done": {}})
    assert state["turn"] == 2 and state["phase"] == "gift"
    return state


CASES = [
    ("malformed_move", plain, 1, {"ask": {"seat": 2}}),
    ("malformed_move", plain, 1, {"ask": {"seat": "2", "story": DAVID}}),
    ("malformed_move", plain, 1, {"fly": {}}),
    ("malformed_move", plain, 1, {"well": {}, "done": {}}),
    ("malformed_move", plain, 1, "ask"),
    ("malformed_move", plain, 1, {"knock": {"story": True}}),
    ("game_over", over, 1, {"done": {}}),
    ("unknown_seat", plain, 7, {"done": {}}),
    ("unknown_seat", plain, "1", {"done": {}}),
    ("not_your_turn", plain, 2, {"ask": {"seat": 1, "story": DAVID}}),
    ("not_a_person", agent_owing, 2, {"ask": {"seat": 1, "story": 9}}),
    ("card_not_in_hand", agent_owing, 2, {"give": {"card": 79}}),
    ("must_answer_word", questioned, 1, {"done": {}}),
    ("must_go_to_well", after_no, 1, {"ask": {"seat": 3, "story": DAVID}}),
    ("must_go_to_well", after_no, 1, {"done": {}}),
    ("turn_is_ending", after_draw, 1, {"ask": {"seat": 3, "story": DAVID}}),
    ("no_need_for_well", plain, 1, {"well": {}}),
    ("no_need_for_well", after_draw, 1, {"well": {}}),
    ("cannot_ask_that_seat", plain, 1, {"ask": {"seat": 1, "story": DAVID}}),
    ("cannot_ask_that_seat", plain, 1, {"ask": {"seat": 5, "story": DAVID}}),
    ("cannot_ask_that_seat", plain, 1, {"ask": {"seat": 0, "story": DAVID}}),
    ("no_such_story", plain, 1, {"ask": {"seat": 2, "story": 21}}),
    ("no_such_story", plain, 1, {"knock": {"story": 0}}),
    ("story_not_in_hand", plain, 1, {"ask": {"seat": 2, "story": JONAH}}),
    ("not_enough_cards", plain, 1, {"knock": {"story": DAVID}}),
    ("no_stone_to_seal", plain, 1, {"seal": {"story": DAVID}}),
    ("must_ask_first", plain, 1, {"done": {}}),
    ("no_question", plain, 1, {"answer": {"choice": 0}}),
    ("bad_choice", questioned, 1, {"answer": {"choice": 3}}),
    ("bad_choice", questioned, 1, {"answer": {"choice": -1}}),
    ("not_teams", plain, 1, {"pass": {"card": HAND[0]}}),
    ("no_partner", teams_alone, 1, {"pass": {"card": HAND[0]}}),
    ("card_not_in_hand", lambda: arrange({1: HAND}, teams=True), 1, {"pass": {"card": 79}}),
    ("no_gift_owed", plain, 1, {"give": {"card": HAND[0]}}),
]


@pytest.mark.parametrize(("code", "make", "seat", "move"), CASES)
def test_an_illegal_move_is_refused_with_its_code_and_changes_nothing(code, make, seat, move):
    state = make()
    before = to_json(state)
    with pytest.raises(IllegalMove) as refused:
        apply(state, seat, move)
    assert refused.value.code == code
    assert to_json(state) == before


def test_a_card_can_be_passed_only_once_a_turn():
    state = arrange({1: HAND}, teams=True)
    state, _ = apply(state, 1, {"pass": {"card": HAND[0]}})
    before = to_json(state)
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"pass": {"card": HAND[1]}})
    assert refused.value.code == "already_passed" and to_json(state) == before


def test_a_missing_seal_card_is_refused():
    state = arrange({1: HAND}, stones=[(1, JONAH, [44, 45, 46])])
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"seal": {"story": JONAH}})
    assert refused.value.code == "missing_card_not_in_hand"


@pytest.mark.parametrize(
    ("code", "move"),
    [
        ("malformed_move", {"timeout": {"x": 1}}),
        ("malformed_move", {"ask": {}}),
        ("no_agent_waiting", {"agent_timeout": {}}),
        ("not_a_person", {"takeover": {"seat": 3}}),
        ("unknown_seat", {"takeover": {"seat": 0}}),
    ],
)
def test_an_illegal_server_move_is_refused_and_changes_nothing(code, move):
    state = arrange({1: HAND}, seats=["person", "person", "helper", "helper"])
    before = to_json(state)
    with pytest.raises(IllegalMove) as refused:
        apply_server(state, move)
    assert refused.value.code == code and to_json(state) == before


def test_a_server_move_after_the_end_is_refused():
    with pytest.raises(IllegalMove) as refused:
        apply_server(over(), {"timeout": {}})
    assert refused.value.code == "game_over"
