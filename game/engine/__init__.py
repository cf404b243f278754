"""The JustAllowGod game engine: pure rules, no Django, state as plain JSON data with its seed.

Its public API, one line each (OpenSpiel's legal_actions / apply_action / observation / returns):

- new_game(deck, seats, *, seed, remember_word, teams, options, languages, focus): deal a game and play to the
  host's first decision; languages: what each seat reads (R43: "en", "es", "pt"), None when all read English;
  focus: R44, one entry a seat (None or {} for none) of story position as text ("1".."S") -> the word its
  Remember the Word question blanks (in the seat's language; a word not in the verse leaves the seeded
  choice), None when no seat has one. Only the state holds it: no seat, public or JagAI view shows it.
- table_options(state): the game's table options (V1-V3): variant, deal_seven, ask_any, read_aloud.
- check_options(options, persons, teams): complete, checked table options; raises ValueError.
- VARIANTS: the variants by name (V2, V3); OPTION_NAMES: the table options' names.
- legal_moves(state, seat): every move the seat may make now (the UI's buttons, agents' choices).
- apply(state, seat, move): a seat's move -> (new state, events); raises IllegalMove, input untouched.
- apply_server(state, move): a server move (timeout, takeover, let_back, agent_timeout, end), the same way.
- replay(initial, moves): the state after recorded (seat or None, move) pairs.
- view(state, seat): everything one seat may see (R32), with its legal moves; the only door out.
- public_view(state): the seat view with no seat (no hand, question or moves): a table screen's, a watcher's.
- full_view(state): every hand, the Well and the seed, for reviewers (R33).
- owed(state): the gift an agent must make now, or None.
- result(state): the Outcome once the game is over (reason, ranking, winners, shared, teams, together), else None;
  Outcome.to_json() is the JSON game rows store, Outcome.from_json(data) reads it back.
- tally(state): what a table did together (stones laid, verses met, words remembered), for a class's board.
- events_for(events, seat) / events_full(events): events as one seat, or a reviewer, may see them.
- to_json(state) / from_json(text): the state as compact JSON text and back.
- refusal_words(code): words for people for a refusal code; MOVES: the move table.
- RuleCode: every refusal code the rules give, a StrEnum (its values are the codes clients read).
- rules_version(state): the rules version the game is played by (1: before R34-R37, 2: before R40).
- is_over(state) / end_reason(state): whether the game has ended, and why (an EndReason value).
- current_seat(state): the seat whose turn it is; turn_number(state): how many turns have begun.
- phase(state): the moment of the game, a Phase.
- reads_in(state, seat): the language the seat reads its verses in (R43).
- seat_count(state): how many seats the table has.
- seat_role(state, seat) / seat_roles(state): who plays a seat now, a SeatRole.
- is_person(state, seat) / persons(state): the seats that are still scoring persons.
- is_coming_back(state, seat) / times_back(state, seat): R40, a member let back in and how often.
- is_theirs(state, seat): the seat is its person's or agent's (or promised back, R40), not JagAI's.
- hand(state, seat): a seat's sorted hand (read it, never change it).
- well_size(state) / stone_count(state): cards in the Well, stones on the table.
- laid_stories(state): story -> the seat that laid its stone.
- pending_question(state): the Remember the Word question waiting for an answer, or None.
- make_question(verses, story, rng, names, language, prefer) / title_names(deck, language): a Remember the
  Word question for a story's verse, as a reader of that language is asked (how to play shows one);
  prefer: R44, the word to blank when the verse has it.
- candidates(verse, language): the words of a verse Remember the Word may blank (R44's choices).
- card_id(story, kind) / story_of(card) / kind_of(card) / missing_card(story, cards): card ids.
- Names: State, Move, Event, SeatId, StoryId, CardId, Phase, SeatRole, CardKind, EndReason, Outcome, Standing, Together.
- Errors: IllegalMove(code: RuleCode) with `.words` for people, DeckTooSmall.
"""

from __future__ import annotations

from typing import Any

from .cards import card_id, kind_of, missing_card, story_of
from .errors import DeckTooSmall, IllegalMove, RuleCode
from .events import events_for, events_full
from .flow import settle
from .moves import (
    MOVES,
    SEAT_MOVES,
    SERVER_MOVES,
    admit,
    admit_server,
    legal_moves,
    parse,
    perform,
    refusal_words,
)
from .outcome import Outcome, Standing, Together
from .rules import OPTION_NAMES, VARIANTS, check_options
from .rules import options_of as table_options
from .scoring import result, tally
from .state import (
    clone,
    current_seat,
    end_reason,
    from_json,
    hand,
    is_coming_back,
    is_over,
    is_person,
    is_theirs,
    laid_stories,
    pending_question,
    persons,
    phase,
    reads_in,
    rules_version,
    seat_count,
    seat_role,
    seat_roles,
    stone_count,
    times_back,
    to_json,
    turn_number,
    well_size,
)
from .state import new_game as _deal
from .types import CardId, CardKind, EndReason, Event, Move, Phase, SeatId, SeatRole, State, StoryId
from .views import full_view, owed, public_view, view
from .words import candidates, make_question, title_names

__all__ = [
    "MOVES",
    "OPTION_NAMES",
    "VARIANTS",
    "CardId",
    "CardKind",
    "DeckTooSmall",
    "EndReason",
    "Event",
    "IllegalMove",
    "Move",
    "Outcome",
    "Phase",
    "RuleCode",
    "SeatId",
    "SeatRole",
    "Standing",
    "State",
    "StoryId",
    "Together",
    "apply",
    "apply_server",
    "candidates",
    "card_id",
    "check_options",
    "current_seat",
    "end_reason",
    "events_for",
    "events_full",
    "from_json",
    "full_view",
    "hand",
    "is_coming_back",
    "is_over",
    "is_person",
    "is_theirs",
    "kind_of",
    "laid_stories",
    "legal_moves",
    "make_question",
    "missing_card",
    "new_game",
    "owed",
    "pending_question",
    "persons",
    "phase",
    "public_view",
    "reads_in",
    "refusal_words",
    "replay",
    "result",
    "rules_version",
    "seat_count",
    "seat_role",
    "seat_roles",
    "stone_count",
    "story_of",
    "table_options",
    "tally",
    "times_back",
    "title_names",
    "to_json",
    "turn_number",
    "view",
    "well_size",
]


def new_game(
    deck: list[dict],
    seats: list[str],
    *,
    seed: int,
    remember_word: bool,
    teams: bool,
    options: dict | None = None,
    languages: list[str] | None = None,
    focus: list[dict[str, str] | None] | None = None,
) -> State:
    """Deal a game and bring it to the host's first decision; `options`: the table's V1-V3 options;
    `languages`: the language each seat reads (R43), whose Bible its Remember the Word questions use;
    `focus`: R44, for each seat (None or {} for none) story position ("1".."S") -> the word to blank."""
    state = _deal(
        deck,
        seats,
        seed=seed,
        remember_word=remember_word,
        teams=teams,
        options=options,
        languages=languages,
        focus=focus,
    )
    settle(state, [])
    return state


def apply(state: State, seat: SeatId, move: Any) -> tuple[State, list[Event]]:
    """A seat's move; raises IllegalMove(code) and leaves the input untouched when refused."""
    kind, args = parse(move, SEAT_MOVES)
    admit(state, seat, kind, args)
    new, events = clone(state), []
    perform(new, seat, kind, args, events)
    return new, events


def apply_server(state: State, move: Any) -> tuple[State, list[Event]]:
    """A server move: timeout, takeover, let_back (R40), agent_timeout, end."""
    kind, args = parse(move, SERVER_MOVES)
    admit_server(state, kind, args)
    new, events = clone(state), []
    perform(new, None, kind, args, events)
    return new, events


def replay(initial: State, moves: list) -> State:
    """Apply recorded (seat or None, move) pairs to the initial state, by the rules it was dealt with."""
    state = initial
    for seat, move in moves:
        state = apply_server(state, move)[0] if seat is None else apply(state, seat, move)[0]
    return state
