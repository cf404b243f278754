"""Table options and variants (V1-V3): declared in the engine, kept in the state, played by every move."""

from __future__ import annotations

import pytest

from game.engine import (
    DeckTooSmall,
    IllegalMove,
    apply,
    events_for,
    from_json,
    legal_moves,
    new_game,
    replay,
    result,
    table_options,
    to_json,
    view,
)
from game.engine.helpers import pick_recipient
from game.engine.invariants import violations
from game.engine.simulate import run
from tests.engine.support import DAVID, JONAH, NOAH, RUTH, arrange, card, first, make_deck, types

PEOPLE = ["person", "person", "helper", "helper"]
HAND1 = [card(DAVID, 0), card(NOAH, 0), card(JONAH, 0)]
WELL_TOP = (card(9, 0),)


def deal(options, seats=PEOPLE, **kw):
    return new_game(make_deck(), seats, seed=11, remember_word=True, teams=False, options=options, **kw)


def test_a_standard_game_keeps_the_state_it_always_had_and_reads_standard_options():
    state = deal(None)
    assert "options" not in state
    assert table_options(state) == {
        "variant": "standard",
        "deal_seven": False,
        "ask_any": False,
        "read_aloud": False,
    }
    assert view(state, 1)["options"]["variant"] == "standard"


def test_the_options_are_plain_json_in_the_state_and_shown_in_every_view():
    state = deal({"variant": "quick", "ask_any": True})
    assert from_json(to_json(state))["options"] == state["options"]
    assert view(state, 2)["options"] == {
        "remember_word": True,
        "teams": False,
        "variant": "quick",
        "deal_seven": False,
        "ask_any": True,
        "read_aloud": False,
    }


def test_unknown_or_malformed_options_are_refused_at_the_deal():
    for bad in ({"variant": "speedy"}, {"deal_seven": 1}, {"colour": True}):
        with pytest.raises(ValueError):
            deal(bad)


def test_ruling_V1_deal_seven_deals_seven_cards_to_every_seat():
    state = deal({"deal_seven": True})
    assert [len(h) for h in state["hands"]] == [7, 7, 7, 7]
    assert len(state["well"]) == 80 - 4 * 7
    assert len(deal(None)["well"]) == 80 - 4 * 5


def test_ruling_V1_deal_seven_needs_a_deck_with_cards_left_for_the_well():
    with pytest.raises(DeckTooSmall):
        new_game(
            make_deck(8),
            ["person"] * 5,
            seed=1,
            remember_word=True,
            teams=False,
            options={"deal_seven": True},
        )


def test_ruling_V1_ask_for_any_story_lets_you_ask_for_a_story_you_hold_no_card_of():
    state = arrange({1: HAND1}, [card(9, 0)], options={"ask_any": True})
    assert {"ask": {"seat": 2, "story": RUTH}} in legal_moves(state, 1)
    assert {"ask": {"seat": 2, "story": 20}} in legal_moves(state, 1)
    state, events = apply(state, 1, {"ask": {"seat": 2, "story": RUTH}})
    assert first(events, "ask")["story"] == RUTH
    assert legal_moves(state, 1)[0] == {"well": {}}  # R7 unchanged: a no sends you to the Well


def test_ruling_V1_without_ask_any_a_story_you_hold_no_card_of_is_refused():
    state = arrange({1: HAND1}, [card(9, 0)])
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"ask": {"seat": 2, "story": RUTH}})
    assert refused.value.code == "story_not_in_hand"


def word_stone(options):
    hand = [card(NOAH, k) for k in range(4)] + [card(DAVID, 0)]
    return arrange({1: hand}, [card(9, 0)], options=options)


def test_ruling_V1_read_aloud_shows_the_verse_to_read_together_instead_of_a_question():
    state = word_stone({"read_aloud": True})
    assert state["word"] is False
    state, events = apply(state, 1, {"knock": {"story": NOAH}})
    assert "word_question" not in types(events)
    aloud = first(events_for(events, 3), "read_aloud")
    assert aloud["story"] == NOAH and aloud["verse"].startswith("But Noah found grace")
    assert state["question"] is None and state["points"][0] == 4
    assert not violations(state)


def test_ruling_V1_remember_the_word_off_asks_no_question_and_shows_no_prompt():
    state = arrange(
        {1: [card(NOAH, k) for k in range(4)] + [card(DAVID, 0)]}, [card(9, 0)], remember_word=False
    )
    state, events = apply(state, 1, {"knock": {"story": NOAH}})
    assert "word_question" not in types(events) and "read_aloud" not in types(events)


def test_ruling_V2_quick_deals_three_cards_each():
    state = deal({"variant": "quick"})
    assert all(len(h) == 3 for h in state["hands"][1:])
    assert len(state["well"]) + sum(map(len, state["hands"])) == 80


def test_ruling_V2_quick_ends_when_a_person_has_laid_two_stones_and_most_points_win():
    stones = [(1, JONAH, [card(JONAH, k) for k in range(3)])]
    state = arrange(
        {1: [card(DAVID, k) for k in range(3)] + [card(RUTH, 0)], 2: [card(NOAH, 0)]},
        [card(9, 0)],
        stones=stones,
        options={"variant": "quick"},
    )
    assert state["over"] is None
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    assert state["over"] == {"reason": "quick_goal"}
    assert first(events, "game_over")["winners"] == [1]
    assert result(state).to_json()["winners"] == [1] and not violations(state)


def test_ruling_V2_quick_in_teams_counts_the_team_s_stones():
    stones = [(3, JONAH, [card(JONAH, k) for k in range(3)])]
    state = arrange(
        {1: [card(DAVID, k) for k in range(3)] + [card(RUTH, 0)]},
        [card(9, 0)],
        teams=True,
        stones=stones,
        options={"variant": "quick"},
    )
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    assert state["over"] == {"reason": "quick_goal"} and result(state).to_json()["winners"] == [1, 3]


def test_ruling_V2_quick_asks_the_last_stone_s_word_question_first():
    stones = [(1, JONAH, [card(JONAH, k) for k in range(3)])]
    state = arrange(
        {1: [card(NOAH, k) for k in range(4)] + [card(RUTH, 0)]},
        [card(9, 0)],
        stones=stones,
        options={"variant": "quick"},
    )
    state, _ = apply(state, 1, {"knock": {"story": NOAH}})
    assert state["over"] is None and state["phase"] == "word"
    state, _ = apply(state, 1, {"answer": {"choice": state["question"]["answer"]}})
    assert state["over"] == {"reason": "quick_goal"} and state["points"][0] == 2 + 4 + 1


def together(hands, well_top=WELL_TOP, **kw):
    return arrange(
        hands, well_top, seats=["person", "person", "person", "helper"], **kw, options={"variant": "together"}
    )


def test_ruling_V3_any_person_may_pass_one_card_face_down_to_any_other_person_once_a_turn():
    state = together({1: HAND1, 2: [card(RUTH, 0)], 3: [card(5, 0)]})
    shares = [m for m in legal_moves(state, 1) if "share" in m]
    assert {m["share"]["seat"] for m in shares} == {2, 3}  # persons only, never the helper
    state, events = apply(state, 1, {"share": {"seat": 3, "card": card(NOAH, 0)}})
    assert card(NOAH, 0) in state["hands"][2]
    assert "card" not in first(events_for(events, 2), "pass")
    assert first(events_for(events, 3), "pass")["card"] == card(NOAH, 0)
    assert view(state, 2)["passes"] == [{"seat": 1, "to": 3}]
    assert not [m for m in legal_moves(state, 1) if "share" in m]
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"share": {"seat": 2, "card": card(DAVID, 0)}})
    assert refused.value.code == "already_passed"


def test_ruling_V3_a_card_cannot_go_to_a_helper_or_outside_a_together_game():
    state = together({1: HAND1, 2: [card(RUTH, 0)], 3: [card(5, 0)]})
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"share": {"seat": 4, "card": card(DAVID, 0)}})
    assert refused.value.code == "cannot_pass_to_that_seat"
    standard = arrange({1: HAND1})
    with pytest.raises(IllegalMove) as refused:
        apply(standard, 1, {"share": {"seat": 2, "card": card(DAVID, 0)}})
    assert refused.value.code == "not_together"


def test_ruling_V3_together_is_for_two_to_five_people_without_teams():
    with pytest.raises(ValueError):
        deal({"variant": "together"}, seats=["person", "helper", "helper", "helper"])
    with pytest.raises(ValueError):
        new_game(
            make_deck(),
            ["person"] * 4,
            seed=1,
            remember_word=True,
            teams=True,
            options={"variant": "together"},
        )


def test_ruling_V3_helpers_give_to_the_person_with_the_fewest_stones():
    # Seats 1 and 2 have 4 points and one or two stones; seat 3 has 5 points and no stone.
    stones = [
        (1, JONAH, [card(JONAH, k) for k in range(4)]),
        (2, DAVID, [card(DAVID, k) for k in range(3)]),
        (2, RUTH, [card(RUTH, k) for k in range(3)]),
    ]
    hands = {1: [card(NOAH, 0)], 2: [card(12 - 1, 0)], 3: [card(10, 0)]}
    state = together(hands, stones=stones)
    state["points"][2] = 5  # seat 3 leads on points but has laid no stone
    assert pick_recipient(state, 4) == 3
    standard = arrange(hands, [card(13, 0)], seats=["person", "person", "person", "helper"], stones=stones)
    standard["points"][2] = 5
    assert pick_recipient(standard, 4) == 1  # R15: fewest points (4, tied with seat 2), then seat order


def test_ruling_V3_the_table_wins_together_when_the_circle_is_filled():
    laid = [s for s in range(1, 21) if s not in (NOAH, DAVID, JONAH, RUTH, 9)][:11]
    stones = [(1 + i % 3, s, [card(s, k) for k in range(3)]) for i, s in enumerate(laid)]
    state = together({1: [card(DAVID, k) for k in range(3)] + [card(NOAH, 0)]}, stones=stones)
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    outcome = result(state).to_json()
    assert outcome["together"] == {"won": True, "stones": 12}
    assert outcome["winners"] == [1, 2, 3] and first(events, "game_over")["winners"] == [1, 2, 3]


def dry_well(options):
    """The Well is empty; seat 2 has an open stone of David, seat 1 holds its missing card, a helper the rest."""
    stones = [(2, DAVID, [card(DAVID, k) for k in range(3)])]
    rest = [c for c in range(80) if c // 4 + 1 != DAVID]
    seats = ["person", "person", "person", "helper"]
    return arrange({1: [card(DAVID, 3)], 4: rest}, (), seats=seats, stones=stones, options=options)


def test_ruling_V3_a_stone_another_person_can_seal_by_a_pass_keeps_the_game_going():
    assert dry_well(None)["over"] == {"reason": "no_more_stones"}  # R21: nobody else can seal it
    state = dry_well({"variant": "together"})
    assert state["over"] is None
    assert {"share": {"seat": 2, "card": card(DAVID, 3)}} in legal_moves(state, 1)


def test_ruling_V3_the_table_loses_together_when_the_well_runs_dry_first():
    state = dry_well({"variant": "together"})
    state, _ = apply(state, 1, {"share": {"seat": 2, "card": card(DAVID, 3)}})
    assert state["turn"] == 2  # seat 1's hand is empty and the Well too: its turn passed (R10)
    state, _ = apply(state, 2, {"seal": {"story": DAVID}})
    state, _ = apply(state, 2, {"answer": {"choice": 0}})  # R34: the Word's question first
    assert state["over"] == {"reason": "no_more_stones"}
    outcome = result(state).to_json()
    assert outcome["together"] == {"won": False, "stones": 1}
    assert outcome["winners"] == [] and outcome["no_winner"]
    assert not violations(state)


def test_every_variant_replays_exactly_from_its_initial_state_and_its_moves():
    import random

    for options in (
        {"variant": "quick"},
        {"variant": "together", "ask_any": True},
        {"deal_seven": True, "read_aloud": True},
    ):
        initial = deal(options)
        rng, state, moves = random.Random(5), initial, []
        while state["over"] is None:
            move = rng.choice(legal_moves(state, state["turn"]))
            moves.append((state["turn"], move))
            state = apply(state, state["turn"], move)[0]
        assert replay(initial, moves) == state


@pytest.mark.parametrize(
    "options",
    [{"variant": "quick"}, {"variant": "together"}, {"deal_seven": True, "ask_any": True}],
)
def test_the_simulator_plays_each_variant_with_no_invariant_broken(options):
    summary = run(make_deck(), 60, seed=1, options=options)
    assert summary["invariant_violations"] == 0
    assert summary["options"]["variant"] == options.get("variant", "standard")
    assert sum(summary["endings"].values()) == 60 and "unfinished" not in summary["endings"]
