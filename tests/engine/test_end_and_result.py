"""How a game ends and who wins (R20-R23)."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, apply, apply_server, legal_moves, result, view
from tests.engine.support import DAVID, NOAH, arrange, card, first

ELEVEN = [(1 + (s % 2), s, [card(s, 0), card(s, 1), card(s, 2)]) for s in range(9, 20)]


def test_ruling_R20_the_game_ends_at_once_when_the_12th_stone_is_laid():
    hand = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(DAVID, 3), card(NOAH, 0)]
    state = arrange({1: hand}, stones=ELEVEN, remember_word=False)
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    assert state["over"] == {"reason": "twelve_stones"}
    assert first(events, "game_over")["reason"] == "twelve_stones"
    # With Remember the Word on, R34 asks the last stone's question first (test_rulings_2026_11_30).
    assert state["question"] is None and "word_question" not in [e["type"] for e in events]
    assert legal_moves(state, 1) == [] and legal_moves(state, 2) == []


def test_ruling_R20_a_seal_is_not_a_new_stone():
    stones = [*ELEVEN, (1, DAVID, [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2)])]
    state = arrange({1: [card(NOAH, 0)]}, stones=stones[1:])
    assert len(state["stones"]) == 11
    state = arrange({1: [card(DAVID, 3), card(NOAH, 0)]}, stones=stones[1:], remember_word=False)
    state, _ = apply(state, 1, {"seal": {"story": DAVID}})
    assert state["over"] is None and len(state["stones"]) == 11


TEN = [(1 + s % 2, s, [card(s, 0), card(s, 1), card(s, 2)]) for s in range(1, 11)]
LOOSE = [card(s, 3) for s in range(1, 11)]  # Word cards of the ten open stones
UNLAID = [c for c in range(80) if c // 4 + 1 > 10 and c != card(12, 0)]


def test_ruling_R21_the_game_ends_when_the_well_is_empty_and_no_stone_can_be_made():
    # Seat 1 holds Word cards of seat 2's stones and the other way round: dead cards.
    hands = {1: [*LOOSE[0::2], card(12, 0)], 2: LOOSE[1::2], 3: UNLAID}
    state = arrange(hands, stones=TEN, seats=["person", "person", "helper", "helper"], remember_word=False)
    assert state["well"] == [] and state["over"] is None
    state, _ = apply(state, 1, {"ask": {"seat": 3, "story": 12}})
    assert state["over"] is None
    state, events = apply(state, 1, {"knock": {"story": 12}})
    assert state["over"] == {"reason": "no_more_stones"} and len(state["stones"]) == 11
    assert first(events, "game_over")["winners"] == [1]


def test_ruling_R21_a_seal_still_possible_keeps_the_game_going():
    hands = {1: [LOOSE[1], *LOOSE[0::2]], 2: LOOSE[3::2], 3: [*UNLAID, card(12, 0)]}
    state = arrange(hands, stones=TEN, seats=["person", "person", "helper", "helper"], remember_word=False)
    assert state["over"] is None  # seat 1 can still seal its Abraham stone
    state, _ = apply(state, 1, {"seal": {"story": 2}})
    assert state["over"] == {"reason": "no_more_stones"}


def test_ruling_R21_in_teams_a_partner_holding_the_missing_card_keeps_the_game_going():
    hands = {1: LOOSE[0::2], 3: [LOOSE[1]], 2: LOOSE[3::2], 4: [*UNLAID, card(12, 0)]}
    stones = [(1 if s % 2 == 0 else 2, s, cards) for _o, s, cards in TEN]
    state = arrange(hands, stones=stones, teams=True, remember_word=False)
    assert state["over"] is None  # seat 3 can pass seat 1 the card for its Abraham stone
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": 1}})
    assert state["over"] is None


def test_ruling_R22_most_points_wins_and_equal_top_points_share_the_win():
    hand = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(NOAH, 0)]
    stones = [(2, 9, [36, 37, 38]), *ELEVEN[2:]]
    state = arrange({1: hand}, stones=stones)
    assert len(state["stones"]) == 10
    state["stones"].append([3, 10, [40, 41, 42]])
    state["well"] = [c for c in state["well"] if c not in (40, 41, 42)]
    state["points"][2] += 2
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    outcome = result(state).to_json()
    points = {r["seat"]: r["points"] for r in outcome["ranking"]}
    top = max(points.values())
    assert outcome["winners"] == [s for s, p in points.items() if p == top]
    assert outcome["shared"] == (len(outcome["winners"]) > 1)
    ranks = [r["rank"] for r in outcome["ranking"]]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_ruling_R22_a_tie_for_the_most_points_is_a_shared_win():
    state = arrange({1: [card(NOAH, 0)]}, stones=[(1, 9, [36, 37, 38]), (2, 10, [40, 41, 42])])
    state["over"] = {"reason": "no_more_stones"}
    state["phase"] = "over"
    outcome = result(state).to_json()
    assert outcome["winners"] == [1, 2] and outcome["shared"] and not outcome["no_winner"]
    assert [r["rank"] for r in outcome["ranking"]] == [1, 1, 3, 3]


def test_ruling_R23_the_host_can_end_the_game_early_and_nobody_wins():
    state = arrange({1: [card(NOAH, 0)]}, stones=[(1, 9, [36, 37, 38])])
    state, events = apply_server(state, {"end": {}})
    outcome = result(state).to_json()
    assert outcome["reason"] == "ended_by_host" and outcome["winners"] == []
    assert outcome["no_winner"] and first(events, "game_over")["winners"] == []
    assert view(state, 2)["result"] == outcome
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    assert refused.value.code == "game_over"
    with pytest.raises(IllegalMove):
        apply_server(state, {"end": {}})
