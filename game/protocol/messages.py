"""What each socket is sent, built in one place from the engine's views and events only."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Managed
from content import translations
from game import engine
from game.models import Game, Seat, SitRequest, Table, Variant, Watcher, asking_since
from game.protocol.options import option_chips, together_best
from game.protocol.types import (
    Ack,
    AgentHello,
    ErrorMessage,
    LobbyMessage,
    Nudge,
    Pong,
    Reaction,
    SeatUpdate,
    ServerType,
    TableMessage,
)
from game.protocol.verses import dealt_words
from game.realtime.groups import agent_seat_group, member_group
from notices.reach import reachable


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
    """How a seat that is not a person is labelled at the table: a code the pages read and word
    themselves (static/js/render-seats.js compares it and makes a class of it), so never translated."""
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
        # A deleted child's seat keeps its place in the game but no name (accounts/family.py); a
        # member a reviewer asked for a new tag is "a player" until they choose it (moderation).
        if seat.user.gamer_tag:
            return seat.user.gamer_tag
        if seat.user.is_active:
            return _("a player")
        # A guest's account deleted after their last game (game/services/guests.py) keeps its seat.
        return _("a guest") if seat.user.managed_as == Managed.GUEST else _("a former member")
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
        # A class's table (a leader leads it from the class board, with no seat): no Play again.
        "led": table.led,
        "remember_word": table.remember_word,
        "host_seat": host_seat,
        "countdown_left": seconds_left(table.countdown_deadline)
        if table.status == Table.Status.WAITING
        else None,
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
        # Who watches instead of sitting (private tables only), so the host can remove them; who
        # asks to watch, for the host's yes or no; and whether a big screen follows the table.
        "watchers": watchers(table),
        "asking": asking(table),
        # Guests asking to sit (R41), for the host's yes or no: only while the table waits.
        "sit_asks": sit_asks(table),
        "screen_on": bool(table.pk and table.watched and table.screens.live().exists()),
        "watching_off": table.watching_off_at is not None,
        # V1-V3: the options in the engine's words, the chips that show them, and Together's best.
        "options": table.game_options(),
        "chips": option_chips(table),
        "together_best": together_best(table)
        if table.variant == Variant.TOGETHER and not table.is_open
        else None,
        "no_way_to_tell": no_way_to_tell(table, seats),
    }


def no_way_to_tell(table: Table, seats: list[Seat]) -> list[int]:
    """The seats, at an over-days table being played, whose member no turn notice would reach: the
    host's page says so (issue 46). Only the seat numbers: never how anyone is told."""
    if not table.pk or not table.over_days or table.is_public or table.status != Table.Status.PLAYING:
        return []
    members = {
        s.user_id: s.position for s in seats if s.user_id and s.kind == Seat.Kind.PERSON and s.left_at is None
    }
    told = reachable(members)
    return sorted(position for member, position in members.items() if member not in told)


def watchers(table: Table) -> list[dict[str, Any]]:
    """The members watching a private table: {"id", "tag"}; read only once one has ever watched."""
    if not table.pk or not table.watched or table.is_public:
        return []
    rows = Watcher.objects.live().filter(table=table).select_related("user").order_by("created_at", "pk")
    return [{"id": w.pk, "tag": w.user.gamer_tag or _("a former member")} for w in rows]


def asking(table: Table) -> list[dict[str, Any]]:
    """Members asking to watch who wait for the host: {"id", "tag", "ends_in"} (seconds left)."""
    if not table.pk or not table.watched or table.is_public:
        return []
    since = asking_since()
    rows = Watcher.objects.asking(since).filter(table=table).select_related("user").order_by("asked_at", "pk")
    return [
        {
            "id": w.pk,
            "tag": w.user.gamer_tag or _("a former member"),
            "ends_in": int((w.asked_at - since).total_seconds()),
        }
        for w in rows
    ]


def sit_asks(table: Table) -> list[dict[str, Any]]:
    """Guests asking to sit who wait for the host: {"id", "tag", "ends_in"} (seconds left) and
    "language", the one the guest's device chose ("" when it follows the browser)."""
    if not table.pk or table.is_public or table.status != Table.Status.WAITING:
        return []
    since = asking_since()
    rows = SitRequest.objects.filter(table=table, asked_at__gt=since).select_related("guest")
    return [
        {
            "id": r.pk,
            "tag": r.guest.gamer_tag,
            "ends_in": int((r.asked_at - since).total_seconds()),
            "language": r.guest.language,
        }
        for r in rows.order_by("asked_at", "pk")
    ]


def reading(language: str | None) -> str:
    """The language a deal carries that a reader of `language` reads the table in (R43): their
    own when the deck is translated into it ("es-mx" reads "es"), else English."""
    code = (language or "en").split("-")[0].lower()
    return code if code in translations.LANGUAGES else "en"


def story_titles(game: Game, language: str = "en") -> dict[int, str]:
    """Each dealt story's title by position, in `language` where the deal carries it translated."""
    titles = {}
    for story in game.deal.cards:
        words = story.get("languages", {}).get(language, {}).get("words") if language != "en" else None
        titles[story["position"]] = words["title"] if words else story["title"]
    return titles


def public_cards(game: Game, language: str = "en") -> dict[str, Any]:
    """The deck's card faces by card id, in `language` where the deal carries the story translated
    (R43); a story that is not is shown in English, marked "english" for readers of another
    language. Verses are left out until a stone shows them."""
    cards: dict[str, Any] = {}
    dealt = game.deal.cards
    total = len(dealt)
    for story in dealt:
        words = story.get("languages", {}).get(language, {}).get("words") if language != "en" else None
        for k, card in enumerate(story["cards"]):
            face = {
                "story": story["position"],
                "stories": total,
                "story_title": story["title"],
                "kind": card["kind"],
                "title": card["title"],
                "description": card.get("description", ""),
                "reference": card.get("reference"),
            }
            if words:
                face["story_title"] = words["title"]
                face["title"] = words["cards"][k]["title"]
                face["description"] = words["cards"][k]["description"]
                if card.get("reference"):
                    face["reference"] = words["cards"][k]["title"]
            elif language != "en":
                face["english"] = True
            cards[str(engine.card_id(story["position"], k))] = face
    return cards


def verses_shown(game: Game, state: dict, language: str = "en") -> dict[str, Any]:
    """The verse of every story with a stone on the table, in `language`'s Bible: the whole table
    has seen these."""
    laid = set(engine.laid_stories(state))
    question = engine.pending_question(state)
    if question is not None:
        # The verse is the answer to an open Remember the Word question: not until it is answered.
        laid.discard(question["story"])
    if not laid:
        return {}
    words = dealt_words().of(game, language)
    return {str(position): words[position] for position in sorted(laid)}


def table_wide(game: Game, state: dict, language: str = "en") -> dict[str, Any]:
    """What every seat's message after a move shares, in one language: the verses shown, the
    clock, and at the deal the faces of the cards in play."""
    clock = None
    if game.move_deadline is not None and not engine.is_over(state):
        clock = {"seat": engine.current_seat(state), "seconds_left": seconds_left(game.move_deadline)}
    shared: dict[str, Any] = {"verses": verses_shown(game, state, language), "clock": clock}
    if game.version == 0:
        shared["cards"] = public_cards(game, language)
    return shared


def seat_update(
    game: Game,
    state: dict,
    seat: int | None,
    events: list[dict],
    *,
    kind: ServerType = ServerType.UPDATE,
    shared: dict | None = None,
    language: str = "en",
) -> SeatUpdate:
    """One seat's message after a move: its events and its view, and what the table shares in the
    seat's language (`table_wide`, built once per move and language when the caller has it). Seat
    None is the public message of screens and watchers: engine.public_view and the events' public
    parts."""
    return {  # type: ignore[return-value]
        "type": kind,
        "version": game.version,
        "events": engine.events_for(events, seat),
        "view": engine.view(state, seat),
        **(shared if shared is not None else table_wide(game, state, language)),
    }


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


def table_message(table: Table, seats: list[Seat], version: int = 0) -> TableMessage:
    """The table's public facts, for everyone connected to it."""
    return {"type": ServerType.TABLE, "version": version, "table": table_payload(table, seats)}


def lobby_message() -> LobbyMessage:
    """The open public tables, for every start screen."""
    return {"type": ServerType.LOBBY, "version": 0, "tables": lobby_tables()}


def reaction_message(version: int, seat: int, tag: str, reaction: str, label: str) -> Reaction:
    return {
        "type": ServerType.REACTION,
        "version": version,
        "seat": seat,
        "tag": tag,
        "reaction": reaction,
        "label": label,
    }


def nudge_message(
    version: int, seat: int, tag: str, words: str, again_at: datetime | None, reaches: bool
) -> Nudge:
    """The answer to a "Your turn" tap, for the tapper alone (game/services/turn_notices.py)."""
    return {
        "type": ServerType.NUDGE,
        "version": version,
        "seat": seat,
        "tag": tag,
        "words": words,
        "again_at": again_at.isoformat() if again_at else None,
        "reaches": reaches,
    }


def error_message(code: str, message: str, **extra: Any) -> ErrorMessage:
    """A refusal's code and its words; `extra` are the optional keys (id, version, retry, retry_after)."""
    return {"type": ServerType.ERROR, "code": code, "message": message, **extra}  # type: ignore[typeddict-item]


def ack_message(move_id: str, version: int) -> Ack:
    return {"type": ServerType.ACK, "id": move_id, "version": version}


def pong_message(version: int) -> Pong:
    return {"type": ServerType.PONG, "version": version}


def agent_hello(name: str) -> AgentHello:
    return {"type": ServerType.HELLO, "version": 0, "agent": name}
