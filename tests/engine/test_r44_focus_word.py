"""Which word is missing (R44): the server may choose, for a seat, the word its Remember the Word
question (R11) blanks, in the Bible that seat reads (R43). The choice never changes the seeded draws,
so everything else of the game (and a replay) is as it would have been, and no other seat sees it."""

from __future__ import annotations

import json
import random

import pytest

from game import engine
from game.engine import apply, events_for, from_json, new_game, public_view, to_json, view
from game.engine.invariants import Checker, violations
from game.engine.jagai_view import helper_view
from game.engine.state import deal, table_of
from game.engine.words import BLANK, candidates, make_question, title_names
from tests.engine.support import DAVID, JONAH, RUTH, STORIES, arrange, card, make_deck
from tests.engine.test_languages_at_one_table import (
    SPANISH_VERSES,
    check_question,
    end_turn,
    language_deck,
    lay,
)

SEATS = ["person"] * 4
VERSES = [verse for *_rest, verse in STORIES]
# Seats 1-3 each hold a whole story with its Word card and one card more; seat 1 moves.
HANDS = {
    1: [card(DAVID, kind) for kind in range(4)] + [card(2, 0)],
    2: [card(RUTH, kind) for kind in range(4)] + [card(3, 0)],
    3: [card(JONAH, kind) for kind in range(4)] + [card(4, 0)],
    4: [card(5, 0)],
}
WELL = [card(8, 0), card(9, 0), card(10, 0)]


def table(focus: list | None = None, *, seed: int = 7, languages: list[str] | None = None) -> engine.State:
    """The hands above, with the focus new_game() deals for them (R44)."""
    deck = language_deck() if languages else make_deck()
    state = arrange(HANDS, WELL, deck=deck, languages=languages, seed=seed)
    dealt = new_game(
        deck, SEATS, seed=seed, remember_word=True, teams=False, languages=languages, focus=focus
    )
    if "focus" in dealt:
        state["focus"] = dealt["focus"]
    return state


def without_focus(state: engine.State) -> dict:
    """The state less its chosen words."""
    return {key: value for key, value in state.items() if key != "focus"}


def right_word(question: dict) -> str:
    return question["choices"][question["answer"]]


def test_ruling_R44_a_game_dealt_without_chosen_words_is_dealt_exactly_as_before():
    for languages in (None, ["es", "pt", "en", "en"]):
        deck = language_deck()
        before = new_game(deck, SEATS, seed=42, remember_word=True, teams=False, languages=languages)
        for focus in (None, [None] * 4, [{}] * 4, [None, {}, None, {}]):
            now = new_game(
                deck, SEATS, seed=42, remember_word=True, teams=False, languages=languages, focus=focus
            )
            assert "focus" not in now and to_json(now) == to_json(before)


def test_ruling_R44_chosen_words_are_kept_in_the_state_and_change_nothing_else_of_the_deal():
    focus = [None, {"6": "people", "7": "sword"}, {}, {"12": "voice"}]
    before = new_game(make_deck(), SEATS, seed=5, remember_word=True, teams=True)
    now = new_game(make_deck(), SEATS, seed=5, remember_word=True, teams=True, focus=focus)
    assert now["focus"] == [{}, {"6": "people", "7": "sword"}, {}, {"12": "voice"}]
    assert without_focus(now) == before and list(now)[-1] == "focus"
    assert from_json(to_json(now)) == now and violations(now) == []
    verses, names = table_of(make_deck())
    dealt = deal(verses, names, SEATS, seed=5, remember_word=True, teams=True, focus=focus)
    assert dealt["focus"] == now["focus"]
    focus[1]["6"] = "changed"  # the state keeps its own copy
    assert now["focus"][1]["6"] == "people"


@pytest.mark.parametrize(
    "focus",
    [
        [{}] * 3,
        [{}] * 5,
        {"1": {"7": "sword"}},
        "sword",
        [{"7": "sword"}, {}, {}, []],
        [{7: "sword"}, {}, {}, {}],
        [{"0": "sword"}, {}, {}, {}],
        [{"21": "sword"}, {}, {}, {}],
        [{"07": "sword"}, {}, {}, {}],
        [{" 7": "sword"}, {}, {}, {}],
        [{"7": 3}, {}, {}, {}],
        [{"7": None}, {}, {}, {}],
        [{"7": ""}, {}, {}, {}],
        [{"7": ["sword"]}, {}, {}, {}],
    ],
)
def test_ruling_R44_chosen_words_of_a_bad_shape_are_refused(focus):
    with pytest.raises(ValueError):
        new_game(make_deck(), SEATS, seed=1, remember_word=True, teams=False, focus=focus)
    verses, names = table_of(make_deck())
    with pytest.raises(ValueError):
        deal(verses, names, SEATS, seed=1, remember_word=True, teams=False, focus=focus)


def test_ruling_R44_the_word_chosen_for_the_seat_is_the_one_blanked():
    words = candidates(VERSES[DAVID - 1])
    for seed in range(6):
        plain, plain_question, _events = lay(table(seed=seed), 1, DAVID)
        for word in words:
            for asked in (word, word.lower(), word.upper()):
                state, question, _events = lay(table([{str(DAVID): asked}, {}, {}, {}], seed=seed), 1, DAVID)
                assert right_word(question) == word  # in the verse's own case
                assert check_question(question, VERSES, "en") == word
                assert not any(
                    c.lower() == word.lower()
                    for i, c in enumerate(question["choices"])
                    if i != question["answer"]
                )
                assert question["text"].count(BLANK) >= 1 and word not in question["text"].split()
                assert state["rng"] == plain["rng"] and violations(state) == []
                # Everything but the question is as without the chosen word.
                assert {**without_focus(state), "question": None} == {**plain, "question": None}
        assert right_word(plain_question) in words


def test_ruling_R44_the_wrong_choices_are_found_for_the_chosen_word():
    names = title_names(make_deck())
    for seed in range(40):
        for word in candidates(VERSES[DAVID - 1]):
            question = make_question(VERSES, DAVID, random.Random(seed), names, prefer=word)
            drawn = random.Random(seed)
            drawn.choice(candidates(VERSES[DAVID - 1]))
            # As if the rng itself had drawn the chosen word: the same wrong words, the same order.
            expected = make_question(VERSES, DAVID, _Fixed(drawn, word), names)
            assert question == expected


class _Fixed(random.Random):
    """A generator that hands `word` to the first choice() and then goes on as `rng` would."""

    def __init__(self, rng: random.Random, word: str) -> None:
        super().__init__()
        self.setstate(rng.getstate())
        self._word = word

    def choice(self, seq):
        word, self._word = self._word, None
        return word if word is not None else super().choice(seq)


def test_ruling_R44_the_rng_s_own_word_chosen_asks_exactly_the_same_question():
    for seed in range(8):
        plain, question, _events = lay(table(seed=seed), 1, DAVID)
        drawn = right_word(question)
        for asked in (drawn, drawn.swapcase()):
            state, chosen, _events = lay(table([{str(DAVID): asked}, {}, {}, {}], seed=seed), 1, DAVID)
            assert chosen == question and without_focus(state) == plain


def test_ruling_R44_a_word_not_in_the_verse_leaves_the_seeded_question():
    for seed in range(6):
        plain, question, _events = lay(table(seed=seed), 1, DAVID)
        # Not in the verse, a word too common to blank, KJV small caps, another verse's word, punctuation.
        for word in ("zebra", "the", "LORD", "lodge", "sword,", "swor"):
            state, chosen, _events = lay(table([{str(DAVID): word}, {}, {}, {}], seed=seed), 1, DAVID)
            assert chosen == question and without_focus(state) == plain
            assert violations(state) == []
        # A word chosen for another story, or for another seat, changes nothing of seat 1's question.
        for focus in ([{str(RUTH): "people"}, {}, {}, {}], [{}, {str(DAVID): "sword"}, {}, {}]):
            state, chosen, _events = lay(table(focus, seed=seed), 1, DAVID)
            assert chosen == question and without_focus(state) == plain


def test_ruling_R44_a_seat_with_no_chosen_word_is_asked_as_ever_and_the_game_goes_on_the_same():
    focus = [{}, {str(RUTH): "people"}, {}, {}]
    for seed in range(6):
        states = []
        for chosen in (None, focus):
            state, question, _events = lay(table(chosen, seed=seed), 1, DAVID)
            state, _events = apply(state, 1, {"answer": {"choice": question["answer"]}})
            state = end_turn(state, 2)
            state, question, _events = lay(state, 2, RUTH)
            states.append((state, question))
        (plain, plain_question), (state, question) = states
        assert right_word(question) == "people"
        assert {**without_focus(state), "question": None} == {**plain, "question": None}
        plain, _events = apply(plain, 2, {"answer": {"choice": plain_question["answer"]}})
        state, _events = apply(state, 2, {"answer": {"choice": question["answer"]}})
        assert without_focus(state) == plain  # right both times: the same points, draws and turn
        state, question, _events = lay(end_turn(state, 3), 3, JONAH)
        plain, plain_question, _events = lay(end_turn(plain, 3), 3, JONAH)
        assert question == plain_question and without_focus(state) == plain


def test_ruling_R44_sealing_with_the_word_card_blanks_the_chosen_word_too():
    state = table([{str(DAVID): "shield"}, {}, {}, {}])
    state["stones"] = [[1, DAVID, [card(DAVID, kind) for kind in range(3)]]]
    state["hands"][0] = sorted([card(2, 0), card(DAVID, 3)])
    state["points"][0] = 2
    state, _events = apply(state, 1, {"seal": {"story": DAVID}})
    assert right_word(state["question"]) == "shield" and violations(state) == []


def test_ruling_R44_random_games_draw_the_same_cards_with_chosen_words_or_without():
    rng = random.Random(44)
    for game in range(6):
        words = random.Random(game)
        focus = [
            {str(story): words.choice([*candidates(VERSES[story - 1]), "zebra"]) for story in range(1, 21)}
            for _seat in SEATS
        ]
        plain = new_game(make_deck(), SEATS, seed=game, remember_word=True, teams=game % 2 == 0)
        state = new_game(make_deck(), SEATS, seed=game, remember_word=True, teams=game % 2 == 0, focus=focus)
        checker, asked = Checker(), 0
        while not engine.is_over(plain):
            seat = engine.current_seat(plain)
            index = rng.randrange(len(engine.legal_moves(plain, seat)))
            plain, _events = apply(plain, seat, engine.legal_moves(plain, seat)[index])
            state, _events = apply(state, seat, engine.legal_moves(state, seat)[index])
            assert checker.violations(state) == []
            question = state["question"]
            if question is not None:
                asked += 1
                chosen = focus[seat - 1][str(question["story"])]
                if chosen != "zebra":
                    assert right_word(question) == chosen
                else:
                    assert question == plain["question"]
            same = ("points", "bonus", "question", "focus")
            assert {k: v for k, v in state.items() if k not in same} == {
                k: v for k, v in plain.items() if k not in same
            }
            assert (state["question"] is None) == (plain["question"] is None)
        assert engine.is_over(state) and asked > 0


def test_ruling_R44_no_seat_public_or_jagai_view_shows_the_chosen_word():
    focus = [{str(DAVID): "shield"}, {str(RUTH): "people"}, {}, {str(JONAH): "thanksgiving"}]
    state = table(focus)
    for moment in ("before", "asked"):
        if moment == "asked":
            state, question, events = lay(state, 1, DAVID)
            assert right_word(question) == "shield"
            for seat in (2, 3, 4):
                text = json.dumps(events_for(events, seat), ensure_ascii=False)
                assert "shield" not in text.lower() and question["text"] not in text
        seen = {f"seat {seat}": view(state, seat) for seat in range(1, 5)}
        seen |= {f"helper {seat}": helper_view(state, seat) for seat in range(1, 5)}
        seen["public"] = public_view(state)
        for name, shown in seen.items():
            text = json.dumps(shown, ensure_ascii=False)
            assert '"focus"' not in text, name
            if moment == "before" or name != "seat 1":
                assert not {"shield", "people", "thanksgiving"} & set(text.lower().replace('"', " ").split())
                assert "shield" not in text.lower() and BLANK not in text, name
        if moment == "asked":
            assert seen["seat 1"]["question"]["text"] == question["text"]
            assert all(shown.get("question") is None for name, shown in seen.items() if name != "seat 1")


def test_ruling_R44_a_spanish_seat_has_its_chosen_spanish_word_blanked():
    languages = ["es", "en", "en", "en"]
    for seed in range(6):
        plain, question, _events = lay(table(seed=seed, languages=languages), 1, DAVID)
        for asked, word in (("espada", "espada"), ("jehová", "Jehová"), ("ESCUDO", "escudo")):
            state, chosen, _events = lay(
                table([{str(DAVID): asked}, {}, {}, {}], seed=seed, languages=languages), 1, DAVID
            )
            assert check_question(chosen, SPANISH_VERSES, "es") == word
            assert {**without_focus(state), "question": None} == {**plain, "question": None}
            assert violations(state) == []
        # The English word is not in the Spanish verse: the seeded Spanish question stands.
        state, chosen, _events = lay(
            table([{str(DAVID): "sword"}, {}, {}, {}], seed=seed, languages=languages), 1, DAVID
        )
        assert chosen == question and without_focus(state) == plain


def test_ruling_R44_the_invariants_check_the_chosen_words():
    good = new_game(
        make_deck(), SEATS, seed=3, remember_word=True, teams=False, focus=[{"7": "sword"}, {}, {}, {}]
    )
    assert violations(good) == []
    breaks = [
        lambda s: s["focus"].pop(),
        lambda s: s["focus"][0].update({"99": "sword"}),
        lambda s: s["focus"][0].update({"7": 7}),
        lambda s: s["focus"][0].clear(),
        lambda s: s["focus"].__setitem__(1, None),
    ]
    for change in breaks:
        broken = from_json(to_json(good))
        change(broken)
        assert any("chosen words" in found for found in violations(broken)), violations(broken)
    state, question, _events = lay(table([{str(DAVID): "sword"}, {}, {}, {}]), 1, DAVID)
    assert right_word(question) == "sword" and violations(state) == []
    other = from_json(to_json(state))
    other["focus"][0][str(DAVID)] = "shield"
    assert "the question does not blank the word chosen for its seat" in violations(other)
    other["focus"][0][str(DAVID)] = "zebra"
    assert violations(other) == []


def test_ruling_R44_the_first_word_drawn_is_laid_aside_not_skipped():
    calls = []

    class Counting(random.Random):
        def choice(self, seq):
            calls.append(tuple(seq))
            return super().choice(seq)

    question = make_question(VERSES, DAVID, Counting(1), prefer="sword")
    assert calls == [candidates(VERSES[DAVID - 1])] and right_word(question) == "sword"
