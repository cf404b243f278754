"""Every refusal the engine gives is a RuleCode member and comes with words for people (the move's own)."""

from __future__ import annotations

import random

import pytest

from game import engine
from game.engine import (
    IllegalMove,
    RuleCode,
    apply,
    apply_server,
    current_seat,
    is_over,
    legal_moves,
    new_game,
    refusal_words,
)
from game.engine.moves import COMMON_REFUSALS, MOVES
from tests.engine.support import make_deck

DECK = make_deck()
TABLES = [
    (["person", "agent", "person", "helper", "agent"], False, None),
    (["person"] * 4, True, None),
    (["person", "person", "person", "helper"], False, {"variant": "together"}),
]
NAMES = [kind.name for kind in MOVES]


def a_wrong_move(rng: random.Random) -> object:
    """A move from the whole move space, mostly wrong: any name, any numbers, or no shape at all."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice(
            [None, "ask", {}, {"ask": 1}, {"ask": {"seat": "2", "story": 1}}, {"well": {"x": 1}}]
        )
    kind = rng.choice(MOVES)
    return {kind.name: {field: rng.randint(-1, 85) for field in kind.fields}}


def refusals_met(games: int) -> list[tuple[IllegalMove, object, int | None]]:
    """Play random games; before each legal move, try a few wrong ones from a seat or the server."""
    met = []
    for game in range(games):
        rng = random.Random(game)
        seats, teams, options = TABLES[game % len(TABLES)]
        state = new_game(DECK, seats, seed=game, remember_word=True, teams=teams, options=options)
        while not is_over(state):
            for _ in range(4):
                move, seat = a_wrong_move(rng), rng.choice([None, current_seat(state), rng.randint(0, 6)])
                try:
                    state_after = apply_server(state, move) if seat is None else apply(state, seat, move)
                except IllegalMove as refusal:
                    met.append((refusal, move, seat))
                else:
                    if seat is None and "let_back" not in move and "takeover" not in move:
                        continue  # a server move that was allowed (e.g. the host's end) is not played on
                    state = state_after[0]
            if not is_over(state):
                seat = current_seat(state)
                state = apply(state, seat, rng.choice(legal_moves(state, seat)))[0]
    return met


def test_every_code_raised_is_a_rule_code_with_the_words_of_the_refused_move():
    met = refusals_met(24)
    seen = set()
    for refusal, move, _seat in met:
        assert type(refusal.code) is RuleCode, f"{refusal.code!r} is not a RuleCode"
        assert refusal.words, f"no words for {refusal.code}"
        kind = next((k for k in MOVES if isinstance(move, dict) and k.name in move), None)
        own = kind.refusals.get(refusal.code) if kind is not None else None
        assert refusal.words == (own or COMMON_REFUSALS[refusal.code])
        seen.add(refusal.code)
    # Not a test of nothing: the wrong moves meet most of the codes the rules have.
    assert len(seen) >= 24, sorted(set(RuleCode) - seen)


def test_every_rule_code_has_words_and_every_code_with_words_is_a_rule_code():
    declared = set(COMMON_REFUSALS) | {
        code for k in MOVES for code in [*k.refusals, *k.wrong_moment.values()]
    }
    assert declared == set(RuleCode)
    assert all(type(code) is RuleCode for code in declared)
    for code in RuleCode:
        assert refusal_words(code) and refusal_words(code.value) == refusal_words(code)
    assert refusal_words("no_such_code") is None


def test_one_code_reads_as_its_own_move_says_it():
    # not_a_person: an agent trying a person's move, and the server taking over a seat JagAI plays.
    state = new_game(DECK, ["person", "agent", "person", "helper"], seed=4, remember_word=True, teams=False)
    while current_seat(state) != 2 or is_over(state):
        state = apply(state, current_seat(state), legal_moves(state, current_seat(state))[0])[0]
    with pytest.raises(IllegalMove) as by_agent:
        apply(state, 2, {"done": {}})
    with pytest.raises(IllegalMove) as by_server:
        apply_server(state, {"takeover": {"seat": 4}})
    assert by_agent.value.code == by_server.value.code == RuleCode.NOT_A_PERSON
    assert by_agent.value.words == "Your seat is played by JagAI now."
    assert by_server.value.words == "That seat is not played by a person."


def test_rule_codes_are_their_text_for_clients():
    assert engine.RuleCode is RuleCode and "RuleCode" in engine.__all__
    assert RuleCode.GAME_OVER == "game_over" and f"{RuleCode.GAME_OVER}" == "game_over"
    refusal = IllegalMove(RuleCode.NOT_YOUR_TURN, "It isn't your turn yet.")
    assert str(refusal) == "not_your_turn" and refusal.words == "It isn't your turn yet."
