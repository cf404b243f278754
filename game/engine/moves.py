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
from .errors import IllegalMove, RuleCode
from .flow import ACTING, settle
from .types import Event, Move, Option, Phase, SeatId, SeatRole, State

Args = dict[str, Any]
Check = Callable[[State, Any, Args], None]
Effect = Callable[[State, Any, Args, list[Event]], None]
Options = Callable[[State, SeatId], Iterable[Option]]


@dataclass(frozen=True, kw_only=True)
class MoveKind:
    """One kind of move; `role` None is a server move (no seat makes it, and it is never offered)."""

    name: str
    fields: tuple[str, ...] = ()  # its int fields, in this order in a light Option
    role: SeatRole | None  # who makes it: a person, an agent, or None for the server
    phases: tuple[Phase, ...]  # the moments it may be made in
    check: Check  # what else must hold; raises IllegalMove(code)
    effect: Effect  # plays it on the state (a copy apply() owns)
    options: Options | None = None  # its legal instances for a seat, once the common checks hold
    refusals: dict[RuleCode, str] = field(default_factory=dict)  # code -> words, every code its check raises
    summary: str  # one line for docs/rules.md
    wrong_moment: dict[Phase, RuleCode] = field(
        default_factory=dict
    )  # phase -> a more precise code than not_now


_FIVE = (Phase.ASKING, Phase.WELL, Phase.ENDING, Phase.WORD, Phase.GIFT)
_CARD_NOT_IN_HAND = {RuleCode.CARD_NOT_IN_HAND: "That card isn't in your hand."}
_NO_SUCH_STORY = {RuleCode.NO_SUCH_STORY: "There is no such story in this deck."}
_UNKNOWN_SEAT = {RuleCode.UNKNOWN_SEAT: "There is no such seat."}
_ALREADY_PASSED = {RuleCode.ALREADY_PASSED: "You have already passed a card this turn."}
_NO_AGENT_WAITING = {RuleCode.NO_AGENT_WAITING: "No agent is deciding now."}

MOVES: tuple[MoveKind, ...] = (
    MoveKind(
        name="ask",
        fields=("seat", "story"),
        role=SeatRole.PERSON,
        phases=(Phase.ASKING,),
        check=turns.check_ask,
        effect=turns.ask,
        options=turns.ask_options,
        refusals={
            RuleCode.CANNOT_ASK_THAT_SEAT: "You can't ask that seat.",
            **_NO_SUCH_STORY,
            RuleCode.STORY_NOT_IN_HAND: "You can only ask for a story you hold a card of.",
        },
        summary="R5-R7, R37: ask another seat (not your partner) for a story you hold; the answer is public.",
        wrong_moment={Phase.WELL: RuleCode.MUST_GO_TO_WELL, Phase.ENDING: RuleCode.TURN_IS_ENDING},
    ),
    MoveKind(
        name="well",
        role=SeatRole.PERSON,
        phases=(Phase.WELL,),
        check=server.no_check,
        effect=turns.well,
        options=turns.well_options,
        summary="R7: after a no, draw one card from the Well; a card of the story asked for is shown.",
        wrong_moment={Phase.ASKING: RuleCode.NO_NEED_FOR_WELL, Phase.ENDING: RuleCode.NO_NEED_FOR_WELL},
    ),
    MoveKind(
        name="done",
        role=SeatRole.PERSON,
        phases=(Phase.ASKING, Phase.ENDING),
        check=turns.check_done,
        effect=turns.done,
        options=turns.done_options,
        refusals={RuleCode.MUST_ASK_FIRST: "Ask someone first: every turn starts with an ask."},
        summary="R6, R7: end your turn, once you have asked.",
        wrong_moment={Phase.WELL: RuleCode.MUST_GO_TO_WELL},
    ),
    MoveKind(
        name="knock",
        fields=("story",),
        role=SeatRole.PERSON,
        phases=ACTING,
        check=turns.check_knock,
        effect=turns.knock,
        options=turns.knock_options,
        refusals={
            **_NO_SUCH_STORY,
            RuleCode.NOT_ENOUGH_CARDS: "You need three or four cards of a story to lay a stone.",
        },
        summary="R8: lay every card of a story you hold three or four of.",
    ),
    MoveKind(
        name="seal",
        fields=("story",),
        role=SeatRole.PERSON,
        phases=ACTING,
        check=turns.check_seal,
        effect=turns.seal,
        options=turns.seal_options,
        refusals={
            **_NO_SUCH_STORY,
            RuleCode.NO_STONE_TO_SEAL: "You have no open stone of that story to seal.",
            RuleCode.MISSING_CARD_NOT_IN_HAND: "You don't hold the card that stone is missing.",
        },
        summary="R9: add the missing card to an open stone you laid.",
    ),
    MoveKind(
        name="pass",
        fields=("card",),
        role=SeatRole.PERSON,
        phases=ACTING,
        check=turns.check_pass,
        effect=turns.pass_card,
        options=turns.pass_options,
        refusals={
            RuleCode.NOT_TEAMS: "Passing is only for teams.",
            RuleCode.NO_PARTNER: "Your partner's seat is played by JagAI now, so there is nobody to pass to.",
            **_ALREADY_PASSED,
            **_CARD_NOT_IN_HAND,
        },
        summary="R12: in teams, once a turn, pass one card face down to your partner.",
    ),
    MoveKind(
        name="share",
        fields=("seat", "card"),
        role=SeatRole.PERSON,
        phases=ACTING,
        check=turns.check_share,
        effect=turns.share,
        options=turns.share_options,
        refusals={
            RuleCode.NOT_TOGETHER: "Passing to anyone is only for a Together game.",
            RuleCode.CANNOT_PASS_TO_THAT_SEAT: "You can pass a card only to another person at the table.",
            **_ALREADY_PASSED,
            **_CARD_NOT_IN_HAND,
        },
        summary="V3: in a Together game, once a turn, pass one card face down to any other person.",
    ),
    MoveKind(
        name="answer",
        fields=("choice",),
        role=SeatRole.PERSON,
        phases=(Phase.WORD,),
        check=turns.check_answer,
        effect=turns.answer,
        options=turns.answer_options,
        refusals={RuleCode.BAD_CHOICE: "Pick one of the three words."},
        summary="R11, R34: answer the Remember the Word question.",
        wrong_moment={phase: RuleCode.NO_QUESTION for phase in ACTING},
    ),
    MoveKind(
        name="give",
        fields=("card",),
        role=SeatRole.AGENT,
        phases=(Phase.GIFT,),
        check=helpers.check_give,
        effect=helpers.give_move,
        options=helpers.give_options,
        refusals=_CARD_NOT_IN_HAND,
        summary="R19, R36: an agent gives the gift owed now: any card it holds.",
    ),
    MoveKind(
        name="keep",
        role=SeatRole.AGENT,
        phases=(Phase.GIFT,),
        check=helpers.check_keep,
        effect=helpers.keep_move,
        options=helpers.keep_options,
        refusals={
            RuleCode.CANNOT_KEEP: "This game's rules let an agent keep no gift.",
            RuleCode.A_CARD_FITS: "A card you hold fits this gift, so give one.",
        },
        summary="R36: an agent keeps the gift for its next turn, only when no card it holds fits (R16).",
    ),
    MoveKind(
        name="timeout",
        role=None,
        phases=_FIVE,
        check=server.check_timeout,
        effect=server.timeout,
        refusals={RuleCode.NOBODY_TO_TIME_OUT: "Nobody is deciding now.", **_NO_AGENT_WAITING},
        summary="R27: the clock ran out on the decision now; the second in a row hands the seat to JagAI.",
    ),
    MoveKind(
        name="takeover",
        fields=("seat",),
        role=None,
        phases=(Phase.NEXT, *_FIVE),
        check=server.check_takeover,
        effect=server.takeover,
        refusals={**_UNKNOWN_SEAT, RuleCode.NOT_A_PERSON: "That seat is not played by a person."},
        summary="R27, R28, R38: a person left; JagAI plays the seat from now on, its points void.",
    ),
    MoveKind(
        name="let_back",
        fields=("seat",),
        role=None,
        phases=(Phase.NEXT, *_FIVE),
        check=server.check_let_back,
        effect=server.let_back,
        refusals={
            RuleCode.NO_COMING_BACK: "This game was started before players could come back.",
            **_UNKNOWN_SEAT,
            RuleCode.NOT_TAKEN_OVER: "That seat is not played by JagAI for someone who left.",
            RuleCode.ALREADY_COMING_BACK: "That player is already coming back at their next turn.",
            RuleCode.BACK_TWICE_ALREADY: "That player has already come back twice this game.",
        },
        summary="R40: the host lets a member back into their seat; it is theirs again from its next turn.",
    ),
    MoveKind(
        name="agent_timeout",
        role=None,
        phases=(Phase.GIFT,),
        check=server.check_agent_timeout,
        effect=server.agent_timeout,
        refusals=_NO_AGENT_WAITING,
        summary="R19: an agent did not answer in time; R16 makes its gifts.",
    ),
    MoveKind(
        name="end",
        role=None,
        phases=(Phase.NEXT, *_FIVE),
        check=server.no_check,
        effect=server.end,
        summary="R23: the host ends the game early; nobody wins.",
    ),
)
BY_NAME: dict[str, MoveKind] = {kind.name: kind for kind in MOVES}
SEAT_MOVES: dict[str, MoveKind] = {kind.name: kind for kind in MOVES if kind.role is not None}
SERVER_MOVES: dict[str, MoveKind] = {kind.name: kind for kind in MOVES if kind.role is None}
# Refusals any move can meet, checked before its own (admit()).
COMMON_REFUSALS: dict[RuleCode, str] = {
    RuleCode.MALFORMED_MOVE: "That move wasn't understood.",
    RuleCode.GAME_OVER: "This game is over.",
    RuleCode.UNKNOWN_SEAT: "There is no such seat.",
    RuleCode.NOT_YOUR_TURN: "It isn't your turn yet.",
    RuleCode.NOT_A_PERSON: "Your seat is played by JagAI now.",
    RuleCode.NO_GIFT_OWED: "No gift is owed now.",
    RuleCode.MUST_ANSWER_WORD: "Answer the Remember the Word question first.",
    RuleCode.NOT_NOW: "That move doesn't fit this moment of the turn.",
    RuleCode.MUST_GO_TO_WELL: "The answer was no: go to the Well first.",
    RuleCode.TURN_IS_ENDING: "Your turn is ending: lay a stone if you can, then tap Done.",
    RuleCode.NO_NEED_FOR_WELL: "There's no need to go to the Well now.",
    RuleCode.NO_QUESTION: "There is no question to answer.",
}


def refusal_words(code: str) -> str | None:
    """Words for people for an engine refusal code (a RuleCode or its text), or None if the engine never
    gives it; a refused move's own words are on its IllegalMove (`.words`)."""
    if code in COMMON_REFUSALS:
        return COMMON_REFUSALS[code]
    for kind in MOVES:
        if code in kind.refusals:
            return kind.refusals[code]
    return None


def _refused(code: RuleCode, kind: MoveKind | None = None) -> IllegalMove:
    """The refusal with its words: the move's own for this code, else the common ones."""
    words = kind.refusals.get(code) if kind is not None else None
    return IllegalMove(code, words or COMMON_REFUSALS.get(code, ""))


def _checked(kind: MoveKind, state: State, seat: SeatId | None, args: Args) -> None:
    """The move's own check; a refusal leaves with the words the table gives it for this move."""
    try:
        kind.check(state, seat, args)
    except IllegalMove as refusal:
        raise _refused(refusal.code, kind) from None


def parse(move: Any, table: dict[str, MoveKind]) -> tuple[MoveKind, Args]:
    """Check a move's shape: one known name, a dict of exactly its int fields."""
    if not isinstance(move, dict) or len(move) != 1:
        raise _refused(RuleCode.MALFORMED_MOVE)
    name, args = next(iter(move.items()))
    kind = table.get(name)
    if kind is None or type(args) is not dict or len(args) != len(kind.fields):
        raise _refused(RuleCode.MALFORMED_MOVE)
    for name in kind.fields:
        # bool is an int subclass; a move's numbers are plain ints only.
        if type(args.get(name)) is not int:
            raise _refused(RuleCode.MALFORMED_MOVE)
    return kind, args


def admit(state: State, seat: Any, kind: MoveKind, args: Args) -> None:
    """Every check of a seat's move, common ones first; raises IllegalMove and changes nothing."""
    if state["over"] is not None:
        raise _refused(RuleCode.GAME_OVER)
    kinds = state["kinds"]
    if type(seat) is not int or not 1 <= seat <= len(kinds):
        raise _refused(RuleCode.UNKNOWN_SEAT)
    if state["turn"] != seat:
        raise _refused(RuleCode.NOT_YOUR_TURN)
    role = kinds[seat - 1]
    phase = state["phase"]
    if kind.role == SeatRole.AGENT:
        if role != SeatRole.AGENT or phase != Phase.GIFT:
            raise _refused(RuleCode.NO_GIFT_OWED)
    elif role != SeatRole.PERSON:
        raise _refused(RuleCode.NOT_A_PERSON)
    elif phase == Phase.WORD and kind.name != "answer":
        raise _refused(RuleCode.MUST_ANSWER_WORD)
    elif phase not in kind.phases:
        raise _refused(kind.wrong_moment.get(phase, RuleCode.NOT_NOW))
    _checked(kind, state, seat, args)


def admit_server(state: State, kind: MoveKind, args: Args) -> None:
    """Every check of a server move."""
    if state["over"] is not None:
        raise _refused(RuleCode.GAME_OVER)
    _checked(kind, state, None, args)


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
    for role in (SeatRole.PERSON, SeatRole.AGENT)
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
