"""The rulings added on 2026-12-01: R39 (a turn the Well ended stays ending) and R40 (the host lets a
member back into their seat), and games dealt before R40 keeping their own rules."""

from __future__ import annotations

import random

import pytest

from game import engine
from game.engine import IllegalMove, apply, apply_server, legal_moves, replay
from game.engine.invariants import violations
from game.engine.rules import rules_of
from tests.engine.support import DAVID, JONAH, NOAH, RUTH, arrange, card, first, make_deck, types

# --- R39 ------------------------------------------------------------------------------------------


def test_ruling_R39_a_turn_the_well_ended_stays_ending_after_an_empty_hand_draw():
    """Knock and seal your last cards after a Well draw ended the turn: you draw, but may not ask."""
    hand = [card(NOAH, 0), card(NOAH, 1), card(NOAH, 2)]
    david = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2)]
    state = arrange(
        {1: hand, 2: [card(RUTH, 0)]}, [card(DAVID, 3), card(JONAH, 0)], stones=[(1, DAVID, david)]
    )
    state["word"] = False  # no question between the moves
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    state, events = apply(state, 1, {"well": {}})
    assert first(events, "well_draw")["matched"] is False and state["phase"] == "ending"
    state, _ = apply(state, 1, {"knock": {"story": NOAH}})
    state, events = apply(state, 1, {"seal": {"story": DAVID}})
    draw = first(events, "draw")
    assert draw["why"] == "empty_hand" and draw["secret"] == {"seats": [1], "card": card(JONAH, 0)}
    assert state["hands"][0] == [card(JONAH, 0)] and state["phase"] == "ending"
    assert {"done": {}} in legal_moves(state, 1)
    assert not [move for move in legal_moves(state, 1) if "ask" in move]
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"ask": {"seat": 2, "story": JONAH}})
    assert refused.value.code == "turn_is_ending"


def test_ruling_R39_after_a_yes_an_empty_hand_draw_lets_you_ask_as_usual():
    state = arrange({1: [card(NOAH, 0)], 2: [card(NOAH, 1), card(NOAH, 2)]}, [card(JONAH, 0)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    state, events = apply(state, 1, {"knock": {"story": NOAH}})
    assert first(events, "draw")["why"] == "empty_hand" and state["phase"] == "ask"
    assert {"ask": {"seat": 2, "story": JONAH}} in legal_moves(state, 1)


def test_ruling_R39_after_a_no_not_yet_taken_to_the_well_you_still_go_to_the_well():
    hands = {1: [card(NOAH, 0), card(NOAH, 1), card(NOAH, 2)], 2: [card(RUTH, 0)]}
    state = arrange(hands, [card(JONAH, 0), card(JONAH, 1)])
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    state, _ = apply(state, 1, {"knock": {"story": NOAH}})
    assert state["hands"][0] == [card(JONAH, 0)] and state["phase"] == "well"
    assert legal_moves(state, 1) == [{"well": {}}]


# --- R40 ------------------------------------------------------------------------------------------


def _seat_two_with_a_stone():
    """Seat 2 has laid an open stone and answered a Word question right; then it leaves."""
    hands = {1: [card(JONAH, 0)], 2: [card(RUTH, 0)], 3: [card(RUTH, 1)]}
    state = arrange(hands, stones=[(2, NOAH, [card(NOAH, 0), card(NOAH, 1), card(NOAH, 2)])])
    state["points"][1] += 1
    state["bonus"][1] += 1
    state, _ = apply_server(state, {"takeover": {"seat": 2}})
    assert state["kinds"][1] == "helper" and state["points"][1] == 0
    return state


def _to_turn_of(state, seat: int):
    """Play Done-ish turns (ask, Well, Done) until `seat` is to decide."""
    while state["turn"] != seat or state["phase"] not in ("ask", "well", "ending", "word"):
        turn = state["turn"]
        moves = legal_moves(state, turn)
        move = next((m for m in moves if "done" in m), None) or next(
            (m for m in moves if "well" in m), moves[0]
        )
        state, _ = apply(state, turn, move)
    return state


def test_ruling_R40_the_host_may_let_a_member_who_left_back_the_seat_is_theirs_from_its_next_turn():
    state = _seat_two_with_a_stone()
    state, events = apply_server(state, {"let_back": {"seat": 2}})
    assert types(events) == ["let_back"] and events[0]["times"] == 1
    # Until its next turn JagAI still plays the seat.
    assert state["kinds"][1] == "helper" and engine.is_coming_back(state, 2) and engine.is_theirs(state, 2)
    state, _ = apply(state, 1, {"ask": {"seat": 3, "story": JONAH}})
    state, _ = apply(state, 1, {"well": {}})
    held = list(state["hands"][1])
    state, events = apply(state, 1, {"done": {}})
    assert first(events, "back")["seat"] == 2
    assert state["turn"] == 2 and state["phase"] == "ask" and state["kinds"][1] == "person"
    # With the cards it holds then: JagAI made no draw or gift for it on this turn.
    assert state["hands"][1] == held
    assert not engine.is_coming_back(state, 2) and violations(state) == []


def test_ruling_R40_a_seat_jagai_took_after_missed_turns_may_come_back_too():
    state = arrange({1: [card(JONAH, 0)], 2: [card(RUTH, 0)]})
    state, _ = apply(state, 1, {"ask": {"seat": 2, "story": JONAH}})
    state, _ = apply(state, 1, {"well": {}})
    state, _ = apply(state, 1, {"done": {}})
    for _ in range(2):  # seat 2 loses two turns in a row to the clock
        state = _to_turn_of(state, 2)
        state, events = apply_server(state, {"timeout": {}})
    assert first(events, "takeover")["why"] == "timeouts" and state["kinds"][1] == "helper"
    state, _ = apply_server(state, {"let_back": {"seat": 2}})
    state = _to_turn_of(state, 2)
    assert state["kinds"][1] == "person" and state["timeouts"][1] == 0


def test_ruling_R40_the_stones_it_laid_before_count_again_and_nothing_jagai_did_scores():
    state = _seat_two_with_a_stone()
    state = _to_turn_of(state, 3)  # JagAI played seat 2's turn: it drew and gave
    state, _ = apply_server(state, {"let_back": {"seat": 2}})
    assert state["points"][1] == 0  # not yet: the seat is still JagAI's
    state = _to_turn_of(state, 2)
    # The open stone's 2 points count again; the Word point went with the seat when it left.
    assert state["points"][1] == 2 and state["bonus"][1] == 0 and state["kept"][1] == 0
    assert engine.result({**state, "over": {"reason": "twelve_stones"}}).to_json()["ranking"][0]["seat"] == 2
    assert violations(state) == []


def test_ruling_R40_a_member_can_come_back_at_most_twice_a_game():
    state = _seat_two_with_a_stone()
    for times in (1, 2):
        state, _ = apply_server(state, {"let_back": {"seat": 2}})
        state = _to_turn_of(state, 2)
        assert engine.times_back(state, 2) == times
        state, _ = apply_server(state, {"takeover": {"seat": 2}})
    with pytest.raises(IllegalMove) as refused:
        apply_server(state, {"let_back": {"seat": 2}})
    assert refused.value.code == "back_twice_already"


def test_ruling_R40_only_a_persons_seat_that_jagai_plays_comes_back_and_only_once_at_a_time():
    state = arrange({1: [card(JONAH, 0)]}, seats=["person", "person", "agent", "helper"])
    refusals = {2: "not_taken_over", 4: "not_taken_over", 9: "unknown_seat"}
    state, _ = apply_server(state, {"takeover": {"seat": 3}})  # an agent withdrawn (R38)
    refusals[3] = "not_taken_over"  # agents are not members: R40 lets members back
    for seat, code in refusals.items():
        with pytest.raises(IllegalMove) as refused:
            apply_server(state, {"let_back": {"seat": seat}})
        assert refused.value.code == code
    state, _ = apply_server(state, {"takeover": {"seat": 2}})
    state, _ = apply_server(state, {"let_back": {"seat": 2}})
    with pytest.raises(IllegalMove) as refused:
        apply_server(state, {"let_back": {"seat": 2}})
    assert refused.value.code == "already_coming_back"


def test_ruling_R40_a_member_who_leaves_again_before_their_turn_stays_with_jagai_and_the_time_counts():
    state = _seat_two_with_a_stone()
    state, _ = apply_server(state, {"let_back": {"seat": 2}})
    state, events = apply_server(state, {"takeover": {"seat": 2}})
    assert first(events, "takeover")["seat"] == 2 and not engine.is_coming_back(state, 2)
    state = _to_turn_of(state, 3)
    assert state["kinds"][1] == "helper" and engine.times_back(state, 2) == 1


def test_ruling_R40_is_refused_in_games_dealt_before_it_and_offered_by_rules_version_3():
    state = _seat_two_with_a_stone()
    assert state["version"] == 3 and rules_of(state).host_may_let_back
    for version in (1, 2):
        with pytest.raises(IllegalMove) as refused:
            apply_server({**state, "version": version}, {"let_back": {"seat": 2}})
        assert refused.value.code == "no_coming_back"


def test_ruling_R40_random_games_with_seats_leaving_and_coming_back_keep_every_invariant_and_replay():
    came_back = 0
    for seed in range(12):
        rng = random.Random(seed)
        initial = engine.new_game(
            make_deck(), ["person"] * 4, seed=seed, remember_word=True, teams=seed % 2 == 0
        )
        state, moves = initial, []
        while not engine.is_over(state) and len(moves) < 600:
            server = _server_move(state, rng)
            if server is not None:
                state, events = apply_server(state, server)
                moves.append((None, server))
            else:
                seat = engine.current_seat(state)
                move = rng.choice(legal_moves(state, seat))
                state, events = apply(state, seat, move)
                moves.append((seat, move))
            came_back += types(events).count("back")
            assert violations(state) == [], (seed, len(moves))
        assert replay(initial, moves) == state
    assert came_back >= 12  # the games did bring members back to play


def _server_move(state, rng: random.Random) -> dict | None:
    """Now and then a person (never seat 1, the host) leaves, or a seat that left is let back."""
    if rng.random() > 0.15:
        return None
    seats = range(2, 5)
    away = [s for s in seats if not engine.is_theirs(state, s) and engine.times_back(state, s) < 2]
    here = [s for s in seats if engine.is_theirs(state, s)]
    if away and rng.random() < 0.6:
        return {"let_back": {"seat": rng.choice(away)}}
    if here and len(engine.persons(state)) > 2:
        return {"takeover": {"seat": rng.choice(here)}}
    return None
