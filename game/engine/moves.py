"""The move table: every move declared once with its shape, who makes it, when, its check, its effect,
the legal instances it offers and the words for each refusal. legal_moves, apply and the docs read it.

The shape follows boardgame.io's `moves` and OpenSpiel's legal_actions / apply_action: a move a seat
is offered is exactly one apply() accepts; the property tests in tests/engine hold the two together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from . import helpers, server, turns
from .errors import IllegalMove
from .flow import ACTING, settle
from .types import (
    AGENT,
    ASKING,
    ENDING,
    GIFT,
    NEXT,
    PERSON,
    WELL,
    WORD,
    Event,
    Move,
    Option,
    Phase,
    SeatId,
    SeatRole,
    State,
)

Args = dict[str, Any]
Check = Callable[[State, Any, Args], None]
Effect = Callable[[State, Any, Args, list[Event]], None]
Options = Callable[[State, SeatId], Iterable[Option]]


@dataclass(frozen=True)
class MoveKind:
    """One kind of move; `role` None is a server move (no seat makes it, and it is never offered)."""

    name: str
    fields: tuple[str, ...]  # its int fields, in this order in a light Option
    role: SeatRole | None
    phases: tuple[Phase, ...]  # the moments it may be made in
    check: Check  # what else must hold; raises IllegalMove(code)
    effect: Effect  # plays it on the state (a copy apply() owns)
    options: Options | None  # its legal instances for a seat, once the common checks hold
    refusals: dict[str, str]  # code -> words for people, every code its check can raise
    summary: str  # one line for docs/rules.md
    wrong_moment: dict[Phase, str] = field(default_factory=dict)  # phase -> a more precise code than not_now


_FIVE = (ASKING, WELL, ENDING, WORD, GIFT)
MOVES: tuple[MoveKind, ...] = (
    MoveKind(
        "ask", ("seat", "story"), PERSON, (ASKING,), turns.check_ask, turns.ask, turns.ask_options,
        {
            "cannot_ask_that_seat": "You can't ask that seat.",
            "no_such_story": "There is no such story in this deck.",
            "story_not_in_hand": "You can only ask for a story you hold a card of.",
        },
        "R5-R7, R37: ask another seat (not your partner) for a story you hold; the answer is public.",
        {WELL: "must_go_to_well", ENDING: "turn_is_ending"},
    ),
    MoveKind(
        "well", (), PERSON, (WELL,), server.no_check, turns.well, turns.well_options, {},
        "R7: after a no, draw one card from the Well; a card of the story asked for is shown.",
        {ASKING: "no_need_for_well", ENDING: "no_need_for_well"},
    ),
    MoveKind(
        "done", (), PERSON, (ASKING, ENDING), turns.check_done, turns.done, turns.done_options,
        {"must_ask_first": "Ask someone first: every turn starts with an ask."},
        "R6, R7: end your turn, once you have asked.",
        {WELL: "must_go_to_well"},
    ),
    MoveKind(
        "knock", ("story",), PERSON, ACTING, turns.check_knock, turns.knock, turns.knock_options,
        {
            "no_such_story": "There is no such story in this deck.",
            "not_enough_cards": "You need three or four cards of a story to lay a stone.",
        },
        "R8: lay every card of a story you hold three or four of.",
    ),
    MoveKind(
        "seal", ("story",), PERSON, ACTING, turns.check_seal, turns.seal, turns.seal_options,
        {
            "no_such_story": "There is no such story in this deck.",
            "no_stone_to_seal": "You have no open stone of that story to seal.",
            "missing_card_not_in_hand": "You don't hold the card that stone is missing.",
        },
        "R9: add the missing card to an open stone you laid.",
    ),
    MoveKind(
        "pass", ("card",), PERSON, ACTING, turns.check_pass, turns.pass_card, turns.pass_options,
        {
            "not_teams": "Passing is only for teams.",
            "no_partner": "Your partner's seat is played by JagAI now, so there is nobody to pass to.",
            "already_passed": "You have already passed a card this turn.",
            "card_not_in_hand": "That card isn't in your hand.",
        },
        "R12: in teams, once a turn, pass one card face down to your partner.",
    ),
    MoveKind(
        "share", ("seat", "card"), PERSON, ACTING, turns.check_share, turns.share, turns.share_options,
        {
            "not_together": "Passing to anyone is only for a Together game.",
            "cannot_pass_to_that_seat": "You can pass a card only to another person at the table.",
            "already_passed": "You have already passed a card this turn.",
            "card_not_in_hand": "That card isn't in your hand.",
        },
        "V3: in a Together game, once a turn, pass one card face down to any other person.",
    ),
    MoveKind(
        "answer", ("choice",), PERSON, (WORD,), turns.check_answer, turns.answer, turns.answer_options,
        {"bad_choice": "Pick one of the three words."},
        "R11, R34: answer the Remember the Word question.",
        {ASKING: "no_question", WELL: "no_question", ENDING: "no_question"},
    ),
    MoveKind(
        "give", ("card",), AGENT, (GIFT,), helpers.check_give, helpers.give_move, helpers.give_options,
        {"card_not_in_hand": "That card isn't in your hand."},
        "R19, R36: an agent gives the gift owed now: any card it holds.",
    ),
    MoveKind(
        "keep", (), AGENT, (GIFT,), helpers.check_keep, helpers.keep_move, helpers.keep_options,
        {
            "cannot_keep": "This game's rules let an agent keep no gift.",
            "a_card_fits": "A card you hold fits this gift, so give one.",
        },
        "R36: an agent keeps the gift for its next turn, only when no card it holds fits (R16).",
    ),
    MoveKind(
        "timeout", (), None, _FIVE, server.check_timeout, server.timeout, None,
        {
            "nobody_to_time_out": "Nobody is deciding now.",
            "no_agent_waiting": "No agent is deciding now.",
        },
        "R27: the clock ran out on the decision now; the second in a row hands the seat to JagAI.",
    ),
    MoveKind(
        "takeover", ("seat",), None, (NEXT, *_FIVE), server.check_takeover, server.takeover, None,
        {"unknown_seat": "There is no such seat.", "not_a_person": "That seat is not played by a person."},
        "R27, R28, R38: a person left; JagAI plays the seat from now on, its points void.",
    ),
    MoveKind(
        "let_back", ("seat",), None, (NEXT, *_FIVE), server.check_let_back, server.let_back, None,
        {
            "no_coming_back": "This game was started before players could come back.",
            "unknown_seat": "There is no such seat.",
            "not_taken_over": "That seat is not played by JagAI for someone who left.",
            "already_coming_back": "That player is already coming back at their next turn.",
            "back_twice_already": "That player has already come back twice this game.",
        },
        "R40: the host lets a member back into their seat; it is theirs again from its next turn.",
    ),
    MoveKind(
        "agent_timeout", (), None, (GIFT,), server.check_agent_timeout, server.agent_timeout, None,
        {"no_agent_waiting": "No agent is deciding now."},
        "R19: an agent did not answer in time; R16 makes its gifts.",
    ),
    MoveKind(
        "end", (), None, (NEXT, *_FIVE), server.no_check, server.end, None, {},
        "R23: the host ends the game early; nobody wins.",
    ),
)  # fmt: skip
BY_NAME: dict[str, MoveKind] = {kind.name: kind for kind in MOVES}
SEAT_MOVES: dict[str, MoveKind] = {kind.name: kind for kind in MOVES if kind.role is not None}
SERVER_MOVES: dict[str, MoveKind] = {kind.name: kind for kind in MOVES if kind.role is None}
# Refusals any move can meet, checked before its own (admit()).
COMMON_REFUSALS = {
    "malformed_move": "That move wasn't understood.",
    "game_over": "This game is over.",
    "unknown_seat": "There is no such seat.",
    "not_your_turn": "It isn't your turn yet.",
    "not_a_person": "Your seat is played by JagAI now.",
    "no_gift_owed": "No gift is owed now.",
    "must_answer_word": "Answer the Remember the Word question first.",
    "not_now": "That move doesn't fit this moment of the turn.",
    "must_go_to_well": "The answer was no: go to the Well first.",
    "turn_is_ending": "Your turn is ending: lay a stone if you can, then tap Done.",
    "no_need_for_well": "There's no need to go to the Well now.",
    "no_question": "There is no question to answer.",
}


def refusal_words(code: str) -> str | None:
    """Words for people for an engine refusal code, or None if the engine never gives it."""
    if code in COMMON_REFUSALS:
        return COMMON_REFUSALS[code]
    for kind in MOVES:
        if code in kind.refusals:
            return kind.refusals[code]
    return None


def parse(move: Any, table: dict[str, MoveKind]) -> tuple[MoveKind, Args]:
    """Check a move's shape: one known name, a dict of exactly its int fields."""
    if not isinstance(move, dict) or len(move) != 1:
        raise IllegalMove("malformed_move")
    name, args = next(iter(move.items()))
    kind = table.get(name)
    if kind is None or type(args) is not dict or len(args) != len(kind.fields):
        raise IllegalMove("malformed_move")
    for name in kind.fields:
        # bool is an int subclass; a move's numbers are plain ints only.
        if type(args.get(name)) is not int:
            raise IllegalMove("malformed_move")
    return kind, args


def admit(state: State, seat: Any, kind: MoveKind, args: Args) -> None:
    """Every check of a seat's move, common ones first; raises IllegalMove and changes nothing."""
    if state["over"] is not None:
        raise IllegalMove("game_over")
    kinds = state["kinds"]
    if type(seat) is not int or not 1 <= seat <= len(kinds):
        raise IllegalMove("unknown_seat")
    if state["turn"] != seat:
        raise IllegalMove("not_your_turn")
    role = kinds[seat - 1]
    phase = state["phase"]
    if kind.role == AGENT:
        if role != AGENT or phase != GIFT:
            raise IllegalMove("no_gift_owed")
    elif role != PERSON:
        raise IllegalMove("not_a_person")
    elif phase == WORD and kind.name != "answer":
        raise IllegalMove("must_answer_word")
    elif phase not in kind.phases:
        raise IllegalMove(kind.wrong_moment.get(phase, "not_now"))
    kind.check(state, seat, args)


def admit_server(state: State, kind: MoveKind, args: Args) -> None:
    """Every check of a server move."""
    if state["over"] is not None:
        raise IllegalMove("game_over")
    kind.check(state, None, args)


def perform(state: State, seat: SeatId | None, kind: MoveKind, args: Args, events: list[Event]) -> None:
    """Play an admitted move on the state itself, then everything automatic after it."""
    kind.effect(state, seat, args, events)
    settle(state, events)


def legal_options(state: State, seat: SeatId) -> list[Option]:
    """Every move the seat may make now, in light form ("ask", 2, 7); empty when it is not its decision."""
    if state["over"] is not None or state["turn"] != seat:
        return []
    out: list[Option] = []
    for options in _OFFERED.get((state["kinds"][seat - 1], state["phase"]), ()):
        out.extend(options(state, seat))
    return out


# (seat role, phase) -> the generators of the moves it may be offered, in the order legal_moves lists
# them; read from the table once, so listing a seat's moves is one lookup. JagAI is offered none.
_OFFERED = {
    (role, phase.value): tuple(k.options for k in MOVES if k.role == role and phase in k.phases)
    for role in (PERSON, AGENT)
    for phase in Phase
}


def as_move(option: Option) -> Move:
    """The move dict of a light option: ("ask", 2, 7) -> {"ask": {"seat": 2, "story": 7}}."""
    kind = BY_NAME[option[0]]
    return {kind.name: dict(zip(kind.fields, option[1:], strict=True))}  # type: ignore[dict-item]


def as_option(move: Move) -> Option:
    """The light option of a well-formed move."""
    name, args = next(iter(move.items()))
    return (name, *(args[f] for f in BY_NAME[name].fields))  # type: ignore[literal-required]


def legal_moves(state: State, seat: SeatId) -> list[Move]:
    """Every move the seat may make now; empty when it is not that seat's decision."""
    return [as_move(option) for option in legal_options(state, seat)]


def table_markdown() -> str:
    """The move table as docs/rules.md shows it (a test keeps the page equal to this)."""
    lines = ["| move | made by | what it does | refused with |", "| --- | --- | --- | --- |"]
    for kind in MOVES:
        shape = "{" + ", ".join(f'"{f}": n' for f in kind.fields) + "}"
        who = str(kind.role) if kind.role is not None else "the server"
        own = [*dict.fromkeys(kind.wrong_moment.values()), *kind.refusals]
        codes = ", ".join(f"`{code}`" for code in own) or "-"
        lines.append(f'| `{{"{kind.name}": {shape}}}` | {who} | {kind.summary} | {codes} |')
    lines += [
        "",
        "Any move may also be refused with:",
        "",
        "| code | what the player reads |",
        "| --- | --- |",
    ]
    lines += [f"| `{code}` | {words} |" for code, words in COMMON_REFUSALS.items()]
    return "\n".join(lines)
