"""The rulings added on 2026-11-30 (R34-R37), and games dealt before them keeping their own rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import IllegalMove, apply, apply_server, events_for, legal_moves, owed, replay, view
from game.engine.rules import rules_of
from tests.engine.support import DAVID, JONAH, NOAH, RUTH, arrange, card, first, types
from tests.engine.test_helpers import FILLER, STONES, WELL, to_helper_turn

ELEVEN = [(1 + (s % 2), s, [card(s, 0), card(s, 1), card(s, 2)]) for s in range(9, 20)]
FIXTURE = Path(__file__).parent / "fixtures" / "replay_rules_v1.json"


def last_stone_with_a_word(version: int = 2):
    """Seat 1 about to lay the twelfth stone, its Word card among the four."""
    hand = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(DAVID, 3), card(NOAH, 0)]
    state = arrange({1: hand}, stones=ELEVEN)
    state["version"] = version
    return apply(state, 1, {"knock": {"story": DAVID}})


def test_ruling_R34_the_last_stones_word_question_is_asked_before_the_end_and_its_point_counts():
    state, events = last_stone_with_a_word()
    assert "word_question" in types(events) and "game_over" not in types(events)
    assert state["over"] is None and len(state["stones"]) == 12
    assert legal_moves(state, 1) == [{"answer": {"choice": i}} for i in range(3)]
    right, before = state["question"]["answer"], state["points"][0]
    state, events = apply(state, 1, {"answer": {"choice": right}})
    assert types(events)[-2:] == ["word_answer", "game_over"]
    assert state["over"] == {"reason": "twelve_stones"}
    assert state["points"][0] == before + 1
    assert view(state, 1)["result"]["ranking"][0] == {"seat": 1, "points": before + 1, "rank": 1}


def test_ruling_R34_an_unanswered_last_question_times_out_then_the_game_ends_without_the_point():
    state, _ = last_stone_with_a_word()
    before = state["points"][0]
    state, events = apply_server(state, {"timeout": {}})
    assert first(events, "word_answer")["choice"] is None
    assert state["over"] == {"reason": "twelve_stones"} and state["points"][0] == before


def test_ruling_R34_the_host_may_still_end_the_game_while_the_last_question_waits():
    state, _ = last_stone_with_a_word()
    state, _ = apply_server(state, {"end": {}})
    assert state["over"] == {"reason": "ended_by_host"} and state["question"] is None


def no_before_the_well(version: int = 2):
    """Seat 1 holds three Noah cards, asks seat 2 for Noah and hears no: the Well waits."""
    hands = {1: [card(NOAH, 0), card(NOAH, 1), card(NOAH, 2)], 2: [card(RUTH, 0)]}
    state = arrange(hands, [card(JONAH, 0), card(JONAH, 1)])
    state["version"] = version
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    assert state["phase"] == "well"
    return state


def test_ruling_R35_a_hand_emptied_mid_turn_draws_at_once_hidden_and_the_well_still_waits():
    state, events = apply(no_before_the_well(), 1, {"knock": {"story": NOAH}})
    draw = first(events, "draw")
    assert draw["why"] == "empty_hand" and draw["secret"] == {"seats": [1], "card": card(JONAH, 0)}
    assert "card" not in events_for(events, 2)[-1]
    assert state["hands"][0] == [card(JONAH, 0)] and state["phase"] == "well"
    state, events = apply(state, 1, {"well": {}})
    assert state["hands"][0] == [card(JONAH, 0), card(JONAH, 1)] and state["phase"] == "ending"


def test_ruling_R35_does_not_apply_to_games_dealt_under_rules_version_1():
    state, events = apply(no_before_the_well(version=1), 1, {"knock": {"story": NOAH}})
    assert "draw" not in types(events) and state["hands"][0] == [] and state["phase"] == "well"


def agent_to_give(agent_hand: list[int]):
    """Seat 4 is an agent owing seat 3 a gift; seat 3 asked for its Jonah card's story."""
    hands = {1: [card(NOAH, 0)], 2: [card(RUTH, 0)], 3: [card(JONAH, 0)], 4: agent_hand}
    state = arrange(hands, WELL, seats=["person", "person", "person", "agent"], stones=STONES)
    state, _ = to_helper_turn(state)
    assert owed(state) == {"seat": 4, "recipient": 3, "count": 1}
    return state


def test_ruling_R36_an_agent_may_keep_a_gift_exactly_when_no_card_fits():
    state = agent_to_give(list(FILLER))
    moves = legal_moves(state, 4)
    assert moves[-1] == {"keep": {}} and len(moves) == len(state["hands"][3]) + 1
    kept, events = apply(state, 4, {"keep": {}})
    assert first(events, "gift_kept")["count"] == 1 and kept["kept"][3] == 1 and kept["turn"] == 1
    # Any card is still a legal choice.
    _, events = apply(state, 4, {"give": {"card": FILLER[2]}})
    assert first(events, "gift")["reason"] == "choice"


def test_ruling_R36_an_agent_must_give_when_a_card_fits_any_card_it_holds():
    state = agent_to_give([card(JONAH, 1), *FILLER])
    assert {"keep": {}} not in legal_moves(state, 4)
    with pytest.raises(IllegalMove) as refused:
        apply(state, 4, {"keep": {}})
    assert refused.value.code == "a_card_fits"
    _, events = apply(state, 4, {"give": {"card": FILLER[0]}})
    assert first(events, "gift")["reason"] == "choice"


def test_ruling_R37_an_answer_says_which_cards_changed_hands_in_the_log_and_every_view():
    hands = {1: [card(NOAH, 0)], 3: [card(NOAH, 1), card(NOAH, 3), card(RUTH, 0)]}
    state = arrange(hands)
    state, events = apply(state, 1, {"ask": {"seat": 3, "story": NOAH}})
    won = [card(NOAH, 1), card(NOAH, 3)]
    for seat in (1, 2, 3, 4):
        assert first(events_for(events, seat), "answer")["cards"] == won
        assert view(state, seat)["asks"][-1] == {
            "seat": 1,
            "target": 3,
            "story": NOAH,
            "count": 2,
            "cards": won,
        }


def test_a_game_dealt_after_these_rulings_carries_a_later_rules_version_and_an_unknown_one_is_refused():
    state = arrange({1: [card(NOAH, 0)]})
    assert state["version"] >= 2 and view(state, 1)["rules_version"] == state["version"]
    assert rules_of(state).last_word_is_asked
    state["version"] = 99
    with pytest.raises(ValueError):
        rules_of(state)


def test_the_last_stone_of_a_rules_version_1_game_still_brings_no_question():
    state, events = last_stone_with_a_word(version=1)
    assert state["over"] == {"reason": "twelve_stones"} and "word_question" not in types(events)


def test_games_recorded_before_the_new_rulings_replay_to_their_recorded_end():
    recorded = json.loads(FIXTURE.read_text())
    assert recorded["rules_version"] == 1 and len(recorded["games"]) == 3
    for game in recorded["games"]:
        assert game["initial"]["version"] == 1
        final = replay(game["initial"], [(seat, move) for seat, move in game["moves"]])
        assert final == game["final"] and final["over"] is not None
