"""A person's moves (R5-R12): for each, its check (raises IllegalMove), its effect and its legal instances.

moves.MOVES declares them; the checks here are what is left after moves.admit() has checked the game,
the seat, the turn, the seat's role and the moment (phase) of the turn.
"""

from __future__ import annotations

from typing import Any

from .cards import STONES_TO_END, cards_of_story, is_word, missing_card, stories_in, story_counts, story_of
from .errors import RuleCode, require
from .events import event
from .flow import end_turn
from .focus import focus_word
from .rules import options_of, rules_of, variant_of
from .scoring import OPEN_POINTS, SEAL_POINTS, SEALED_POINTS, WORD_POINTS
from .state import add_to_hand, next_rng, partner, reading, seat_count, stone_count, story_count
from .types import Event, Option, Phase, Question, SeatId, SeatRole, State
from .words import make_question

Args = dict[str, Any]


def check_ask(state: State, seat: SeatId, args: Args) -> None:
    """R5: another seat, not your partner, for a story you hold (V1 Ask for any story: any story)."""
    target, story = args["seat"], args["story"]
    require(
        1 <= target <= seat_count(state) and target != seat and target != partner(state, seat),
        RuleCode.CANNOT_ASK_THAT_SEAT,
    )
    _require_story(state, story)
    if not options_of(state)["ask_any"]:
        require(cards_of_story(state["hands"][seat - 1], story), RuleCode.STORY_NOT_IN_HAND)


def ask(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """R6, R7, R37: the asked seat hands over every card of the story, out loud; a no sends you to the Well."""
    target, story = args["seat"], args["story"]
    hands = state["hands"]
    cards = cards_of_story(hands[target - 1], story)
    if cards:
        hands[target - 1] = [c for c in hands[target - 1] if c not in cards]
        add_to_hand(state, seat, cards)
    row: list[Any] = [seat, target, story, len(cards)]
    if rules_of(state).asks_keep_cards:
        row.append(cards)
    state["asks"].append(row)
    state["asked"] = True
    events.append(event("ask", seat=seat, target=target, story=story))
    events.append(event("answer", seat=target, to=seat, story=story, cards=cards, count=len(cards)))
    if not cards:
        state["ask_story"] = story
        state["phase"] = Phase.WELL if state["well"] else Phase.ENDING


def ask_options(state: State, seat: SeatId) -> list[Option]:
    """Every ask: each other seat (not a partner) for each story in hand (V1: every story of the deck)."""
    mate = partner(state, seat)
    if options_of(state)["ask_any"]:
        stories = list(range(1, story_count(state) + 1))
    else:
        stories = stories_in(state["hands"][seat - 1])
    targets = [t for t in range(1, seat_count(state) + 1) if t != seat and t != mate]
    return [("ask", target, story) for target in targets for story in stories]


def well(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """R7: draw one card; a card of the story just asked for is shown and the turn goes on."""
    card = state["well"].pop()
    add_to_hand(state, seat, [card])
    story = state["ask_story"]
    state["ask_story"] = None
    if story_of(card) == story:
        events.append(event("well_draw", seat=seat, story=story, matched=True, card=card))
        state["phase"] = Phase.ASKING
    else:
        events.append(
            event("well_draw", {"seats": [seat], "card": card}, seat=seat, story=story, matched=False)
        )
        state["phase"] = Phase.ENDING


def check_knock(state: State, seat: SeatId, args: Args) -> None:
    """R8: three or four cards of the story in hand."""
    _require_story(state, args["story"])
    require(len(cards_of_story(state["hands"][seat - 1], args["story"])) >= 3, RuleCode.NOT_ENOUGH_CARDS)


def knock(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """R8: lay every card of the story: an open stone (2 points) or a sealed one (4)."""
    story = args["story"]
    cards = cards_of_story(state["hands"][seat - 1], story)
    state["hands"][seat - 1] = [c for c in state["hands"][seat - 1] if c not in cards]
    state["stones"].append([seat, story, cards])
    sealed = len(cards) == 4
    points = SEALED_POINTS if sealed else OPEN_POINTS
    state["points"][seat - 1] += points
    place = len(state["stones"])
    events.append(
        event("knock", seat=seat, story=story, cards=cards, sealed=sealed, points=points, place=place)
    )
    if is_word(cards[-1]):
        _word_question(state, seat, story, events)


def knock_options(state: State, seat: SeatId) -> list[Option]:
    """A knock for each story held three or four times."""
    return [("knock", story) for story, count in story_counts(state["hands"][seat - 1]).items() if count >= 3]


def check_seal(state: State, seat: SeatId, args: Args) -> None:
    """R9: your own open stone of the story, and its missing card in hand."""
    story = args["story"]
    _require_story(state, story)
    index = _open_stone(state, seat, story)
    require(index is not None, RuleCode.NO_STONE_TO_SEAL)
    gap = missing_card(story, state["stones"][index][2])
    require(gap in state["hands"][seat - 1], RuleCode.MISSING_CARD_NOT_IN_HAND)


def seal(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """R9: add the missing card to an open stone you laid: 2 more points."""
    story = args["story"]
    index = _open_stone(state, seat, story)
    cards = state["stones"][index][2]
    gap = missing_card(story, cards)
    state["hands"][seat - 1].remove(gap)
    state["stones"][index] = [seat, story, sorted([*cards, gap])]
    state["points"][seat - 1] += SEAL_POINTS
    events.append(event("seal", seat=seat, story=story, card=gap, points=SEAL_POINTS, place=index + 1))
    if is_word(gap):
        _word_question(state, seat, story, events)


def seal_options(state: State, seat: SeatId) -> list[Option]:
    """A seal for each open stone of the seat whose missing card it holds."""
    held = state["hands"][seat - 1]
    return [
        ("seal", story)
        for owner, story, cards in state["stones"]
        if owner == seat and len(cards) == 3 and missing_card(story, cards) in held
    ]


def _open_stone(state: State, seat: SeatId, story: int) -> int | None:
    """Index of the seat's open stone of a story, if any."""
    for i, (owner, stone_story, cards) in enumerate(state["stones"]):
        if owner == seat and stone_story == story and len(cards) == 3:
            return i
    return None


def _word_question(state: State, seat: SeatId, story: int, events: list[Event]) -> None:
    """R11, R34: a laid Word card brings a question before the next move, the last stone's too;
    R43: on the verse of the seat's own Bible, with its three choices from that translation;
    R44: blanking the word the server chose for the seat, when the verse has it."""
    if options_of(state)["read_aloud"]:
        # V1 Read the verse together (read_aloud): no question, no point. The event keeps the English
        # verse; each reader's page shows the verse in its own Bible.
        events.append(event("read_aloud", seat=seat, story=story, verse=state["verses"][story - 1]))
        return
    if not state["word"]:
        return
    if not rules_of(state).last_word_is_asked and stone_count(state) >= STONES_TO_END:
        return  # rules version 1: the twelfth stone ended the game before any question
    language, verses, names = reading(state, seat)
    prefer = focus_word(state, seat, story)
    found = make_question(verses, story, next_rng(state), names, language, prefer=prefer)
    if found is None:
        return
    question: Question = {**found, "seat": seat}
    state["question"] = question
    state["resume"] = state["phase"]
    state["phase"] = Phase.WORD
    events.append(event("word_question", seat=seat, story=story))


def check_answer(state: State, seat: SeatId, args: Args) -> None:
    """R11: one of the three choices."""
    require(0 <= args["choice"] <= 2, RuleCode.BAD_CHOICE)


def answer(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """R11: a right word is 1 point; either way the verse is shown and the turn goes on."""
    choice = args["choice"]
    question = state["question"]
    right = choice == question["answer"]
    if right:
        state["points"][seat - 1] += WORD_POINTS
        state["bonus"][seat - 1] += WORD_POINTS
    events.append(word_answer(question, seat, choice, right))
    state.update(phase=state["resume"], resume=None, question=None)


def answer_options(state: State, seat: SeatId) -> tuple[Option, ...]:
    """The three choices."""
    return _ANSWERS


_ANSWERS: tuple[Option, ...] = (("answer", 0), ("answer", 1), ("answer", 2))


def word_answer(question: Question, seat: SeatId, choice: int | None, right: bool) -> Event:
    """The public outcome of a question (choice None when the clock ran out)."""
    index = question["answer"]
    word = question["choices"][index]
    return event(
        "word_answer", seat=seat, story=question["story"], choice=choice, right=right, answer=index, word=word
    )


def check_done(state: State, seat: SeatId, args: Args) -> None:
    """R6: Done only once you have asked (or after the Well ended the turn)."""
    require(state["phase"] == Phase.ENDING or state["asked"], RuleCode.MUST_ASK_FIRST)


def done(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """R6, R7: end the turn; a turn the person ends resets the clock's count (house ruling 11)."""
    state["timeouts"][seat - 1] = 0
    events.append(event("done", seat=seat))
    end_turn(state)


def done_options(state: State, seat: SeatId) -> tuple[Option, ...]:
    """Done, once asked, or when the turn is ending."""
    return _DONE if state["phase"] == Phase.ENDING or state["asked"] else ()


def well_options(state: State, seat: SeatId) -> tuple[Option, ...]:
    """The Well, when a no sent you there."""
    return _WELL


_DONE: tuple[Option, ...] = (("done",),)
_WELL: tuple[Option, ...] = (("well",),)


def check_pass(state: State, seat: SeatId, args: Args) -> None:
    """R12: teams, a partner still playing, once a turn, a card you hold."""
    require(state["teams"], RuleCode.NOT_TEAMS)
    require(partner(state, seat) is not None, RuleCode.NO_PARTNER)
    require(not state["passed"], RuleCode.ALREADY_PASSED)
    require(args["card"] in state["hands"][seat - 1], RuleCode.CARD_NOT_IN_HAND)


def pass_card(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """R12: the card goes face down to your partner; the table sees that a card was passed."""
    _give(state, seat, args["card"], partner(state, seat), events)


def _give(state: State, seat: SeatId, card: int, to: SeatId, events: list[Event]) -> None:
    """A card passed face down (R12's pass and V3's share alike): one pass a turn."""
    state["hands"][seat - 1].remove(card)
    add_to_hand(state, to, [card])
    state["passed"] = True
    state["passes"].append([seat, to])
    events.append(event("pass", {"seats": [seat, to], "card": card}, seat=seat, to=to))


def pass_options(state: State, seat: SeatId) -> list[Option]:
    """Each card in hand, once a turn, to a partner still playing."""
    if state["teams"] and not state["passed"] and partner(state, seat) is not None:
        return [("pass", card) for card in state["hands"][seat - 1]]
    return []


def _require_story(state: State, story: int) -> None:
    """A story position that exists in this deck."""
    require(1 <= story <= story_count(state), RuleCode.NO_SUCH_STORY)


def check_share(state: State, seat: SeatId, args: Args) -> None:
    """V3: Together only; once a turn; to another person; a card you hold."""
    require(variant_of(state).together, RuleCode.NOT_TOGETHER)
    target = args["seat"]
    require(
        target != seat and 1 <= target <= seat_count(state) and state["kinds"][target - 1] == SeatRole.PERSON,
        RuleCode.CANNOT_PASS_TO_THAT_SEAT,
    )
    require(not state["passed"], RuleCode.ALREADY_PASSED)
    require(args["card"] in state["hands"][seat - 1], RuleCode.CARD_NOT_IN_HAND)


def share(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """V3: the card goes face down to the person chosen; the table sees that a card was passed."""
    _give(state, seat, args["card"], args["seat"], events)


def share_options(state: State, seat: SeatId) -> list[Option]:
    """In Together, once a turn: each card in hand to each other person."""
    if state["passed"] or "options" not in state or not variant_of(state).together:
        return []
    kinds = state["kinds"]
    person = SeatRole.PERSON
    others = [t for t in range(1, len(kinds) + 1) if t != seat and kinds[t - 1] == person]
    return [("share", target, card) for target in others for card in state["hands"][seat - 1]]
