"""Helper seats (R13-R19): the draw, who is owed a gift, and JagAI's choice of card."""

# Hot events are dict literals shaped exactly as events.event() builds them: type, fields, secret.

from __future__ import annotations

from typing import Any

from .events import Event
from .scoring import team_points
from .state import State


def pick_recipient(state: State, giver: int) -> int | None:
    """R15: fewest points, then fewest gifts received, then first in seat order after the giver."""
    kinds, received = state["kinds"], state["received"]
    n = len(kinds)
    teams = state["teams"]
    best, best_key = None, None
    for seat in range(1, n + 1):
        if kinds[seat - 1] != "person":
            continue
        points = team_points(state, seat) if teams else state["points"][seat - 1]
        key = (points, received[seat - 1], (seat - giver) % n)
        if best_key is None or key < best_key:
            best, best_key = seat, key
    return best


def jagai_choice(view: dict[str, Any]) -> int | None:
    """R16, decided from the helper's own seat view only (R14): the card to give, or None to keep."""
    recipient = view["owed"]["recipient"]
    held = view["hand"]
    stones = view["stones"]
    laid = {stone["story"]: stone["seat"] for stone in stones}
    held_stories = {card // 4 + 1 for card in held}
    for ask in reversed(view["asks"]):
        story = ask["story"]
        if ask["seat"] == recipient and story in held_stories and laid.get(story, recipient) == recipient:
            # The hand is sorted, so the first match is Person, Place, Moment, Word order.
            return next(card for card in held if card // 4 + 1 == story)
    for stone in stones:
        if stone["seat"] == recipient and not stone["sealed"]:
            gap = _gap(stone["story"], stone["cards"])
            if gap in held:
                return gap
    return None


def _gap(story: int, cards: list[int]) -> int:
    """The missing card of an open stone."""
    base = (story - 1) * 4
    return next(c for c in range(base, base + 4) if c not in cards)


def gift_reason(state: State, recipient: int, card: int) -> str:
    """Why a card fits the recipient: "asked", "seal", or "choice" (an agent's free pick)."""
    story = card // 4 + 1
    stones = state["stones"]
    laid_by = recipient  # the seat that laid this story's stone (the last, as a dict would keep)
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


def begin_helper_turn(state: State, seat: int, events: list[Event]) -> None:
    """R15: draw one card (if any), then owe one gift, two above 6 cards, plus kept gifts."""
    if state["well"]:
        card = state["well"].pop()
        held = state["hands"][seat - 1]
        held.append(card)
        held.sort()
        events.append(
            {"type": "draw", "seat": seat, "why": "helper", "secret": {"seats": [seat], "card": card}}
        )
    kept = state["kept"]
    count = (2 if len(state["hands"][seat - 1]) > 6 else 1) + kept[seat - 1]
    kept[seat - 1] = 0
    state["phase"] = "gift"
    prepare_gift(state, seat, count, events)


def prepare_gift(state: State, seat: int, count: int, events: list[Event]) -> None:
    """Name the recipient of the next gift afresh, or keep the rest when nobody can take one."""
    if count <= 0:
        state["owed"] = None
        state["phase"] = "next"
        return
    recipient = pick_recipient(state, seat)
    if recipient is None or not state["hands"][seat - 1]:
        state["kept"][seat - 1] += count
        events.append({"type": "gift_kept", "giver": seat, "recipient": recipient, "count": count})
        state["owed"] = None
        state["phase"] = "next"
    else:
        state["owed"] = {"recipient": recipient, "count": count}


def give(state: State, seat: int, card: int | None, events: list[Event]) -> None:
    """Make (or keep) the gift that is owed now, then prepare the next one."""
    owed = state["owed"]
    recipient, count = owed["recipient"], owed["count"]
    if card is None:
        # Nothing a keep changes feeds R15 or R16, so every later gift this turn is kept too.
        state["kept"][seat - 1] += count
        events.append({"type": "gift_kept", "giver": seat, "recipient": recipient, "count": count})
        count = 0
    else:
        reason = gift_reason(state, recipient, card)
        state["hands"][seat - 1].remove(card)
        held = state["hands"][recipient - 1]
        held.append(card)
        held.sort()
        state["received"][recipient - 1] += 1
        state["gifts"].append([seat, recipient, card, reason])
        events.append(
            {
                "type": "gift",
                "giver": seat,
                "recipient": recipient,
                "card": card,
                "story": card // 4 + 1,
                "reason": reason,
            }
        )
        count -= 1
    prepare_gift(state, seat, count, events)
