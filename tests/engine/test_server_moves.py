"""Moves the server makes: the clock and leaving (R27, R28)."""

from __future__ import annotations

import pytest

from game.engine import IllegalMove, apply, apply_server, result, view
from tests.engine.support import DAVID, NOAH, arrange, card, first, types

SEALED_DAVID = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(DAVID, 3), card(NOAH, 0)]


def test_ruling_R27_when_the_clock_runs_out_the_turn_passes():
    state = arrange({1: [card(NOAH, 0)]})
    state, events = apply_server(state, {"timeout": {}})
    assert types(events)[:2] == ["timeout", "turn"] and state["turn"] == 2
    assert state["timeouts"][0] == 1 and state["kinds"][0] == "person"


def test_ruling_R27_an_unanswered_question_counts_as_no_bonus():
    state = arrange({1: SEALED_DAVID})
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    state, events = apply_server(state, {"timeout": {}})
    answer = first(events, "word_answer")
    assert answer["choice"] is None and not answer["right"]
    assert state["points"][0] == 4 and state["turn"] == 2 and state["question"] is None


def test_ruling_R27_two_turns_in_a_row_lost_to_the_clock_hand_the_seat_to_jagai():
    state = arrange(
        {1: [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(NOAH, 0)]},
        seats=["person", "person", "helper", "helper"],
    )
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    state, _ = apply_server(state, {"timeout": {}})
    state, _ = apply_server(state, {"timeout": {}})  # seat 2's turn: one miss for seat 2
    assert state["turn"] == 1 and state["timeouts"] == [1, 1, 0, 0]
    state, events = apply_server(state, {"timeout": {}})
    assert first(events, "takeover") == {"type": "takeover", "seat": 1, "why": "timeouts"}
    assert state["kinds"][0] == "helper" and state["points"][0] == 0
    assert view(state, 2)["stones"][0]["seat"] == 1  # its stone stays and counts toward 12
    assert view(state, 2)["seats"][0]["taken_over"]


def test_ruling_R27_a_turn_played_to_done_resets_the_count_of_missed_turns():
    state = arrange({1: [card(NOAH, 0)], 2: [card(NOAH, 1)]}, seats=["person", "person", "helper", "helper"])
    state, _ = apply_server(state, {"timeout": {}})
    state, _ = apply_server(state, {"timeout": {}})
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": state["hands"][0][0] // 4 + 1}})
    while state["turn"] == 1:
        state, _ = apply(state, 1, {"done": {}} if state["phase"] != "well" else {"well": {}})
    assert state["timeouts"][0] == 0 and state["kinds"][0] == "person"


def test_ruling_R27_a_person_who_leaves_becomes_a_helper_with_points_void():
    state = arrange({1: [card(NOAH, 0)]}, stones=[(2, DAVID, [24, 25, 26])])
    state, events = apply_server(state, {"takeover": {"seat": 2}})
    assert first(events, "takeover")["why"] == "left"
    assert state["kinds"][1] == "helper" and state["points"][1] == 0
    assert len(state["stones"]) == 1
    state, _ = apply_server(state, {"end": {}})
    assert 2 not in [r["seat"] for r in result(state).to_json()["ranking"]]


def test_ruling_R27_leaving_on_your_own_turn_passes_the_turn():
    state = arrange({1: [card(NOAH, 0)]})
    state, _ = apply_server(state, {"takeover": {"seat": 1}})
    assert state["turn"] == 2 and state["kinds"][0] == "helper"


def test_the_game_ends_with_no_winner_when_the_last_person_leaves():
    state = arrange({1: [card(NOAH, 0)]}, seats=["person", "helper", "helper", "helper"])
    state, _ = apply_server(state, {"takeover": {"seat": 1}})
    assert state["over"] == {"reason": "no_persons_left"}
    assert result(state).to_json()["winners"] == [] and result(state).to_json()["no_winner"]


def test_a_takeover_of_a_seat_that_is_not_a_person_is_refused():
    state = arrange({1: [card(NOAH, 0)]}, seats=["person", "helper", "helper", "helper"])
    for seat, code in ((2, "not_a_person"), (9, "unknown_seat")):
        with pytest.raises(IllegalMove) as refused:
            apply_server(state, {"takeover": {"seat": seat}})
        assert refused.value.code == code


def test_agent_timeout_is_refused_when_no_agent_owes_a_gift():
    state = arrange({1: [card(NOAH, 0)]})
    with pytest.raises(IllegalMove) as refused:
        apply_server(state, {"agent_timeout": {}})
    assert refused.value.code == "no_agent_waiting"
