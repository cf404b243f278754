"""Helper seats (R13-R19, R36): the draw, who is owed a gift, JagAI's choice, and an agent's give and keep."""

from __future__ import annotations

from typing import Any

from .cards import missing_card, story_of
from .errors import RuleCode, require
from .events import event
from .jagai_view import helper_view
from .rules import rules_of, variant_of
from .scoring import team_points
from .types import CardId, Event, Option, Phase, SeatId, SeatRole, State

Args = dict[str, Any]


def pick_recipient(state: State, giver: SeatId) -> SeatId | None:
    """R15: fewest points (V3 Together: fewest stones), then fewest gifts received, then seat order after the giver."""
    kinds, received = state["kinds"], state["received"]
    n = len(kinds)
    measure = _stones_laid if "options" in state and variant_of(state).together else team_points
    best, best_key, person = None, None, SeatRole.PERSON
    for seat in range(1, n + 1):
        if kinds[seat - 1] != person:
            continue
        key = (measure(state, seat), received[seat - 1], (seat - giver) % n)
        if best_key is None or key < best_key:
            best, best_key = seat, key
    return best


def _stones_laid(state: State, seat: SeatId) -> int:
    """How many stones a seat has laid (V3's measure for the gift's recipient)."""
    return sum(1 for owner, _story, _cards in state["stones"] if owner == seat)


def jagai_choice(view: dict[str, Any]) -> CardId | None:
    """R16, decided from the helper's own seat view only (R14): the card to give, or None to keep."""
    recipient = view["owed"]["recipient"]
    held = view["hand"]
    stones = view["stones"]
    laid = {stone["story"]: stone["seat"] for stone in stones}
    held_stories = {story_of(card) for card in held}
    for ask in reversed(view["asks"]):
        story = ask["story"]
        if ask["seat"] == recipient and story in held_stories and laid.get(story, recipient) == recipient:
            # The hand is sorted, so the first match is Person, Place, Moment, Word order.
            return next(card for card in held if story_of(card) == story)
    for stone in stones:
        if stone["seat"] == recipient and not stone["sealed"]:
            gap = missing_card(stone["story"], stone["cards"])
            if gap in held:
                return gap
    return None


def gift_reason(state: State, recipient: SeatId, card: CardId) -> str:
    """Why a card fits the recipient: "asked", "seal", or "choice" (an agent's free pick)."""
    story = story_of(card)
    stones = state["stones"]
    laid_by = recipient  # the seat that laid this story's stone, if any
    for seat, stone_story, _cards in stones:
        if stone_story == story:
            laid_by = seat
    if laid_by == recipient:
        for ask in state["asks"]:
            if ask[0] == recipient and ask[2] == story:
                return "asked"
    for owner, stone_story, cards in stones:
        if owner == recipient and stone_story == story and len(cards) == 3:
            return "seal"
    return "choice"


def begin_helper_turn(state: State, seat: SeatId, events: list[Event]) -> None:
    """R15: draw one card (if any), then owe one gift, two above 6 cards, plus kept gifts."""
    held = state["hands"][seat - 1]
    if state["well"]:
        card = state["well"].pop()
        held.append(card)
        held.sort()
        events.append(event("draw", {"seats": [seat], "card": card}, seat=seat, why="helper"))
    kept = state["kept"]
    count = (2 if len(held) > 6 else 1) + kept[seat - 1]
    kept[seat - 1] = 0
    state["phase"] = Phase.GIFT
    prepare_gift(state, seat, count, events)


def prepare_gift(state: State, seat: SeatId, count: int, events: list[Event]) -> None:
    """Name the recipient of the next gift afresh, or keep the rest when nobody can take one."""
    if count <= 0:
        state["owed"] = None
        state["phase"] = Phase.NEXT
        return
    recipient = pick_recipient(state, seat)
    if recipient is None or not state["hands"][seat - 1]:
        _keep(state, seat, recipient, count, events)
    else:
        state["owed"] = {"recipient": recipient, "count": count}


def _keep(state: State, seat: SeatId, recipient: SeatId | None, count: int, events: list[Event]) -> None:
    """The gifts still owed this turn are kept for the helper's next turn; the turn ends."""
    state["kept"][seat - 1] += count
    events.append(event("gift_kept", giver=seat, recipient=recipient, count=count))
    state["owed"] = None
    state["phase"] = Phase.NEXT


def give(state: State, seat: SeatId, card: CardId | None, events: list[Event]) -> None:
    """Make (or keep, card None) the gift that is owed now, then prepare the next one."""
    owed = state["owed"]
    recipient, count = owed["recipient"], owed["count"]
    if card is None:
        # Nothing a keep changes feeds R15 or R16, so every later gift this turn is kept too (house ruling 7).
        _keep(state, seat, recipient, count, events)
        return
    reason = gift_reason(state, recipient, card)
    state["hands"][seat - 1].remove(card)
    held = state["hands"][recipient - 1]
    held.append(card)
    held.sort()
    state["received"][recipient - 1] += 1
    state["gifts"].append([seat, recipient, card, reason])
    events.append(
        event("gift", giver=seat, recipient=recipient, card=card, story=story_of(card), reason=reason)
    )
    prepare_gift(state, seat, count - 1, events)


def check_give(state: State, seat: SeatId, args: Args) -> None:
    """R19, R36: any card the agent holds."""
    require(args["card"] in state["hands"][seat - 1], RuleCode.CARD_NOT_IN_HAND)


def give_move(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """An agent gives the card it chose."""
    give(state, seat, args["card"], events)


def give_options(state: State, seat: SeatId) -> list[Option]:
    """Each card in the agent's hand."""
    return [("give", card) for card in state["hands"][seat - 1]]


def check_keep(state: State, seat: SeatId, args: Args) -> None:
    """R36: an agent keeps a gift exactly when R16 would: no card in its hand fits."""
    require(rules_of(state).agent_may_keep, RuleCode.CANNOT_KEEP)
    require(jagai_choice(helper_view(state, seat)) is None, RuleCode.A_CARD_FITS)


def keep_move(state: State, seat: SeatId, args: Args, events: list[Event]) -> None:
    """An agent keeps the gift owed now, and the rest of this turn's, for its next turn."""
    give(state, seat, None, events)


def keep_options(state: State, seat: SeatId) -> list[Option]:
    """Keep, when nothing fits (R36)."""
    if rules_of(state).agent_may_keep and jagai_choice(helper_view(state, seat)) is None:
        return [("keep",)]
    return []
