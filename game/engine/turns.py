"""A person's moves (R5-R12): ask, the Well, knock, seal, done, answer, pass."""

from __future__ import annotations

from typing import Any

from .cards import WORD, cards_of_story, story_of
from .errors import require
from .events import Event, event
from .flow import end_turn
from .scoring import OPEN_POINTS, SEAL_POINTS, SEALED_POINTS, WORD_POINTS, twelve_stones
from .state import State, add_to_hand, next_rng, partner, seat_count, story_count
from .words import make_question

ACTING = ("ask", "well", "ending")
# Hot events are dict literals shaped exactly as events.event() builds them: type, fields, secret.


def ask(state: State, seat: int, args: dict[str, Any], events: list[Event]) -> None:
    """R5, R6, R7: ask one seat for every card of a story you hold."""
    _require_phase(state, "ask")
    target, story = args["seat"], args["story"]
    require(
        1 <= target <= seat_count(state) and target != seat and target != partner(state, seat),
        "cannot_ask_that_seat",
    )
    _require_story(state, story)
    hands = state["hands"]
    require(any(c // 4 + 1 == story for c in hands[seat - 1]), "story_not_in_hand")
    cards = cards_of_story(hands[target - 1], story)
    if cards:
        hands[target - 1] = [c for c in hands[target - 1] if c not in cards]
        add_to_hand(state, seat, cards)
    state["asks"].append([seat, target, story, len(cards)])
    state["asked"] = True
    events.append({"type": "ask", "seat": seat, "target": target, "story": story})
    events.append(
        {"type": "answer", "seat": target, "to": seat, "story": story, "cards": cards, "count": len(cards)}
    )
    if not cards:
        state["ask_story"] = story
        state["phase"] = "well" if state["well"] else "ending"


def well(state: State, seat: int, args: dict[str, Any], events: list[Event]) -> None:
    """R7: draw one card; a card of the story just asked for is shown and the turn goes on."""
    _require_phase(state, "well")
    card = state["well"].pop()
    add_to_hand(state, seat, [card])
    story = state["ask_story"]
    state["ask_story"] = None
    if story_of(card) == story:
        events.append({"type": "well_draw", "seat": seat, "story": story, "matched": True, "card": card})
        state["phase"] = "ask"
    else:
        secret = {"seats": [seat], "card": card}
        events.append({"type": "well_draw", "seat": seat, "story": story, "matched": False, "secret": secret})
        state["phase"] = "ending"


def knock(state: State, seat: int, args: dict[str, Any], events: list[Event]) -> None:
    """R8: lay every card of a story you hold three or four of."""
    _require_acting(state)
    story = args["story"]
    _require_story(state, story)
    cards = cards_of_story(state["hands"][seat - 1], story)
    require(len(cards) >= 3, "not_enough_cards")
    state["hands"][seat - 1] = [c for c in state["hands"][seat - 1] if c not in cards]
    state["stones"].append([seat, story, cards])
    points = SEALED_POINTS if len(cards) == 4 else OPEN_POINTS
    state["points"][seat - 1] += points
    events.append(
        event(
            "knock",
            seat=seat,
            story=story,
            cards=cards,
            sealed=len(cards) == 4,
            points=points,
            place=len(state["stones"]),
        )
    )
    if cards[-1] % 4 == WORD:
        _word_question(state, seat, story, events)


def seal(state: State, seat: int, args: dict[str, Any], events: list[Event]) -> None:
    """R9: add the missing card to an open stone you laid."""
    _require_acting(state)
    story = args["story"]
    _require_story(state, story)
    index = _open_stone(state, seat, story)
    require(index is not None, "no_stone_to_seal")
    cards = state["stones"][index][2]
    gap = next(c for c in range((story - 1) * 4, story * 4) if c not in cards)
    require(gap in state["hands"][seat - 1], "missing_card_not_in_hand")
    state["hands"][seat - 1].remove(gap)
    state["stones"][index] = [seat, story, sorted([*cards, gap])]
    state["points"][seat - 1] += SEAL_POINTS
    events.append(event("seal", seat=seat, story=story, card=gap, points=SEAL_POINTS, place=index + 1))
    if gap % 4 == WORD:
        _word_question(state, seat, story, events)


def _open_stone(state: State, seat: int, story: int) -> int | None:
    """Index of the seat's open stone of a story, if any."""
    for i, (owner, stone_story, cards) in enumerate(state["stones"]):
        if owner == seat and stone_story == story and len(cards) == 3:
            return i
    return None


def _word_question(state: State, seat: int, story: int, events: list[Event]) -> None:
    """R11: a laid Word card brings a question before the next move (not once the game is over)."""
    if not state["word"] or twelve_stones(state):
        return
    question = make_question(state["verses"], story, next_rng(state), state["names"])
    if question is None:
        return
    state["question"] = {**question, "seat": seat}
    state["resume"] = state["phase"]
    state["phase"] = "word"
    events.append(event("word_question", seat=seat, story=story))


def answer(state: State, seat: int, args: dict[str, Any], events: list[Event]) -> None:
    """R11: a right word is 1 point; either way the verse is shown and the turn goes on."""
    require(state["phase"] == "word", "no_question")
    choice = args["choice"]
    require(0 <= choice <= 2, "bad_choice")
    question = state["question"]
    right = choice == question["answer"]
    if right:
        state["points"][seat - 1] += WORD_POINTS
        state["bonus"][seat - 1] += WORD_POINTS
    events.append(word_answer(question, seat, choice, right))
    state.update(phase=state["resume"], resume=None, question=None)


def word_answer(question: dict[str, Any], seat: int, choice: int | None, right: bool) -> Event:
    """The public outcome of a question (choice None when the clock ran out)."""
    index = question["answer"]
    return event(
        "word_answer",
        seat=seat,
        story=question["story"],
        choice=choice,
        right=right,
        answer=index,
        word=question["choices"][index],
    )


def done(state: State, seat: int, args: dict[str, Any], events: list[Event]) -> None:
    """R6, R7: end the turn once you have asked, or after the Well ended it."""
    phase = state["phase"]
    require(phase != "well", "must_go_to_well")
    require(phase == "ending" or state["asked"], "must_ask_first")
    state["timeouts"][seat - 1] = 0
    events.append({"type": "done", "seat": seat})
    end_turn(state)


def pass_card(state: State, seat: int, args: dict[str, Any], events: list[Event]) -> None:
    """R12: once a turn in teams, pass one card face down to your partner."""
    require(state["teams"], "not_teams")
    _require_acting(state)
    mate = partner(state, seat)
    require(mate is not None, "no_partner")
    require(not state["passed"], "already_passed")
    card = args["card"]
    require(card in state["hands"][seat - 1], "card_not_in_hand")
    state["hands"][seat - 1].remove(card)
    add_to_hand(state, mate, [card])
    state["passed"] = True
    state["passes"].append([seat, mate])
    events.append(event("pass", {"seats": [seat, mate], "card": card}, seat=seat, to=mate))


def _require_phase(state: State, wanted: str) -> None:
    """The precise refusal when a move does not fit the moment of the turn."""
    phase = state["phase"]
    require(phase == wanted, _WRONG_MOMENT.get((wanted, phase), "not_now"))


# (move's moment, actual moment) -> refusal code.
_WRONG_MOMENT = {
    ("ask", "well"): "must_go_to_well",
    ("ask", "ending"): "turn_is_ending",
    ("well", "ask"): "no_need_for_well",
    ("well", "ending"): "no_need_for_well",
}


def _require_acting(state: State) -> None:
    """Knock, seal and pass fit any moment of your turn except an open question."""
    require(state["phase"] in ACTING, "not_now")


def _require_story(state: State, story: int) -> None:
    """A story position that exists in this deck."""
    require(1 <= story <= story_count(state), "no_such_story")


PERSON_MOVES = {
    "ask": ask,
    "well": well,
    "knock": knock,
    "seal": seal,
    "done": done,
    "answer": answer,
    "pass": pass_card,
}
