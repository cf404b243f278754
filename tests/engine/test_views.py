"""Who sees what (R14, R32, R33): seat views, event filtering, the reviewer's view."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import apply, events_for, full_view, legal_moves, new_game, public_view, view
from game.engine.events import events_full
from tests.engine.support import make_deck

VIEW_KEYS = {
    "rules_version",
    "seat",
    "hand",
    "seats",
    "well",
    "stones",
    "asks",
    "gifts",
    "passes",
    "turn",
    "phase",
    "turns",
    "asked",
    "ask_story",
    "passed",
    "question",
    "owed",
    "options",
    "stories",
    "legal_moves",
    "result",
}
SHAPES = [
    (["person", "person", "helper", "helper"], False),
    (["person", "helper", "agent", "person", "helper"], False),
    (["person"] * 4, True),
]


def played(seed: int, steps: int, shape: int):
    """A game after some random legal moves (agents give their first card)."""
    seats, teams = SHAPES[shape]
    rng = random.Random(seed)
    state = new_game(make_deck(), seats, seed=seed, remember_word=True, teams=teams)
    for _ in range(steps):
        if state["over"] is not None:
            break
        state, _ = apply(state, state["turn"], rng.choice(legal_moves(state, state["turn"])))
    return state


def shuffled_elsewhere(state, seat: int, rng: random.Random):
    """The same table for `seat`, but other hands, the Well's order and the seed all differ."""
    other = json.loads(json.dumps(state))
    seats = [s for s in range(1, len(state["kinds"]) + 1) if s != seat]
    pool = [c for s in seats for c in other["hands"][s - 1]] + other["well"]
    rng.shuffle(pool)
    for s in seats:
        size = len(other["hands"][s - 1])
        other["hands"][s - 1], pool = sorted(pool[:size]), pool[size:]
    other["well"] = pool
    other["seed"] = state["seed"] + 1
    return other


def dumped(state, seat: int) -> str:
    return json.dumps(view(state, seat), sort_keys=True)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 120), st.integers(0, 2), st.integers(0, 10**6))
def test_ruling_R32_a_view_is_the_same_whatever_the_hidden_cards_the_well_order_or_seed(
    seed, steps, shape, other_seed
):
    state = played(seed, steps, shape)
    rng = random.Random(other_seed)
    for seat in range(1, len(state["kinds"]) + 1):
        assert dumped(state, seat) == dumped(shuffled_elsewhere(state, seat, rng), seat)


def test_ruling_R32_a_view_holds_the_public_table_and_never_the_seed_or_well_order():
    state = played(3, 40, 0)
    mine = view(state, 2)
    assert set(mine) == VIEW_KEYS
    assert mine["hand"] == state["hands"][1]
    assert isinstance(mine["well"], int)
    text = json.dumps(mine)
    assert "seed" not in text and "verses" not in text and "hands" not in text
    assert [s["hand_size"] for s in mine["seats"]] == [len(h) for h in state["hands"]]


def test_ruling_R14_a_helper_view_is_the_same_kind_of_view_a_person_gets():
    state = played(5, 30, 0)
    assert set(view(state, 4)) == VIEW_KEYS


def test_ruling_R33_the_reviewer_sees_every_hand_and_the_well():
    state = played(4, 30, 0)
    everything = full_view(state)
    assert everything["hands"] == {str(i + 1): h for i, h in enumerate(state["hands"])}
    assert everything["well_cards"] == state["well"] and everything["seed"] == state["seed"]


def test_hidden_draws_are_shown_only_to_the_seat_that_drew():
    state = new_game(
        make_deck(), ["person", "helper", "helper", "helper"], seed=9, remember_word=True, teams=False
    )
    rng = random.Random(1)
    seen = []
    for _ in range(200):
        if state["over"] is not None:
            break
        state, events = apply(state, 1, rng.choice(legal_moves(state, 1)))
        seen += events
    secret = [e for e in seen if "secret" in e]
    assert secret
    for item in secret:
        drawer = item["secret"]["seats"]
        for seat in range(1, 5):
            shown = events_for([item], seat)[0]
            assert ("card" in shown) == (seat in drawer)
        assert "card" in events_full([item])[0] and "card" not in events_for([item], None)[0]


def test_a_view_is_json_safe_and_reading_it_changes_nothing():
    state = played(8, 50, 1)
    before = json.dumps(state)
    for seat in range(1, 6):
        json.dumps(view(state, seat))
    json.dumps(full_view(state))
    assert json.dumps(state) == before


def everyone_elsewhere(state, rng: random.Random):
    """The same table with every hand and the Well dealt otherwise (sizes kept) and another seed."""
    other = json.loads(json.dumps(state))
    pool = [c for hand in other["hands"] for c in hand] + other["well"]
    rng.shuffle(pool)
    for hand in other["hands"]:
        size = len(hand)
        hand[:], pool = sorted(pool[:size]), pool[size:]
    other["well"] = pool
    other["seed"] = state["seed"] + 1
    return other


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 160), st.integers(0, 2), st.integers(0, 10**6))
def test_the_public_view_is_the_same_whatever_every_hand_the_well_or_the_seed(seed, steps, shape, other_seed):
    """Issue 31: a table screen's and a watcher's view (the seat view with no seat) depends on no
    hidden card at all: two states that differ only in hidden cards give the same one."""
    state = played(seed, steps, shape)
    other = everyone_elsewhere(state, random.Random(other_seed))
    assert json.dumps(public_view(state), sort_keys=True) == json.dumps(public_view(other), sort_keys=True)


def test_the_public_view_is_a_seat_view_less_the_seat_own_part():
    state = played(5, 60, 2)
    public = public_view(state)
    assert set(public) == VIEW_KEYS
    assert public["seat"] is None and public["hand"] == [] and public["legal_moves"] == []
    assert public["question"] is None
    mine = view(state, state["turn"])
    for key in VIEW_KEYS - {"seat", "hand", "legal_moves", "question"}:
        assert public[key] == mine[key], key
    # The public parts of the events: a hidden draw says that a card was drawn, never which.
    hidden = [{"type": "well_draw", "seat": 2, "matched": False, "secret": {"seats": [2], "card": 7}}]
    assert events_for(hidden, None) == [{"type": "well_draw", "seat": 2, "matched": False}]
