"""Remember the Word (R11)."""

from __future__ import annotations

import random

import pytest

from game.engine import IllegalMove, apply, legal_moves, view
from game.engine.words import (
    BLANK,
    STOP_WORDS,
    _distractors,
    _proper_nouns,
    candidates,
    make_question,
    title_names,
)
from tests.engine.support import DAVID, JONAH, NOAH, STORIES, arrange, card, first, make_deck

VERSES = [verse for *_rest, verse in STORIES]
SEALED_DAVID = [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2), card(DAVID, 3), card(NOAH, 0)]


def test_ruling_R11_laying_a_word_card_brings_a_question_before_the_next_move():
    state = arrange({1: SEALED_DAVID})
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    assert first(events, "word_question") == {"type": "word_question", "seat": 1, "story": DAVID}
    assert legal_moves(state, 1) == [{"answer": {"choice": i}} for i in range(3)]
    with pytest.raises(IllegalMove) as refused:
        apply(state, 1, {"ask": {"seat": 2, "story": NOAH}})
    assert refused.value.code == "must_answer_word"


def test_ruling_R11_the_right_word_is_1_point_and_a_wrong_word_costs_nothing():
    state = arrange({1: SEALED_DAVID})
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    right = state["question"]["answer"]
    wrong = (right + 1) % 3
    good, events = apply(state, 1, {"answer": {"choice": right}})
    assert good["points"][0] == 5 and first(events, "word_answer")["right"]
    bad, events = apply(state, 1, {"answer": {"choice": wrong}})
    answer = first(events, "word_answer")
    assert bad["points"][0] == 4 and not answer["right"]
    assert answer["word"] == state["question"]["choices"][right]
    assert bad["phase"] == "ask" and bad["question"] is None


def test_ruling_R11_sealing_with_the_word_card_brings_a_question_too():
    state = arrange({1: [card(DAVID, 3), card(NOAH, 0)]})
    state["stones"] = [[1, DAVID, [card(DAVID, 0), card(DAVID, 1), card(DAVID, 2)]]]
    state["points"][0] = 2
    state, events = apply(state, 1, {"seal": {"story": DAVID}})
    assert state["phase"] == "word" and "word_question" in [e["type"] for e in events]


def test_ruling_R11_a_table_with_remember_the_word_off_asks_nothing():
    state = arrange({1: SEALED_DAVID}, remember_word=False)
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    assert state["phase"] == "ask" and state["question"] is None


def test_ruling_R11_the_blank_is_a_meaningful_word_never_a_stop_word_or_a_supplied_word():
    for story, verse in enumerate(VERSES, start=1):
        for seed in range(30):
            question = make_question(VERSES, story, random.Random(seed))
            right = question["choices"][question["answer"]]
            assert right.lower() not in STOP_WORDS and len(right) >= 3
            assert f"[{right}]" not in verse and BLANK in question["text"]
            assert right in candidates(verse)


def test_ruling_R11_a_bracketed_supplied_word_is_never_blanked():
    verse = "And he said, [It is] well, [and] blessed [be] Goshen."
    words = candidates(verse)
    assert "well" in words and "blessed" in words and "Goshen" in words
    assert not {"It", "is", "and", "be"} & set(words)
    assert candidates("I will pay [that] that I have vowed [salvation].") == ("pay", "vowed")


def test_ruling_R11_the_wrong_words_come_from_other_verses_and_never_equal_the_right_one():
    other_words = {}
    for story in range(1, len(VERSES) + 1):
        other_words[story] = {
            w.lower() for pos, v in enumerate(VERSES, start=1) if pos != story for w in candidates(v)
        }
    for story in range(1, 21):
        for seed in range(30):
            question = make_question(VERSES, story, random.Random(seed))
            choices = [c.lower() for c in question["choices"]]
            right = choices[question["answer"]]
            wrong = [c for i, c in enumerate(choices) if i != question["answer"]]
            assert len(set(choices)) == 3 and right not in wrong
            assert all(w in other_words[story] for w in wrong)


def test_ruling_R11_the_wrong_words_look_like_the_right_one():
    verses = tuple(VERSES)
    names = tuple(title_names(make_deck()))
    proper = _proper_nouns(verses, names)
    assert {"david", "noah", "saul", "israel"} <= proper
    assert not {"shout", "son", "sword"} & proper
    for seed in range(20):
        wrong = _distractors(verses, DAVID, "David", random.Random(seed), names)
        assert all(w.lower() in proper and w[0].isupper() for w in wrong), wrong
        common = _distractors(verses, DAVID, "sword", random.Random(seed), names)
        assert all(w.islower() and abs(len(w) - 5) <= 1 for w in common), common
        capital = _distractors(verses, JONAH, "Salvation", random.Random(seed), names)
        assert all(w[0].isupper() for w in capital)


def test_ruling_R11_the_question_is_fixed_by_the_seed_and_its_order_is_shuffled():
    state = arrange({1: SEALED_DAVID})
    one, _ = apply(state, 1, {"knock": {"story": DAVID}})
    two, _ = apply(state, 1, {"knock": {"story": DAVID}})
    assert one["question"] == two["question"]
    answers = {make_question(VERSES, NOAH, random.Random(s))["answer"] for s in range(40)}
    assert answers == {0, 1, 2}


def test_ruling_R11_the_answering_seat_alone_sees_the_question_and_nobody_sees_the_answer():
    state = arrange({1: SEALED_DAVID})
    state, _ = apply(state, 1, {"knock": {"story": DAVID}})
    mine = view(state, 1)["question"]
    assert set(mine) == {"story", "text", "choices"}
    assert view(state, 2)["question"] is None
