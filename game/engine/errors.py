"""Errors the engine raises, and its refusal codes (one vocabulary for every IllegalMove)."""

from __future__ import annotations

from enum import StrEnum


class RuleCode(StrEnum):
    """Why the rules refuse a move: stable snake_case that clients read (docs/rules.md lists the words)."""

    # Any move (moves.admit, moves.parse).
    MALFORMED_MOVE = "malformed_move"
    GAME_OVER = "game_over"
    UNKNOWN_SEAT = "unknown_seat"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_A_PERSON = "not_a_person"
    NO_GIFT_OWED = "no_gift_owed"
    MUST_ANSWER_WORD = "must_answer_word"
    NOT_NOW = "not_now"
    MUST_GO_TO_WELL = "must_go_to_well"
    TURN_IS_ENDING = "turn_is_ending"
    NO_NEED_FOR_WELL = "no_need_for_well"
    NO_QUESTION = "no_question"
    # A person's moves (turns).
    CANNOT_ASK_THAT_SEAT = "cannot_ask_that_seat"
    NO_SUCH_STORY = "no_such_story"
    STORY_NOT_IN_HAND = "story_not_in_hand"
    MUST_ASK_FIRST = "must_ask_first"
    NOT_ENOUGH_CARDS = "not_enough_cards"
    NO_STONE_TO_SEAL = "no_stone_to_seal"
    MISSING_CARD_NOT_IN_HAND = "missing_card_not_in_hand"
    NOT_TEAMS = "not_teams"
    NO_PARTNER = "no_partner"
    ALREADY_PASSED = "already_passed"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    NOT_TOGETHER = "not_together"
    CANNOT_PASS_TO_THAT_SEAT = "cannot_pass_to_that_seat"
    BAD_CHOICE = "bad_choice"
    # An agent's moves (helpers).
    CANNOT_KEEP = "cannot_keep"
    A_CARD_FITS = "a_card_fits"
    # The server's moves (server).
    NOBODY_TO_TIME_OUT = "nobody_to_time_out"
    NO_AGENT_WAITING = "no_agent_waiting"
    NO_COMING_BACK = "no_coming_back"
    NOT_TAKEN_OVER = "not_taken_over"
    ALREADY_COMING_BACK = "already_coming_back"
    BACK_TWICE_ALREADY = "back_twice_already"


class IllegalMove(Exception):
    """A move the rules do not allow now: `code`, and `words` for people (from the move table).

    The rules raise it with the code alone; apply() and apply_server() add the words of the move
    that was refused before it leaves the engine, since one code may read differently per move.
    """

    def __init__(self, code: RuleCode, words: str = "") -> None:
        super().__init__(code.value)
        self.code = code
        self.words = words


class DeckTooSmall(ValueError):
    """A deck with fewer than 8 dealable stories cannot be dealt (R1)."""


def require(condition: object, code: RuleCode) -> None:
    """Raise IllegalMove(code) unless the condition holds."""
    if not condition:
        raise IllegalMove(code)
