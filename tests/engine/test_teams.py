"""Teams: partners, the face-down pass and shared points (R4, R5, R9, R12, R22)."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, apply, apply_server, events_for, legal_moves, result, view
from tests.engine.support import DAVID, JONAH, NOAH, arrange, card, first

HAND1 = [card(DAVID, 0), card(NOAH, 0), card(JONAH, 0)]


def teams(hands, well_top=()):
    return arrange(hands, well_top, teams=True)


def test_ruling_R5_in_teams_nobody_asks_their_partner():
    state = teams({1: HAND1})
    assert {m["ask"]["seat"] for m in legal_moves(state, 1) if "ask" in m} == {2, 4}
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"ask": {"seat": 3, "story": DAVID}})
    assert refused.value.code == "cannot_ask_that_seat"


def test_ruling_R12_a_card_passes_face_down_to_the_partner_once_a_turn():
    state = teams({1: HAND1, 3: [card(5, 0)]})
    state, events = apply(state, 1, {"pass": {"card": card(NOAH, 0)}})
    assert card(NOAH, 0) in state["hands"][2] and card(NOAH, 0) not in state["hands"][0]
    assert "card" not in first(events_for(events, 2), "pass")
    assert "card" not in first(events_for(events, 4), "pass")
    assert first(events_for(events, 3), "pass")["card"] == card(NOAH, 0)
    assert view(state, 2)["passes"] == [{"seat": 1, "to": 3}]
    assert not [m for m in legal_moves(state, 1) if "pass" in m]
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"pass": {"card": card(DAVID, 0)}})
    assert refused.value.code == "already_passed"


def test_ruling_R12_the_pass_may_come_after_a_no_before_the_well():
    state = teams({1: HAND1}, [card(9, 0)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": DAVID}})
    assert {"pass": {"card": card(JONAH, 0)}} in legal_moves(state, 1)


def test_ruling_R12_there_is_no_pass_without_teams():
    state = arrange({1: HAND1})
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"pass": {"card": card(DAVID, 0)}})
    assert refused.value.code == "not_teams"


def test_ruling_R9_in_teams_the_partner_may_pass_the_card_that_seals_your_stone():
    state = teams({1: [card(DAVID, 3), card(NOAH, 0)], 3: [card(NOAH, 1)]}, [card(9, 0)])
    state["stones"] = [[3, DAVID, [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2)]]]
    state["points"][2] = 2
    state, _ = apply(state, 1, {"pass": {"card": card(DAVID, 3)}})
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    state, _ = apply(state, 1, {"well": {}})
    state, _ = apply(state, 1, {"done": {}})
    state, _ = apply(state, 2, {"ask": {"seat": 1, "story": state["hands"][1][0] // 4 + 1}})
    while state["turn"] == 2:
        state, _ = apply(state, 2, legal_moves(state, 2)[0])
    assert {"seal": {"story": DAVID}} in legal_moves(state, 3)


def test_ruling_R22_partners_add_their_points_and_the_team_with_more_wins():
    state = teams({1: HAND1})
    state["stones"] = [
        [1, 2, [4, 5, 6]],
        [3, 3, [8, 9, 10, 11]],
        [2, 4, [12, 13, 14, 15]],
    ]
    state["points"] = [2, 4, 4, 0]
    for c in [4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15]:
        for pile in [*state["hands"], state["well"]]:
            if c in pile:
                pile.remove(c)
    state, _ = apply_server(state, {"end": {}})
    assert result(state).to_json()["teams"] == [
        {"team": 1, "points": 6, "rank": 1},
        {"team": 2, "points": 4, "rank": 2},
    ]
    assert [s["team_points"] for s in view(state, 1)["seats"]] == [6, 4, 6, 4]
