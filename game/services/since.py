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

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from game import engine
from game.models import Game, GameEvent, Seat
from game.protocol.messages import reading, seat_name, story_titles
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
    """The stories' titles in the reader's language (the page reads in it)."""
    return story_titles(game, reading(get_language()))


def _line(item: dict, me: int, seats: dict[int, str], titles: dict[int, str]) -> Line | None:
    """One event in words, from `me`'s side of the table; None for the ones not worth telling
    (their own asks and the answers to them, their own stones, and an ask, told with its answer).
    Each sentence is whole for translators: "you" and a name are never pieces put into another."""

    def name(seat: int) -> str:
        return seats.get(seat, pgettext("a seat with no name", "seat %(number)s") % {"number": seat})

    def name_first(seat: int) -> str:  # the same, at the start of a sentence
        said = name(seat)
        return said[:1].upper() + said[1:]

    def story(number: int) -> str:
        return titles.get(number, _("a story"))

    kind = item["type"]
    mine = item.get("to" if kind == "answer" else "seat") == me
    if kind in ("ask", "answer", "knock", "seal") and mine:
        return None  # what they did themselves (on another device, say) is not news to them
    if kind == "answer":  # its ask comes just before it, and is told with it
        return _asked(item, item["seat"] == me, name, name_first, story(item["story"]))
    if kind == "knock":
        return Line(
            "stone",
            _("%(who)s laid a stone: %(story)s.")
            % {"who": name_first(item["seat"]), "story": story(item["story"])},
            (item["story"],),
            tuple(item["cards"]),
        )
    if kind == "seal":
        return Line(
            "stone",
            _("%(who)s sealed the stone of %(story)s.")
            % {"who": name_first(item["seat"]), "story": story(item["story"])},
            (item["story"],),
            (item["card"],),
        )
    if kind == "gift" and item["recipient"] == me:
        return Line(
            "gift",
            _("%(who)s gave you a card of %(story)s.")
            % {"who": name_first(item["giver"]), "story": story(item["story"])},
            (item["story"],),
            (item["card"],),
        )
    if kind == "pass" and item["to"] == me:
        return Line(
            "pass",
            _("%(who)s passed you a card.") % {"who": name_first(item["seat"])},
            (),
            (item["card"],) if "card" in item else (),
        )
    if kind == "takeover":
        return Line(
            "takeover",
            _("JagAI took over %(who)s's seat.") % {"who": name(item["seat"])}
            if item["seat"] != me
            else _("JagAI took over your seat."),
        )
    if kind == "let_back":
        if item["seat"] == me:
            return Line("let_back", _("The host let you back in."))
        return Line("let_back", _("The host let %(who)s back in.") % {"who": name(item["seat"])})
    if kind == "game_over":
        return Line("game_over", _("The game ended."))
    return None


def _asked(answer: dict, to_me: bool, name, name_first, title: str) -> Line:
    """An ask and the game's answer to it, in one line: the asked seat chose nothing (R6, R7). The
    asker is never the member (their own asks are not news); the asked seat may be."""
    asker, asked, count = answer["to"], answer["seat"], answer["count"]
    cards = tuple(answer.get("cards", ()))
    said = {"who": name_first(asker), "whom": name(asked), "story": title, "count": count}
    if not count and to_me:
        text = _("%(who)s asked you for %(story)s; you had none.") % said
    elif not count:
        text = _("%(who)s asked %(whom)s for %(story)s; %(whom)s had none.") % said
    elif to_me and count == 1:
        text = _("%(who)s asked you for %(story)s and got your card of it.") % said
    elif to_me:
        text = (
            ngettext(
                "%(who)s asked you for %(story)s and got your %(count)s card of it.",
                "%(who)s asked you for %(story)s and got your %(count)s cards of it.",
                count,
            )
            % said
        )
    elif count == 1:
        text = _("%(who)s asked %(whom)s for %(story)s and got a card.") % said
    else:
        text = (
            ngettext(
                "%(who)s asked %(whom)s for %(story)s and got %(count)s card.",
                "%(who)s asked %(whom)s for %(story)s and got %(count)s cards.",
                count,
            )
            % said
        )
    return Line("ask", text, (answer["story"],), cards)
