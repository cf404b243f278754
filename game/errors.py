"""Refusals the table services give, each with a stable code and words for people."""

from __future__ import annotations

from game.engine import refusal_words

# Words for our own refusal codes; the engine's come from its move table (engine.refusal_words).
MESSAGES = {
    "no_such_table": "We couldn't find a table with that code. Check the letters and try again.",
    "bad_code": "A table code is four letters, like KDRT.",
    "table_full": "That table is full. Ask the host for another table, or tap Play now.",
    "already_started": "That game has already begun. Ask the host to start a new table.",
    "table_finished": "That table's game is over.",
    "too_many_tries": "Too many wrong codes. Please wait a few minutes before trying again.",
    "too_many_tables": "You have opened a lot of tables this hour. Please wait a little before opening another.",
    "signed_out": "You signed out, so this table can't take moves from here. Sign in again to play.",
    "agent_revoked": "This agent's approval or token was withdrawn.",
    "not_host": "Only the host can do that.",
    "not_seated": "You are not seated at this table.",
    "teams_need_four": "Teams need four people at the table before the game can start.",
    "together_needs_two": "Together is a game for two to five people: wait for someone to join.",
    "together_without_teams": "Together is played without teams: everyone is on one side.",
    "unknown_variant": "Choose the standard game, Quick or Together.",
    "deck_not_ready": "The deck isn't ready yet: it needs at least 8 approved stories.",
    "not_waiting": "This table has already started.",
    "not_playing": "There is no game being played at this table.",
    "not_finished": "The game is still being played.",
    "not_public": "Only public tables count down.",
    "restricted": "Your account can't join tables right now.",
    "stale_version": "The table moved on before your move arrived. Here is the table as it is now.",
    "too_fast": "One reaction every two seconds, please.",
    "bad_reaction": "That reaction isn't one of ours.",
    "malformed_message": "That message wasn't understood.",
    "unknown_type": "That message type isn't one we know.",
    "helper_seat": "Your seat is played by JagAI now.",
    "unavailable": "The table can't be reached for a moment. Please try again in a few seconds.",
    "hello_too_soon": "The table was sent to you a moment ago. Ask again in a few seconds.",
}
DEFAULT_MESSAGE = "That move isn't allowed right now."


class GameError(Exception):
    """A clear refusal: nothing was changed."""

    def __init__(self, code: str, message: str | None = None, *, status: int = 400) -> None:
        self.code = code
        self.message = message or MESSAGES.get(code) or refusal_words(code) or DEFAULT_MESSAGE
        self.status = status
        super().__init__(f"{code}: {self.message}")
