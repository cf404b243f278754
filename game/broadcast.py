"""What each socket is sent: built from engine views only, sent after the transaction commits."""

from __future__ import annotations

import logging
import threading
from datetime import datetime
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

from game import engine
from game.models import Game, Seat, Table, Variant
from game.realtime import faults, outbox
from game.table_options import option_chips, together_best

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"
SEAT_TAKEN = {"type": "seat_taken"}  # a group message for the consumers, never sent to a client


def table_group(table_id: int) -> str:
    """Everyone connected to a table: the public table facts and reactions."""
    return f"table-{table_id}"


def member_group(table_id: int, user_id: int) -> str:
    """One member's sockets at one table: their own seat's view."""
    return f"table-{table_id}-user-{user_id}"


def agent_seat_group(table_id: int, agent_id: int) -> str:
    """One approved agent's socket at one table: its own seat's view."""
    return f"table-{table_id}-agent-{agent_id}"


def seat_group(seat: Seat) -> str | None:
    """Where a seat's own view goes: its member's or its agent's sockets; JagAI has none."""
    if seat.agent_id:
        return agent_seat_group(seat.table_id, seat.agent_id)
    if seat.user_id:
        return member_group(seat.table_id, seat.user_id)
    return None


def seconds_left(deadline: datetime | None, now: datetime | None = None) -> float | None:
    if deadline is None:
        return None
    return max(0.0, round((deadline - (now or timezone.now())).total_seconds(), 1))


def seat_badge(seat: Seat) -> str | None:
    """How a seat that is not a person is labelled at the table."""
    if seat.kind == Seat.Kind.AGENT:
        return "Agent"
    if seat.kind == Seat.Kind.HELPER:
        return "Helper" if seat.user_id else "JagAI"
    return None


def seat_name(seat: Seat) -> str:
    """A seat's name at the table: a gamer tag, an agent's name, or JagAI. Never a name or an email."""
    if seat.agent_id:
        return seat.agent.name
    if seat.kind == Seat.Kind.HELPER and not seat.user_id:
        return "JagAI"
    if seat.user_id:
        # A deleted child's seat keeps its place in the game but no name (accounts/family.py).
        return seat.user.gamer_tag or "a former member"
    return "JagAI"


def table_payload(table: Table, seats: list[Seat]) -> dict[str, Any]:
    """The public facts of a table, the same for everyone at it."""
    host_seat = next((s.position for s in seats if s.user_id == table.host_id), None)
    next_table = getattr(table, "next_table", None) if table.pk else None
    return {
        "code": table.code,
        "kind": table.kind,
        "status": table.status,
        "seat_count": table.seat_count,
        "teams": table.teams,
        "remember_word": table.remember_word,
        "host_seat": host_seat,
        "countdown_left": seconds_left(table.countdown_deadline) if table.status == "waiting" else None,
        "allow_agents": table.allow_agents,
        "seats": [
            {
                # Before the deal, agents wait beyond the table's seats; show everyone in order.
                "seat": i if table.status == Table.Status.WAITING else s.position,
                "tag": seat_name(s),
                "kind": s.kind,
                "badge": seat_badge(s),
                "left": s.left_at is not None,
            }
            for i, s in enumerate(seats, start=1)
        ],
        "next_code": next_table.code if next_table else None,
        # V1-V3: the options in the engine's words, the chips that show them, and Together's best.
        "options": table.game_options(),
        "chips": option_chips(table),
        "together_best": together_best(table)
        if table.variant == Variant.TOGETHER and not table.is_open
        else None,
    }


def public_cards(game: Game) -> dict[str, Any]:
    """The deck's card faces by card id; verses are left out until a stone shows them."""
    cards: dict[str, Any] = {}
    dealt = game.deal.cards
    total = len(dealt)
    for story in dealt:
        for k, card in enumerate(story["cards"]):
            cards[str(engine.card_id(story["position"], k))] = {
                "story": story["position"],
                "stories": total,
                "story_title": story["title"],
                "kind": card["kind"],
                "title": card["title"],
                "description": card.get("description", ""),
                "reference": card.get("reference"),
            }
    return cards


def _words_of(cards: list[dict]) -> dict[int, dict[str, Any]]:
    out = {}
    for story in cards:
        word = story["cards"][3]
        out[story["position"]] = {
            "reference": word.get("reference"),
            "text": word.get("verse_text"),
            "book_slug": word.get("book_slug"),
            "chapter": word.get("chapter"),
            "verse": word.get("verse"),
        }
    return out


# Each game's verses by (id, start time): a test database can give a new game an old game's id.
_DEALT_WORDS: dict[tuple[int, datetime], dict[int, dict[str, Any]]] = {}
_DEALT_WORDS_KEPT = 512
_dealt_lock = threading.Lock()


def word_cards(game: Game) -> dict[int, dict[str, Any]]:
    """Each story's verse by story position. A move does not read the game's deal, which never
    changes, so it is read once per game in each process (at the deal, in the one that deals)."""
    key = (game.pk, game.started_at)
    words = _DEALT_WORDS.get(key)
    if words is None:
        words = _words_of(game.deal.cards)  # one query, unless the deal is already loaded
        with _dealt_lock:
            if len(_DEALT_WORDS) >= _DEALT_WORDS_KEPT:
                _DEALT_WORDS.pop(next(iter(_DEALT_WORDS)))  # the oldest game
            _DEALT_WORDS[key] = words
    return words


def verses_shown(game: Game, state: dict) -> dict[str, Any]:
    """The verse of every story with a stone on the table: the whole table has seen these."""
    laid = set(engine.laid_stories(state))
    question = engine.pending_question(state)
    if question is not None:
        # The verse is the answer to an open Remember the Word question: not until it is answered.
        laid.discard(question["story"])
    if not laid:
        return {}
    words = word_cards(game)
    return {str(position): words[position] for position in sorted(laid)}


def table_wide(game: Game, state: dict) -> dict[str, Any]:
    """What every seat's message after a move shares: the verses shown, the clock, and at the deal
    the faces of the cards in play."""
    clock = None
    if game.move_deadline is not None and not engine.is_over(state):
        clock = {"seat": engine.current_seat(state), "seconds_left": seconds_left(game.move_deadline)}
    shared: dict[str, Any] = {"verses": verses_shown(game, state), "clock": clock}
    if game.version == 0:
        shared["cards"] = public_cards(game)
    return shared


def seat_update(
    game: Game,
    state: dict,
    seat: int,
    events: list[dict],
    *,
    kind: str = "update",
    shared: dict | None = None,
) -> dict:
    """One seat's message after a move: its events and its view, and what the table shares
    (`table_wide`, built once per move when the caller has it)."""
    return {
        "type": kind,
        "version": game.version,
        "events": engine.events_for(events, seat),
        "view": engine.view(state, seat),
        **(shared if shared is not None else table_wide(game, state)),
    }


def on_commit_send(group: str, message: dict) -> None:
    """Send a message to a group once the current transaction has committed."""
    transaction.on_commit(lambda: outbox.send_all([(group, message)]))


def send_game_update(game: Game, state: dict, seats: list[Seat], events: list[dict]) -> None:
    """After commit: each seated member or agent gets their own seat's view; nobody gets another's."""
    shared = table_wide(game, state)
    sends = [
        (group, seat_update(game, state, seat.position, events, shared=shared))
        for seat in seats
        # A seat JagAI took is no longer its member's or agent's: they never see it again (R38).
        if (group := seat_group(seat)) is not None and seat.left_at is None
    ]
    if sends:
        # One hook for every seat, handed to the event loop in one piece, in commit order.
        transaction.on_commit(lambda: outbox.send_all(sends))


def close_seat_sockets(seat: Seat) -> None:
    """After commit: the sockets of a seat JagAI has just taken close with 4403 (not_seated)."""
    group, layer = seat_group(seat), get_channel_layer()
    if group is None or layer is None:
        return

    def send() -> None:
        # Straight to the consumers' `seat_taken` handler: the outbox relays text, which no
        # socket could be closed by (accounts/sockets.py sends its account checks the same way).
        # Redis down at commit loses it: one warning, never an error in leave_table or the clock.
        # The seat is safe anyway, since every welcome and catch-up asks `left_at` itself.
        try:
            async_to_sync(layer.group_send)(group, dict(SEAT_TAKEN))
        except faults.OUTAGES as error:
            log.warning("seat_taken for %s not sent (%s: %s)", group, type(error).__name__, error)

    # robust: any other error is logged by Django, not raised into the act that committed.
    transaction.on_commit(send, robust=True)


def send_table_update(table: Table, seats: list[Seat], version: int = 0) -> None:
    """After commit: the table's public facts to everyone connected to it."""
    message = {"type": "table", "version": version, "table": table_payload(table, seats)}
    on_commit_send(table_group(table.pk), message)


def lobby_tables() -> list[dict[str, Any]]:
    """Open public tables for the start screen: host tag, free seats, time left."""
    tables = Table.objects.open_public().select_related("host").prefetch_related("seats")[:20]
    return [
        {
            "code": t.code,
            "host": t.host.gamer_tag,
            "free_seats": t.seat_count - len(t.seats.all()),
            "seconds_left": seconds_left(t.countdown_deadline),
        }
        for t in tables
    ]


def send_lobby_update() -> None:
    """After commit: the open public tables to every start screen."""
    transaction.on_commit(
        lambda: outbox.send_all([(LOBBY_GROUP, {"type": "lobby", "version": 0, "tables": lobby_tables()})])
    )
