"""The simulator's fast paths give exactly what the public API gives."""

from __future__ import annotations

import random

from game import engine
from game.engine import flow
from game.engine.jagai_view import helper_view
from game.engine.moves import as_move, legal_options
from game.engine.simulate import play
from game.engine.state import check_seats, deal, table_of
from tests.engine.support import make_deck

TABLES = [
    (["person", "person", "helper", "helper"], False),
    (["person", "helper", "agent", "person", "helper"], False),
    (["person"] * 4, True),
]


def _games(count: int):
    """(state, seat kinds) after every move of a few random games on each table shape."""
    deck = make_deck()
    rng = random.Random(11)
    for kinds, teams in TABLES:
        for _ in range(count):
            state = engine.new_game(deck, kinds, seed=rng.randrange(2**31), remember_word=True, teams=teams)
            while state["over"] is None:
                yield state
                moves = engine.legal_moves(state, state["turn"])
                state, _events = engine.apply(state, state["turn"], rng.choice(moves))


def test_legal_options_are_legal_moves_in_light_form_for_every_seat():
    for state in _games(3):
        for seat in range(1, len(state["kinds"]) + 1):
            options = legal_options(state, seat)
            assert [as_move(o) for o in options] == engine.legal_moves(state, seat)


def test_helper_view_is_exactly_a_part_of_the_seat_view_R14():
    for state in _games(3):
        for seat in range(1, len(state["kinds"]) + 1):
            part = helper_view(state, seat)
            full = engine.view(state, seat)
            assert part == {key: full[key] for key in part}
            assert helper_view(state, seat, part) == part


def test_hands_stay_sorted_as_legal_options_assume():
    for state in _games(3):
        assert all(held == sorted(held) for held in state["hands"])


def test_play_in_place_matches_apply():
    for state in _games(2):
        option = random.Random(state["turns"]).choice(legal_options(state, state["turn"]))
        expected, expected_events = engine.apply(state, state["turn"], as_move(option))
        mine = engine.from_json(engine.to_json(state))
        assert play(mine, state["turn"], option) == expected_events
        assert engine.to_json(mine) == engine.to_json(expected)


def test_deal_from_a_table_matches_new_game():
    deck = make_deck()
    for kinds, teams in TABLES:
        check_seats(kinds, teams)
        verses, names = table_of(deck)
        state = deal(verses, names, kinds, seed=5, remember_word=True, teams=teams)
        flow.settle(state, [])
        fresh = engine.new_game(deck, kinds, seed=5, remember_word=True, teams=teams)
        assert engine.to_json(state) == engine.to_json(fresh)
