"""What a socket is sent when it connects or comes back: read-only reads, built by the protocol."""

from __future__ import annotations

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import get_language

from accounts.models import Agent, User
from game import engine
from game.models import Game, GameEvent, Seat, Table
from game.protocol import messages
from game.protocol.types import AudienceWelcome, LobbyMessage, SeatUpdate, ServerType, Welcome
from game.services.access import still_theirs
from game.services.screens import live_screen
from game.services.starting import seat_list
from game.services.watching import live_watcher
from justalllowgod.lib.site_address import absolute_url

# A client further behind than this gets a fresh view and the recent log instead of every event.
MAX_CATCHUP_EVENTS = 500
RECENT_LOG = 60


def _history(game: Game, seat: int | None, since: int) -> list[dict]:
    rows = GameEvent.objects.filter(game=game, seq__gt=since).order_by("seq").values_list("seq", "events")
    out = []
    for seq, events in rows:
        out.extend({**item, "version": seq} for item in engine.events_for(events, seat))
    return out


def _game_part(game: Game, seat: int | None, since: int) -> SeatUpdate:
    state = engine.from_json(game.state)
    behind = game.version - since
    from_version = since if 0 <= behind <= MAX_CATCHUP_EVENTS else max(0, game.version - RECENT_LOG)
    # In the reader's language: a socket reads inside its own (game/sockets/base.py).
    language = messages.reading(get_language())
    update = messages.seat_update(game, state, seat, [], kind=ServerType.CATCHUP, language=language)
    update["events"] = _history(game, seat, from_version)
    update["complete"] = from_version == since
    return update


def _own_seats(table_id: int, user: User | None, agent: Agent | None) -> QuerySet[Seat]:
    seats = Seat.objects.filter(table_id=table_id)
    return seats.filter(agent=agent) if agent is not None else seats.filter(user=user)


def welcome(*, table_id: int, user: User | None = None, agent: Agent | None = None) -> Welcome | None:
    """The first message on a table socket, or None if the member or agent has no seat there, or
    only one JagAI took while the game runs (R38)."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not still_theirs(_own_seats(table_id, user, agent), table.status).exists():
        return None
    seats = seat_list(table)
    me = next(s for s in seats if (s.agent_id == agent.pk if agent else s.user_id == user.pk))
    payload = messages.table_payload(table, seats)
    shown = next(p["seat"] for p, s in zip(payload["seats"], seats, strict=True) if s.pk == me.pk)
    message: Welcome = {
        "type": ServerType.WELCOME,
        "table_id": table.pk,
        "version": 0,
        "me": {
            "seat": shown,
            "tag": messages.seat_name(me),
            "is_host": user is not None and table.host_id == user.pk,
        },
        "table": payload,
    }
    game = Game.objects.filter(table=table).select_related("deal").first()
    if game is not None:
        message["cards"] = messages.public_cards(game, messages.reading(get_language()))
        part = _game_part(game, me.position, max(0, game.version - RECENT_LOG))
        message.update({k: v for k, v in part.items() if k != "type"})  # type: ignore[typeddict-item]
    return message


def catchup(
    *, table_id: int, since: int, user: User | None = None, agent: Agent | None = None
) -> SeatUpdate | None:
    """What a seat missed since a version, with a fresh view; None if the seat is no longer theirs
    (gone, or JagAI took it while the game runs, R38): the socket then closes 4403."""
    status = Table.objects.filter(pk=table_id).values_list("status", flat=True).first()
    seat = None
    if status is not None:
        seats = still_theirs(_own_seats(table_id, user, agent), status)
        seat = seats.values_list("position", flat=True).first()
    if seat is None:
        return None
    game = Game.objects.filter(table_id=table_id).first()
    if game is None:
        return {
            "type": ServerType.CATCHUP,
            "version": 0,
            "events": [],
            "view": None,
            "complete": True,
        }
    return _game_part(game, seat, since)


# --- Screens and watchers: the public view, no seat (engine.public_view) ---------------------


def _audience_welcome(table: Table, audience: dict) -> AudienceWelcome:
    seats = seat_list(table)
    message: AudienceWelcome = {
        "type": ServerType.WELCOME,
        "table_id": table.pk,
        "version": 0,
        "audience": {
            **audience,
            "code": table.code,
            # Latecomers sit down from the waiting room's QR; once dealt, nobody joins.
            "join_url": absolute_url(reverse("join_invite", args=[table.invite_token]))
            if table.status == Table.Status.WAITING
            else None,
        },
        "table": messages.table_payload(table, seats),
    }
    game = Game.objects.filter(table=table).select_related("deal").first()
    if game is not None:
        message["cards"] = messages.public_cards(game, messages.reading(get_language()))
        part = _game_part(game, None, max(0, game.version - RECENT_LOG))
        message.update({k: v for k, v in part.items() if k != "type"})  # type: ignore[typeddict-item]
    return message


def _audience_catchup(table_id: int, since: int) -> SeatUpdate:
    game = Game.objects.filter(table_id=table_id).first()
    if game is None:
        return {"type": ServerType.CATCHUP, "version": 0, "events": [], "view": None, "complete": True}
    return _game_part(game, None, since)


def screen_welcome(*, screen_id: int) -> AudienceWelcome | None:
    """A table screen's first message (and its next, once Play again moved it): the table it shows
    now, as the whole table sees it; None once the screen is turned off or its table ended."""
    screen = live_screen(screen_id)
    if screen is None:
        return None
    return _audience_welcome(screen.table, {"kind": "screen", "tag": None})


def screen_catchup(*, screen_id: int, table_id: int, since: int) -> SeatUpdate | None:
    """What a screen missed at `table_id` since a version; None if it is off or shows another
    table now (Play again): the socket then welcomes it afresh or closes."""
    screen = live_screen(screen_id)
    if screen is None or screen.table_id != table_id:
        return None
    return _audience_catchup(table_id, since)


def screen_table(*, screen_id: int) -> int | None:
    """The table a live screen shows now, or None once it is off (asked at every ping)."""
    screen = live_screen(screen_id)
    return screen.table_id if screen is not None else None


def watcher_welcome(*, table_id: int, user: User) -> AudienceWelcome | None:
    """A watcher's first message; None if they do not (or no longer) watch this table."""
    watcher = live_watcher(table_id=table_id, user=user)
    if watcher is None:
        return None
    return _audience_welcome(watcher.table, {"kind": "watcher", "tag": user.gamer_tag})


def watcher_catchup(*, table_id: int, user: User, since: int) -> SeatUpdate | None:
    if live_watcher(table_id=table_id, user=user) is None:
        return None
    return _audience_catchup(table_id, since)


def watching(*, table_id: int, user: User) -> bool:
    """Whether the member still watches this table (asked at every ping)."""
    return live_watcher(table_id=table_id, user=user) is not None


def version(*, table_id: int) -> int:
    """The game's version at a table, 0 before the deal."""
    return Game.version_at(table_id)


def lobby() -> LobbyMessage:
    """The start screen's message: the open public tables."""
    return messages.lobby_message()
