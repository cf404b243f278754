"""Since you were here (issue 32): what happened at a table while a member's page was closed,
told in a few lines before the table. It is built only from the events as their seat may see
them (engine.events_for), so it can never say more than the table page would have shown them:
asks made out loud and their answers, stones laid and sealed, gifts and passes to them, seats
JagAI took or gave back, the end, and whether it is their turn now."""

from __future__ import annotations

from dataclasses import dataclass

from game import engine
from game.models import Game, GameEvent, Seat
from game.protocol.messages import seat_name
from game.services.turn_notices import awaited

# Lines told at most; older ones are counted, not told.
MOST = 10


@dataclass(frozen=True)
class Line:
    """One thing that happened: its kind, its words, and what it names (for the no-leak tests)."""

    kind: str
    text: str
    stories: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Account:
    """The account a member sees: the last MOST lines, how many more came before, and their turn."""

    lines: list[Line]
    earlier: int = 0
    your_turn: bool = False
    moves: int = 0
    versions: tuple[int, int] = (0, 0)


def account_for(game: Game, seat: Seat) -> Account | None:
    """What happened at the game since `seat` last saw it; None if nothing did (or it never saw
    the game at all: the whole table is news then, and the page shows it)."""
    since = seat.seen_version
    if seat.seen_at is None or game.version <= since:
        return None
    state = engine.from_json(game.state)
    seats = {
        s.position: seat_name(s)
        for s in Seat.objects.filter(table_id=game.table_id).select_related("user", "agent")
    }
    titles = _titles(game)
    lines: list[Line] = []
    rows = GameEvent.objects.filter(game=game, seq__gt=since).order_by("seq").values_list("events", flat=True)
    for events in rows:
        for item in engine.events_for(events, seat.position):
            line = _line(item, seat.position, seats, titles)
            if line is not None:
                lines.append(line)
    your_turn = seat.position in awaited(state)
    if not lines and not your_turn:
        return None
    return Account(
        lines=lines[-MOST:],
        earlier=max(0, len(lines) - MOST),
        your_turn=your_turn,
        moves=game.version - since,
        versions=(since, game.version),
    )


def _titles(game: Game) -> dict[int, str]:
    return {story["position"]: story["title"] for story in game.deal.cards}


def _line(item: dict, me: int, seats: dict[int, str], titles: dict[int, str]) -> Line | None:
    """One event in words, from `me`'s side of the table; None for the ones not worth telling
    (their own asks, the answers to them, and their own stones)."""

    def who(seat: int) -> str:
        return "you" if seat == me else seats.get(seat, f"seat {seat}")

    def who_first(seat: int) -> str:  # the same, at the start of a sentence
        name = who(seat)
        return name[:1].upper() + name[1:]

    def story(number: int) -> str:
        return titles.get(number, "a story")

    kind = item["type"]
    mine = item.get("to" if kind == "answer" else "seat") == me
    if kind in ("ask", "answer", "knock", "seal") and mine:
        return None  # what they did themselves (on another device, say) is not news to them
    if kind == "ask":
        return Line(
            "ask",
            f"{who_first(item['seat'])} asked {who(item['target'])} for {story(item['story'])}.",
            (item["story"],),
        )
    if kind == "answer":
        count = item["count"]
        given = "yes" if count else "no"
        cards = tuple(item.get("cards", ()))
        text = f"{who_first(item['seat'])} said {given}" + (
            f" and gave {count} card{'s' if count != 1 else ''}." if count else "."
        )
        return Line("answer", text, (item["story"],), cards)
    if kind == "knock":
        return Line(
            "stone",
            f"{who_first(item['seat'])} laid a stone: {story(item['story'])}.",
            (item["story"],),
            tuple(item["cards"]),
        )
    if kind == "seal":
        return Line(
            "stone",
            f"{who_first(item['seat'])} sealed the stone of {story(item['story'])}.",
            (item["story"],),
            (item["card"],),
        )
    if kind == "gift" and item["recipient"] == me:
        return Line(
            "gift",
            f"{who_first(item['giver'])} gave you a card of {story(item['story'])}.",
            (item["story"],),
            (item["card"],),
        )
    if kind == "pass" and item["to"] == me:
        return Line(
            "pass",
            f"{who_first(item['seat'])} passed you a card.",
            (),
            (item["card"],) if "card" in item else (),
        )
    if kind == "takeover":
        return Line(
            "takeover",
            f"JagAI took over {who(item['seat'])}'s seat."
            if item["seat"] != me
            else "JagAI took over your seat.",
        )
    if kind == "let_back":
        return Line("let_back", f"The host let {who(item['seat'])} back in.")
    if kind == "game_over":
        return Line("game_over", "The game ended.")
    return None
