"""Since you were here (issue 32): what happened at a table while a member's page was closed,
told in a few lines before the table. It is built only from the events as their seat may see
them (engine.events_for), so it can never say more than the table page would have shown them:
asks made out loud and their answers, stones laid and sealed, gifts and passes to them, seats
JagAI took or gave back, the end, and whether it is their turn now.

It tells only what the member has seen on none of their devices (game/services/seen.py): nothing
while a page of theirs is open, else what came after the version their last page showed. An
answer is the game's, never the asked seat's choice (R6, R7: the cards go, or there are none), so
an ask and its answer are one line that says what happened: "Mum asked you for Jonah; you had
none."."""

from __future__ import annotations

from dataclasses import dataclass

from game import engine
from game.models import Game, GameEvent, Seat
from game.protocol.messages import seat_name
from game.services.seen import sees_it_now
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
    """What happened at the game since `seat`'s member last saw it on any device; None if nothing
    did, if a page of theirs is open now (it was shown everything as it came), or if they never
    saw the game at all (the whole table is news then, and the page shows it)."""
    since = seat.seen_version
    if seat.seen_at is None or game.version <= since:
        return None
    if seat.user_id is not None and sees_it_now(table_id=game.table_id, user_id=seat.user_id):
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
    (their own asks and the answers to them, their own stones, and an ask, told with its answer)."""

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
    if kind == "answer":  # its ask comes just before it, and is told with it
        return _asked(item, item["seat"] == me, who, who_first, story(item["story"]))
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


def _asked(answer: dict, to_me: bool, who, who_first, title: str) -> Line:
    """An ask and the game's answer to it, in one line: the asked seat chose nothing (R6, R7)."""
    asker, asked, count = answer["to"], answer["seat"], answer["count"]
    cards = tuple(answer.get("cards", ()))
    asking = f"{who_first(asker)} asked {who(asked)} for {title}"
    if not count:
        text = f"{asking}; {who(asked)} had none."
    elif to_me:
        text = f"{asking} and got your {'card' if count == 1 else f'{count} cards'} of it."
    else:
        text = f"{asking} and got {'a card' if count == 1 else f'{count} cards'}."
    return Line("ask", text, (answer["story"],), cards)
