"""Replays rebuilt from the kept game: a seat's own view for players, every hand for reviewers."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.translation import get_language

from game import engine
from game.models import Game, GameEvent, Seat
from game.protocol import messages
from moderation.flags import device_label
from moderation.words import move_words

logger = logging.getLogger(__name__)


@dataclass
class Frame:
    """The table after one recorded move (or at the deal): the event row, the state, what happened."""

    row: GameEvent | None
    state: engine.State
    events: list[dict]


def frames(game: Game) -> Iterator[Frame]:
    """Replay the recorded moves from the initial state, by the rules version it was dealt with."""
    state = engine.from_json(game.deal.initial_state)
    yield Frame(None, state, [])
    for row in game.events.order_by("seq"):
        try:
            if row.seat is None:
                state = engine.apply_server(state, row.move)[0]
            else:
                state = engine.apply(state, row.seat, row.move)[0]
        except engine.IllegalMove as refusal:
            # The state names its rules version, so this is a bug, not old rules: say so, show what rebuilds.
            logger.error("game %s does not replay at move %s: %s", game.pk, row.seq, refusal.code)
            return
        # The events the table saw were recorded with the move (they include the services' own).
        yield Frame(row, state, row.events)


def _seat_list(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(table_id=game.table_id).select_related("user").order_by("position"))


def _seats(seats: list[Seat]) -> list[dict[str, Any]]:
    """Who sat where, by gamer tag only (R31)."""
    return [
        {"seat": s.position, "tag": messages.seat_name(s), "badge": messages.seat_badge(s)} for s in seats
    ]


def _common(game: Game, seats: list[Seat], final: engine.State) -> dict[str, Any]:
    table = game.table
    # The cards and the verses in the reader's language and Bible (R43), as the table showed them.
    language = messages.reading(get_language())
    return {
        "code": table.code,
        "kind": table.get_kind_display(),
        "seats": _seats(seats),
        "cards": messages.public_cards(game, language),
        "verses": messages.verses_shown(game, final, language),
        "result": game.result,
    }


# The page draws the log from each step's events, so these growing lists need not travel again.
LEFT_OUT = ("legal_moves", "asks", "gifts", "passes")


def _slim(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Steps for the page: the same views without what it never draws."""
    return [{**step, "view": {k: v for k, v in step["view"].items() if k not in LEFT_OUT}} for step in steps]


def _stone_steps(steps: list[dict]) -> list[int]:
    """The steps at which a stone was laid, for jumping from stone to stone."""
    return [
        i
        for i in range(1, len(steps))
        if len(steps[i]["view"]["stones"]) > len(steps[i - 1]["view"]["stones"])
    ]


def seat_steps(game: Game, seat: int) -> list[dict[str, Any]]:
    """Every step as one seat saw it live: its own view and the events as shown to it."""
    return [
        {
            "seq": frame.row.seq if frame.row else 0,
            "view": engine.view(frame.state, seat),
            "events": engine.events_for(frame.events, seat),
        }
        for frame in frames(game)
    ]


def seat_replay(game: Game, seat: int) -> dict[str, Any]:
    """A player's replay from their own seat: never another seat's hand, the Well's order or the seed."""
    steps = seat_steps(game, seat)
    final = engine.from_json(game.state)
    common = _common(game, _seat_list(game), final)
    return {
        "mode": "seat",
        "me": seat,
        **common,
        "steps": _slim(steps),
        "stones": _stone_steps(steps),
        "complete": steps[-1]["seq"] == game.version,
    }


def _timing(row: GameEvent | None) -> dict[str, Any]:
    """What reviewers see about how a move was made."""
    if row is None:
        return {"seat": None, "move": None, "elapsed_ms": None, "fast": False, "device": "", "time": None}
    fast = row.elapsed_ms is not None and row.elapsed_ms < settings.MODERATION_TOO_FAST_MS
    return {
        "seat": row.seat,
        "move": move_words(row.move),
        "elapsed_ms": row.elapsed_ms,
        "fast": fast,
        "device": device_label(row.device_id),
        "time": row.server_time.isoformat(),
    }


def full_replay(game: Game) -> dict[str, Any]:
    """The reviewer's replay: every hand, every secret, and how long each decision took."""
    steps = [
        {
            "seq": frame.row.seq if frame.row else 0,
            "view": engine.full_view(frame.state),
            "events": engine.events_full(frame.events),
            "timing": _timing(frame.row),
        }
        for frame in frames(game)
    ]
    final = engine.from_json(game.state)
    common = _common(game, _seat_list(game), final)
    return {
        "mode": "full",
        "me": None,
        **common,
        "steps": _slim(steps),
        "stones": _stone_steps(steps),
        "complete": steps[-1]["seq"] == game.version,
        "fast_ms": settings.MODERATION_TOO_FAST_MS,
    }
