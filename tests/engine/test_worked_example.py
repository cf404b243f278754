"""The worked example at the end of the full rules, played move by move."""

from __future__ import annotations

from game.engine import apply, events_for, view
from tests.engine.support import DAVID, JONAH, arrange, card, first, types

P1_HAND = [card(DAVID, 0), card(DAVID, 1), card(6, 0), card(9, 0), card(10, 0)]
P2_HAND = [card(DAVID, 2), card(1, 0), card(1, 1), card(1, 2), card(11, 0)]
P3_HAND = [card(JONAH, 0), card(13, 0), card(14, 0), card(15, 0), card(16, 0)]
JAGAI_HAND = [card(JONAH, 1), card(17, 0), card(18, 0), card(19, 0), card(20, 0)]
WELL_TOP = [card(DAVID, 3), card(2, 1), card(3, 1), card(4, 1)]


def start():
    """Players 1-3 and JagAI in seat 4, hands and Well as in the example."""
    return arrange(
        {1: P1_HAND, 2: P2_HAND, 3: P3_HAND, 4: JAGAI_HAND},
        WELL_TOP,
        seats=["person", "person", "person", "helper"],
    )


def test_player_1_asks_player_2_for_david_and_goliath_and_is_handed_the_sling():
    state, events = apply(start(), 1, {"ask": {"seat": 2, "story": DAVID}})
    assert first(events, "answer")["cards"] == [card(DAVID, 2)]
    assert [c for c in view(state, 1)["hand"] if c // 4 + 1 == DAVID] == [24, 25, 26]
    assert state["phase"] == "ask" and state["turn"] == 1


def test_the_whole_example_from_the_first_ask_to_jagais_gift_to_player_3():
    state, _ = apply(start(), 1, {"ask": {"seat": 2, "story": DAVID}})
    state, events = apply(state, 1, {"ask": {"seat": 3, "story": DAVID}})
    assert first(events, "answer")["count"] == 0
    assert view(state, 1)["legal_moves"][0] == {"well": {}}
    state, events = apply(state, 1, {"well": {}})
    draw = first(events, "well_draw")
    assert draw["matched"] and draw["card"] == card(DAVID, 3)
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    knock = first(events, "knock")
    assert knock["sealed"] and knock["points"] == 4 and knock["place"] == 1
    question = view(state, 1)["question"]
    assert "_____" in question["text"] and len(question["choices"]) == 3
    right = state["question"]["answer"]
    state, events = apply(state, 1, {"answer": {"choice": right}})
    assert first(events, "word_answer")["right"]
    assert view(state, 2)["seats"][0]["points"] == 5
    state, _ = apply(state, 1, {"done": {}})
    # Player 2 lays three Noah cards, then asks, hears no and draws a card that ends the turn.
    state, _ = apply(state, 2, {"knock": {"story": 1}})
    state, _ = apply(state, 2, {"ask": {"seat": 1, "story": 11}})
    state, _ = apply(state, 2, {"well": {}})
    state, _ = apply(state, 2, {"done": {}})
    # Player 3 asks for Jonah out loud.
    state, _ = apply(state, 3, {"ask": {"seat": 1, "story": JONAH}})
    state, _ = apply(state, 3, {"well": {}})
    state, events = apply(state, 3, {"done": {}})
    assert types(events)[:3] == ["done", "turn", "draw"]
    gift = first(events, "gift")
    assert gift == {
        "type": "gift",
        "giver": 4,
        "recipient": 3,
        "card": card(JONAH, 1),
        "story": JONAH,
        "reason": "asked",
    }
    assert state["turn"] == 1
    assert card(JONAH, 1) in view(state, 3)["hand"]
    # JagAI's own draw is seen by JagAI alone.
    helper_draw = first(events, "draw")
    assert "card" not in first(events_for(events, 1), "draw")
    assert first(events_for(events, 4), "draw")["card"] == helper_draw["secret"]["card"]
