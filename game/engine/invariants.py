"""Invariants that hold after every move; shared by the tests and the simulator."""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import STONES_TO_END
from .flow import PERSON_PHASES
from .focus import check_focus, focus_word
from .moves import legal_options
from .rules import check_options, variant_of
from .scoring import quick_goal_reached, result
from .state import reading
from .types import EndReason, Phase, SeatRole, State
from .word_lists import ENGLISH, LANGUAGES
from .words import candidates, is_on


def violations(state: State, moves: list | None = None) -> list[str]:
    """Every broken invariant, as short messages; empty when all hold.

    `moves` may pass legal_options(state, state["turn"]) when the caller has them.
    """
    return Checker().violations(state, moves)


def _options(state: State) -> list[str]:
    """V1-V3: the options are well formed and the game keeps to them."""
    options = state["options"]
    try:
        if check_options(options, state["original"].count(SeatRole.PERSON), state["teams"]) != options:
            return ["table options are not complete"]
    except ValueError as bad:
        return [f"bad table options: {bad}"]
    if options["read_aloud"] and (state["word"] or state["question"] is not None):
        return ["a question with Read the verse together on"]
    over = state["over"]
    if over is None and state["question"] is None and quick_goal_reached(state):
        return ["the Quick game runs on past its goal"]
    if over is not None and over["reason"] == EndReason.QUICK_GOAL and not quick_goal_reached(state):
        return ["the Quick game ended before its goal"]
    if variant_of(state).together:
        outcome = result(state)
        if outcome is not None and bool(outcome.winners) != (over["reason"] == EndReason.TWELVE_STONES):
            return ["Together is won exactly when the circle is filled"]
    return []


class Checker:
    """Checks the states of one game in turn, every invariant every time, reusing what did not change.

    The checker keeps a copy of what it last checked and works out again only what a change touches:
    - the stones change a dozen times a game: their own checks, cards and points are redone then;
    - the points change a few dozen times: whether they add up is redone then;
    - cards move a few at a time: once a state held each card exactly once, the next one does
      exactly when the places that changed (the Well, a hand, the stones) hold the same cards
      between them as before. The Well only loses cards from its end, so a Well that is the start
      of the last one changed by the cards after that start.
    """

    def __init__(self) -> None:
        self._stones: Any = None  # the stones and the seats' roles at the deal, as last checked
        self._facts = _StoneFacts([], [], [])
        self._scores: Any = None  # points, word bonuses and seat roles, as last checked
        self._score_problems: list[str] = []
        self._well: list | None = None  # the Well and hands last checked, while they held each card once
        self._hands: list[list] = []
        self._deck = 0  # cards in the deck

    def violations(self, state: State, moves: list | None = None) -> list[str]:
        """Every broken invariant of the state, as violations() gives them."""
        stones, original = state["stones"], state["original"]
        before = None  # the stones last checked, when they changed
        if self._stones is None or self._stones != (stones, original):
            before = self._stones[0] if self._stones is not None else None
            self._stones = ([[owner, story, list(cards)] for owner, story, cards in stones], list(original))
            self._facts = _stone_facts(state)
        scores = (state["points"], state["bonus"], state["kinds"])
        if before is not None or self._scores != scores:
            self._scores = (list(scores[0]), list(scores[1]), list(scores[2]))
            self._score_problems = []
            _points(state, self._facts.points, self._score_problems)
        out = self._cards(state, before) + _to_move(state, moves)
        languages = _languages(state) if "languages" in state or "read" in state else []
        out += self._facts.problems + self._score_problems + languages + _question(state, not languages)
        if "options" in state:
            out += _options(state)
        if "focus" in state:
            out += _focus(state, not languages)
        return out

    def _cards(self, state: State, stones_before: list | None) -> list[str]:
        """Each card once: in full the first time and after a failure, else from the cards that moved."""
        well, hands, deck = state["well"], state["hands"], 4 * len(state["verses"])
        last_well, last_hands = self._well, self._hands
        if last_well is None or deck != self._deck or len(hands) != len(last_hands):
            found = _each_card_once(state, self._facts)
            self._well, self._hands, self._deck = list(well), [list(held) for held in hands], deck
        else:
            left: list = []  # the cards of the places that changed, before and now
            came: list = []
            if stones_before is not None:
                for _owner, _story, cards in stones_before:
                    left += cards
                came += self._facts.cards
            if len(well) <= len(last_well) and well == last_well[: len(well)]:
                left += last_well[len(well) :]  # drawn from its end
                del last_well[len(well) :]
            else:
                left += last_well
                came += well
                self._well = list(well)
            if hands != last_hands:
                for seat, held in enumerate(hands):
                    if held != last_hands[seat]:
                        left += last_hands[seat]
                        came += held
                        last_hands[seat] = list(held)
            try:
                found = [] if sorted(left) == sorted(came) else [_CARDS_MISPLACED]
            except TypeError:  # a card that is not a number
                found = [_CARDS_MISPLACED]
        if found:
            self._well = None  # checked in full next time
        return found


class _StoneFacts(NamedTuple):
    """What the stones alone say."""

    problems: list[str]
    cards: list  # every card in a stone
    points: list[int]  # points the stones earned, by seat


def _stone_facts(state: State) -> _StoneFacts:
    """Stones of 3-4 cards of one story, one a story, laid by persons, at most 12; their points."""
    out: list[str] = []
    stones = state["stones"]
    original = state["original"]
    if len(stones) > STONES_TO_END:
        out.append("more than 12 stones")
    points = [0] * len(state["kinds"])
    stories = set()
    cards_found: list = []
    for owner, story, cards in stones:
        cards_found += cards
        stories.add(story)
        low = (story - 1) * 4
        size = len(cards)
        if size not in (3, 4) or cards[0] < low or cards[-1] >= low + 4:
            out.append(f"bad stone of story {story}")
        if original[owner - 1] != SeatRole.PERSON:
            out.append(f"helper seat {owner} laid a stone")
        points[owner - 1] += 4 if size == 4 else 2
    if len(stories) != len(stones):
        out.append("two stones of one story")
    return _StoneFacts(out, cards_found, points)


def _each_card_once(state: State, stones: _StoneFacts) -> list[str]:
    """The cards found on the table are exactly 0..N-1, each once."""
    seen = state["well"] + stones.cards
    for held in state["hands"]:
        seen += held
    try:
        seen.sort()  # a permutation of 0..N-1 sorts to exactly 0..N-1
    except TypeError:  # a card that is not a number
        return [_CARDS_MISPLACED]
    total = 4 * len(state["verses"])
    every = _EVERY.get(total) or _EVERY.setdefault(total, list(range(total)))
    return [] if seen == every else [_CARDS_MISPLACED]


def _points(state: State, from_stones: list[int], out: list[str]) -> None:
    """Person points are their stones plus word bonuses; helpers have none."""
    points, bonus = state["points"], state["bonus"]
    for i, kind in enumerate(state["kinds"]):
        if kind != SeatRole.PERSON:
            if points[i] or bonus[i]:
                out.append(f"helper seat {i + 1} has points")
        elif points[i] != from_stones[i] + bonus[i]:
            out.append(f"seat {i + 1} points do not add up")


_CARDS_MISPLACED = "cards are not each in exactly one place"
# Deck size -> its card ids in order; never mutated.
_EVERY: dict[int, list[int]] = {}


def _to_move(state: State, moves: list | None) -> list[str]:
    """Exactly one seat decides now, unless the game is over."""
    turn = state["turn"]
    movers = []
    for s in range(1, len(state["kinds"]) + 1):
        if moves if s == turn and moves is not None else legal_options(state, s):
            movers.append(s)
    if state["over"] is not None:
        return [] if not movers and state["phase"] == Phase.OVER else ["moves offered after the end"]
    if movers != [state["turn"]]:
        return [f"seats to move: {movers}"]
    kind = state["kinds"][state["turn"] - 1]
    if (kind == SeatRole.PERSON) != (state["phase"] in PERSON_PHASES):
        return ["the phase does not fit the seat to move"]
    if kind == SeatRole.AGENT and (state["phase"] != Phase.GIFT or state["owed"] is None):
        return ["an agent is to move with nothing owed"]
    if state["owed"] is not None and state["kinds"][state["owed"]["recipient"] - 1] != SeatRole.PERSON:
        return ["a gift is owed to a seat that is not a person"]
    return []


def _languages(state: State) -> list[str]:
    """R43: one known language a seat, some seat reading another than English (else the game keeps
    neither key), and for each such language its verses of every story and its names."""
    languages = state.get("languages")
    if (
        type(languages) is not list
        or len(languages) != len(state["kinds"])
        or any(language not in LANGUAGES for language in languages)
    ):
        return ["bad seat languages"]
    others = sorted(set(languages) - {ENGLISH})
    read = state.get("read")
    if not others or type(read) is not dict or sorted(read) != others:
        return ["the languages read are not the seats' languages other than English"]
    stories = len(state["verses"])
    for language in others:
        verses, names = read[language].get("verses"), read[language].get("names")
        if type(verses) is not list or len(verses) != stories or type(names) is not list:
            return [f"the {language} verses or names are not the deck's"]
    return []


def _question(state: State, languages_hold: bool = True) -> list[str]:
    """A question is pending exactly in the word phase, for the seat to move, with 3 choices: three
    different words, the right one blanked in the verse of the answering seat's Bible (R43)."""
    question = state["question"]
    if (question is not None) != (state["phase"] == Phase.WORD):
        return ["question and phase disagree"]
    if state["phase"] == Phase.WELL and not state["well"]:
        return ["the Well is to be visited but is empty"]
    if question is None:
        return []
    choices = question["choices"]
    if (
        question["seat"] != state["turn"]
        or question["answer"] not in (0, 1, 2)
        or len(choices) != 3
        or not all(type(choice) is str and choice.isalpha() for choice in choices)
        or len({choice.lower() for choice in choices}) != 3
    ):
        return ["bad question"]
    if not languages_hold:
        return []  # the seat's Bible is not known; _languages says why
    language, verses, _names = reading(state, question["seat"])
    story = question["story"]
    verse = verses[story - 1] if type(story) is int and 1 <= story <= len(verses) else None
    if not is_on(question, verse, language):
        return ["the question is not on the verse of the answering seat's Bible"]
    return []


def _focus(state: State, languages_hold: bool = True) -> list[str]:
    """R44: one map of chosen words a seat, kept only when some seat has one, and a pending
    question blanks the word chosen for its seat whenever the verse of the seat's Bible has it."""
    focus = state["focus"]
    try:
        if check_focus(focus, len(state["kinds"]), len(state["verses"])) != focus:
            return ["the chosen words are not one map a seat, or are kept though no seat has one"]
    except ValueError as bad:
        return [f"bad chosen words: {bad}"]
    question = state["question"]
    if question is None or not languages_hold or question["seat"] not in range(1, len(focus) + 1):
        return []
    word = focus_word(state, question["seat"], question["story"])
    language, verses, _names = reading(state, question["seat"])
    story = question["story"]
    verse = verses[story - 1] if word and type(story) is int and 1 <= story <= len(verses) else None
    wanted = [w for w in candidates(verse, language) if w.lower() == word.lower()] if verse else []
    choices, answer = question["choices"], question["answer"]
    right = choices[answer] if type(answer) is int and 0 <= answer < len(choices) else None
    if wanted and right != wanted[0]:
        return ["the question does not blank the word chosen for its seat"]
    return []
