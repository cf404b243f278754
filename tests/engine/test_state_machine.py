"""Random legal and illegal moves from every seat never break the rules' invariants.

What it holds the move table to: every listed move is accepted; a move from the whole move space
is accepted exactly when it is listed; apply never changes its input; replaying the moves rebuilds
the state; and the invariants hold after every step.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.engine import (
    IllegalMove,
    RuleCode,
    apply,
    apply_server,
    from_json,
    legal_moves,
    new_game,
    refusal_words,
    replay,
    to_json,
)
from game.engine.invariants import violations
from tests.engine.support import make_deck

SHAPES = [
    (["person", "person", "helper", "helper"], False),
    (["person", "helper", "helper", "helper", "helper"], False),
    (["person", "agent", "person", "helper", "agent"], False),
    (["person"] * 4, True),
    (["person", "person", "person", "person", "helper"], False),
]
DECKS = {n: make_deck(n) for n in (8, 12, 20)}
ints = st.integers(-2, 90)
NAMES = ["ask", "well", "knock", "seal", "done", "answer", "pass", "give", "keep"]
random_moves = st.one_of(
    st.builds(lambda s, t: {"ask": {"seat": s, "story": t}}, st.integers(-1, 6), st.integers(-1, 22)),
    st.sampled_from([{"well": {}}, {"done": {}}, {"keep": {}}, {}, "well", None, {"well": {"x": 1}}]),
    st.builds(lambda n, v: {n: {"story": v}}, st.sampled_from(["knock", "seal"]), st.integers(-1, 22)),
    st.builds(lambda v: {"answer": {"choice": v}}, st.integers(-1, 3)),
    st.builds(lambda n, v: {n: {"card": v}}, st.sampled_from(["pass", "give"]), ints),
    st.builds(lambda n: {n: {"seat": "1"}}, st.sampled_from(NAMES)),
)
MAX_STEPS_TO_FINISH = 20_000


class GameMachine(RuleBasedStateMachine):
    """Drives one game; every refused move must leave the state exactly as it was."""

    @initialize(
        seed=st.integers(0, 2**31),
        shape=st.integers(0, len(SHAPES) - 1),
        stories=st.sampled_from(sorted(DECKS)),
        word=st.booleans(),
    )
    def start(self, seed, shape, stories, word):
        seats, teams = SHAPES[shape]
        self.initial = new_game(DECKS[stories], seats, seed=seed, remember_word=word, teams=teams)
        self.state = self.initial
        self.moves: list = []
        self.seats = len(seats)

    def _try(self, seat, move):
        """Apply a move; True when accepted. Accepted or refused, the state it was given is unchanged."""
        before = to_json(self.state)
        listed = seat is not None and move in legal_moves(self.state, seat)
        try:
            if seat is None:
                new, _ = apply_server(self.state, move)
            else:
                new, _ = apply(self.state, seat, move)
        except IllegalMove as refused:
            assert type(refused.code) is RuleCode and refused.words, f"no words for {refused.code}"
            assert refusal_words(refused.code), f"no words for {refused.code}"
            assert to_json(self.state) == before
            assert not listed, f"listed but refused ({refused.code}): {move}"
            return False
        assert to_json(self.state) == before, "apply changed its input"
        assert seat is None or listed, f"accepted but not listed: {move}"
        self.state = new
        self.moves.append((seat, move))
        return True

    @rule(data=st.data())
    def a_legal_move(self, data):
        if self.state["over"] is None:
            seat = self.state["turn"]
            assert self._try(seat, data.draw(st.sampled_from(legal_moves(self.state, seat))))

    @rule(data=st.data())
    def several_legal_moves(self, data):
        rng = random.Random(data.draw(st.integers(0, 2**20)))
        for _ in range(rng.randrange(1, 25)):
            if self.state["over"] is not None:
                return
            seat = self.state["turn"]
            assert self._try(seat, rng.choice(legal_moves(self.state, seat)))

    @rule(seat=st.integers(-1, 6), move=random_moves)
    def any_move_from_any_seat(self, seat, move):
        self._try(seat, move)

    @rule(move=st.sampled_from([{"timeout": {}}, {"agent_timeout": {}}, {"timeout": {"x": 1}}]))
    def the_clock(self, move):
        self._try(None, move)

    @rule(seat=st.integers(0, 6))
    def someone_leaves(self, seat):
        self._try(None, {"takeover": {"seat": seat}})

    @precondition(lambda self: len(self.moves) > 30)
    @rule()
    def the_host_ends_it(self):
        self._try(None, {"end": {}})

    @invariant()
    def the_rules_hold(self):
        assert violations(self.state) == []

    @invariant()
    def json_round_trip_is_identity(self):
        assert from_json(to_json(self.state)) == self.state

    @invariant()
    def replay_gives_the_same_state(self):
        assert to_json(replay(self.initial, self.moves)) == to_json(self.state)

    def teardown(self):
        """The game always ends: random legal play from here finishes it."""
        rng = random.Random(len(self.moves))
        state = self.state
        for _ in range(MAX_STEPS_TO_FINISH):
            if state["over"] is not None:
                break
            state, _ = apply(state, state["turn"], rng.choice(legal_moves(state, state["turn"])))
            assert violations(state) == []
        assert state["over"] is not None


GameMachine.TestCase.settings = settings(
    max_examples=120,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_random_play_from_every_seat_keeps_every_invariant = GameMachine.TestCase
