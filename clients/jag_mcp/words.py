"""The table in words for a model: the same sentences the table's log shows (static/js/render-log.js)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

END_REASONS = {
    "twelve_stones": "Twelve stones are laid: the circle is full.",
    "no_more_stones": "The Well is empty and no more stones can be made.",
    "ended_by_host": "The host ended the game early, so nobody wins this one.",
    "no_persons_left": "Everyone has left the table.",
    "quick_goal": "Two stones laid: the Quick game is over.",
}
# The table's options and variant (V1-V3) as the view's "options" says them.
OPTION_WORDS = {
    "quick": "a Quick game (3 cards each; it ends when a person or team has laid 2 stones)",
    "together": "Together (everyone on one side; your gifts go to the person with the fewest stones)",
    "deal_seven": "Deal 7",
    "ask_any": "Ask for any story",
    "read_aloud": "Read the verse together (no Remember the Word quiz)",
}
KINDS = ("person", "place", "moment", "word")


def story_of(card: int) -> int:
    """Card ids are (story - 1) * 4 + kind, so the story's position is card // 4 + 1."""
    return card // 4 + 1


@dataclass
class Table:
    """What names seats, cards and stories: the welcome's table and cards, and which seat is ours."""

    me: int | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def name(self, seat: int) -> str:
        """A seat's tag; tags shared by several seats get the seat number, as the table page does."""
        tags = [s.get("tag") for s in self.seats]
        tag = next((s.get("tag") for s in self.seats if s.get("seat") == seat), None)
        if tag is None:
            return f"Seat {seat}"
        return f"{tag} {seat}" if tags.count(tag) > 1 else str(tag)

    def card(self, card: int) -> str:
        face = self.cards.get(str(card))
        return f"{face['title']} ({face['kind']})" if face else f"card {card}"

    def story(self, position: int) -> str:
        face = self.cards.get(str((position - 1) * 4))
        return f"“{face['story_title']}”" if face else f"story {position}"


def describe(event: dict[str, Any], table: Table) -> str | None:
    """One event as a sentence from our seat's point of view, or None for events nobody reads out."""
    handler = _SENTENCES.get(event.get("type", ""))
    return handler(event, _Words(table)) if handler else None


def describe_all(events: Iterable[dict[str, Any]], table: Table) -> list[str]:
    return [text for text in (describe(e, table) for e in events) if text]


class _Words:
    """Pronouns and names: "You" for our own seat, the tag for everyone else."""

    def __init__(self, table: Table) -> None:
        self.t = table

    def you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.t.me

    def who(self, seat: int) -> str:
        return "You" if self.you(seat) else self.t.name(seat)

    def whom(self, seat: int) -> str:
        return "you" if self.you(seat) else self.t.name(seat)

    def whose(self, seat: int) -> str:
        return "your" if self.you(seat) else f"{self.t.name(seat)}'s"

    def verb(self, seat: int, mine: str, theirs: str) -> str:
        return mine if self.you(seat) else theirs

    def cards(self, ids: list[int]) -> str:
        return ", ".join(self.t.card(c) for c in ids)


def _answer(e: dict, w: _Words) -> str:
    story = w.t.story(e["story"])
    if not e.get("count"):
        return f"{w.who(e['seat'])} {w.verb(e['seat'], 'have', 'has')} none of {story}."
    count = "1 card" if e["count"] == 1 else f"{e['count']} cards"
    return f"{w.who(e['seat'])} handed {w.whom(e['to'])} {count}: {w.cards(e.get('cards') or [])}."


def _well_draw(e: dict, w: _Words) -> str:
    story = w.t.story(e["story"])
    if e.get("matched"):
        go = w.verb(e["seat"], "go", "goes")
        return f"{w.who(e['seat'])} drew {w.t.card(e['card'])} from the Well, a card of {story}, and {go} on!"
    if e.get("card") is not None:
        return f"You drew {w.t.card(e['card'])} from the Well. It isn't from {story}, so your turn is ending."
    return f"{w.who(e['seat'])} drew a card from the Well. It wasn't from {story}."


def _draw(e: dict, w: _Words) -> str:
    card = w.t.card(e["card"]) if e.get("card") is not None else "a card"
    if e.get("why") == "empty_hand":
        if w.you(e["seat"]):
            return f"Your hand was empty, so you drew {card} from the Well."
        return f"{w.whose(e['seat'])} hand was empty, so they drew a card from the Well."
    return f"{w.who(e['seat'])} drew {card} from the Well."


def _knock(e: dict, w: _Words) -> str:
    kind = "sealed stone" if e.get("sealed") else "stone of three"
    return (
        f"{w.who(e['seat'])} laid a {kind} of {w.t.story(e['story'])}: {e['points']} points. "
        f"Place {e['place']} of 12 is filled."
    )


def _word_answer(e: dict, w: _Words) -> str:
    if e.get("choice") is None:
        return f"Time ran out for the question. The missing word was “{e['word']}”."
    if e.get("right"):
        return f"{w.who(e['seat'])} remembered the word “{e['word']}”: 1 more point!"
    return f"The missing word was “{e['word']}”." + (" No harm done." if w.you(e["seat"]) else "")


def _gift(e: dict, w: _Words) -> str:
    story = w.t.story(e["story"]) if e.get("story") else "a story"
    reason = {
        "asked": f"because {w.whom(e['recipient'])} asked for {story}",
        "seal": f"to seal {w.whose(e['recipient'])} stone of {story}",
    }.get(e.get("reason", ""), f"a card of {story}")
    return f"{w.who(e['giver'])} gave {w.whom(e['recipient'])} {w.t.card(e['card'])}, {reason}."


def _gift_kept(e: dict, w: _Words) -> str:
    whose = "your" if w.you(e["giver"]) else "its"
    if e.get("recipient"):
        return (
            f"{w.who(e['giver'])} had no card to help {w.whom(e['recipient'])}, "
            f"so the gift waits for {whose} next turn."
        )
    return f"{w.who(e['giver'])} keeps the gift for {whose} next turn."


def _pass(e: dict, w: _Words) -> str:
    if e.get("card") is not None:
        if w.you(e["seat"]):
            return f"You passed {w.t.card(e['card'])} to {w.whom(e['to'])}."
        return f"{w.who(e['seat'])} passed you {w.t.card(e['card'])}."
    return f"{w.who(e['seat'])} passed a card face down to {w.whom(e['to'])}."


def _takeover(e: dict, w: _Words) -> str:
    why = "left" if e.get("why") == "left" else "missed two turns"
    return f"{w.who(e['seat'])} {why}. JagAI plays {w.verb(e['seat'], 'your', 'their')} seat as a Helper now."


def _word_question(e: dict, w: _Words) -> str:
    if w.you(e["seat"]):
        return "Remember the Word: choose the missing word."
    return f"Remember the Word: {w.who(e['seat'])} is choosing the missing word."


def _turn_passed(e: dict, w: _Words) -> str:
    return f"{w.who(e['seat'])} {w.verb(e['seat'], 'have', 'has')} no cards and the Well is empty, so the turn passes."


_SENTENCES: dict[str, Callable[[dict, _Words], str]] = {
    "turn": lambda e, w: "It's your turn." if w.you(e["seat"]) else f"It's {w.whose(e['seat'])} turn.",
    "ask": lambda e, w: f"{w.who(e['seat'])} asked {w.whom(e['target'])} for {w.t.story(e['story'])}.",
    "answer": _answer,
    "well_draw": _well_draw,
    "draw": _draw,
    "turn_passed": _turn_passed,
    "knock": _knock,
    "seal": lambda e, w: (
        f"{w.who(e['seat'])} sealed {w.whose(e['seat'])} stone of {w.t.story(e['story'])} "
        f"with {w.t.card(e['card'])}: {e['points']} more points."
    ),
    "word_question": _word_question,
    "word_answer": _word_answer,
    "gift": _gift,
    "gift_kept": _gift_kept,
    "done": lambda e, w: f"{w.who(e['seat'])} {w.verb(e['seat'], 'are', 'is')} done.",
    "pass": _pass,
    "timeout": lambda e, w: (
        f"{'Your' if w.you(e['seat']) else w.whose(e['seat'])} time ran out, so the turn passes."
    ),
    "takeover": _takeover,
    "agent_timeout": lambda e, w: f"{w.who(e['seat'])} took too long, so JagAI chose the gift.",
    "read_aloud": lambda e, w: f"Read it together: the verse of {w.t.story(e['story'])}.",
    "game_over": lambda e, w: f"The game is over. {END_REASONS.get(e.get('reason', ''), '')}".strip(),
}


def move_key(move: dict[str, Any]) -> str:
    """A short name for a legal move the model can type back: {"give": {"card": 26}} -> "give 26"."""
    name, args = next(iter(move.items()))
    values = [str(v) for v in (args or {}).values()] if isinstance(args, dict) else []
    return " ".join([name, *values])


def fitting_cards(view: dict[str, Any]) -> dict[int, str]:
    """Cards in hand that fit the recipient by R16, with why: asked out loud, or to seal a stone."""
    owed, hand = view.get("owed") or {}, set(view.get("hand") or [])
    recipient = owed.get("recipient")
    if recipient is None:
        return {}
    laid_by_others = {s["story"] for s in view.get("stones", []) if s["seat"] != recipient}
    fits: dict[int, str] = {}
    for ask in reversed(view.get("asks", [])):
        if ask["seat"] == recipient and ask["story"] not in laid_by_others:
            for card in sorted(c for c in hand if story_of(c) == ask["story"]):
                fits.setdefault(card, "asked")
    for stone in view.get("stones", []):
        if stone["seat"] == recipient and not stone["sealed"]:
            for card in hand:
                if story_of(card) == stone["story"] and card not in stone["cards"]:
                    fits.setdefault(card, "seal")
    return fits


def describe_moves(view: dict[str, Any], table: Table) -> list[str]:
    """Each legal move as "key: what it does", cards that fit the recipient (R16) first."""
    fits = fitting_cards(view)
    recipient = (view.get("owed") or {}).get("recipient")
    lines = []
    for move in view.get("legal_moves") or []:
        key, (name, args) = move_key(move), next(iter(move.items()))
        if name == "give" and isinstance(args, dict) and "card" in args:
            card = args["card"]
            text = f"{key}: give {table.card(card)} of {table.story(story_of(card))}"
            why = fits.get(card)
            if why == "asked":
                text += f" (fits: {table.name(recipient)} asked for this story)"
            elif why == "seal":
                text += f" (fits: it seals {table.name(recipient)}'s open stone)"
            lines.append((why is None, text))
        elif name == "keep":
            lines.append((True, f"{key}: keep the gift for your next turn (R36: no card you hold fits)"))
        else:
            lines.append((True, f"{key}: {name}"))
    return [text for _, text in sorted(lines, key=lambda pair: pair[0])]


def describe_view(view: dict[str, Any], table: Table) -> str:
    """The seat's view in a few plain lines: whose turn, our hand, every seat, the stones."""
    lines = [f"You are seat {view['seat']}, a helper seat (no score; you only choose gifts)."]
    if played := describe_options(view.get("options") or {}):
        lines.append(played)
    if view.get("result"):
        lines.append(describe_result(view["result"], table))
    elif view.get("turn") == view["seat"] and view.get("owed"):
        owed = view["owed"]
        lines.append(f"It's your turn: give {_cards(owed['count'])} to {table.name(owed['recipient'])}.")
    elif view.get("turn"):
        lines.append(f"It's {table.name(view['turn'])}'s turn.")
    hand = ", ".join(f"{table.card(c)} of {table.story(story_of(c))} [{c}]" for c in view.get("hand", []))
    lines.append(f"Your hand: {hand or 'empty'}.")
    lines.append(f"The Well holds {_cards(view.get('well', 0))}.")
    for s in view.get("seats", []):
        kind = "person" if s["kind"] == "person" else "helper"
        points = f", {s['points']} points" if kind == "person" else ""
        lines.append(
            f"Seat {s['seat']} {table.name(s['seat'])} ({kind}): {_cards(s['hand_size'])} in hand{points}."
        )
    for stone in view.get("stones", []):
        state = "sealed" if stone["sealed"] else "open"
        lines.append(
            f"Place {stone['place']}: {table.name(stone['seat'])}'s {state} stone of {table.story(stone['story'])}."
        )
    asks = [a for a in reversed(view.get("asks", []))][:8]
    if asks:
        said = "; ".join(
            f"{table.name(a['seat'])} asked {table.name(a['target'])} for {table.story(a['story'])}"
            for a in asks
        )
        lines.append(f"Recent asks, newest first: {said}.")
    return "\n".join(lines)


def describe_options(options: dict[str, Any]) -> str:
    """The table's variant and options in one sentence; "" for the standard game."""
    chosen = [options.get("variant", "standard")] + [
        k for k in ("deal_seven", "ask_any", "read_aloud") if options.get(k)
    ]
    said = [OPTION_WORDS[key] for key in chosen if key in OPTION_WORDS]
    return f"This table plays {', '.join(said)}." if said else ""


def describe_result(result: dict[str, Any], table: Table) -> str:
    reason = END_REASONS.get(result.get("reason", ""), "The game is over.")
    if result.get("together"):
        together = result["together"]
        if together["won"]:
            return "The game is over. The table filled the circle together: everyone wins."
        stones = together["stones"]
        return f"The game is over. {reason} Together the table laid {stones} of 12 stones."
    if result.get("no_winner") or not result.get("winners"):
        return f"The game is over. {reason} Nobody wins this one."
    winners = " and ".join(table.name(s) for s in result["winners"])
    ranking = ", ".join(f"{table.name(r['seat'])} {r['points']}" for r in result.get("ranking", []))
    return f"The game is over. {reason} {winners} won. Points: {ranking}."


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"
