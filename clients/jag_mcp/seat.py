"""What each tool does at the agent's seat, every answer in words for the model."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from . import words
from .link import AgentLink, JagError, close_words

# Many MCP clients give up on a request after 60 seconds: a wait ends well before that.
MAX_WAIT_SECONDS = 50
# After a stale refusal, how long to wait for the catch-up that follows it.
CATCHUP_WAIT_SECONDS = 2.0
# After stale_version: our choice was not played, the clock's was (R16).
STALE_WORDS = "Your choice was not played: the clock chose for you."

# Refusals after which the site closes the socket, with the close they come with: the site's
# REFUSAL_CLOSES (game/sockets/closing.py), kept equal by tests/realtime/test_close_codes_agree.py.
CLOSING = {
    "signed_out": 4401,
    "agent_revoked": 4401,
    "restricted": 4423,
    "too_many_tries": 4429,
    "seat_taken": 4403,
}

# The site words its refusals for people at a table; these are the ones only an agent meets.
REFUSALS = {
    "card_not_in_hand": "You don't hold that card: give one of the cards legal_moves lists.",
    "cannot_keep": "You may keep a gift only when no card you hold fits the recipient (R36).",
    "a_card_fits": "A card you hold fits the recipient, so you must give one (R36).",
    "no_gift_owed": "No gift is owed right now.",
    "not_a_person": "A helper seat only gives cards; it never asks, lays or seals.",
    "malformed_move": "That move has the wrong shape; use a key from legal_moves, e.g. 'give 26'.",
}


def parse_move(text: str, view: dict[str, Any]) -> dict[str, Any]:
    """A move the model typed: a key legal_moves gave ("give 26"), a bare card id, or the move's JSON."""
    text = text.strip()
    if text.startswith("{"):
        try:
            move = json.loads(text)
        except ValueError:
            raise JagError(
                "That move is not valid JSON. Use a key from legal_moves, e.g. 'give 26'."
            ) from None
        if isinstance(move, dict) and move.get("type") == "move" and isinstance(move.get("move"), dict):
            move = move["move"]
        if not isinstance(move, dict) or len(move) != 1:
            raise JagError('A move is one object like {"give": {"card": 26}}.')
        return move
    said = " ".join(text.lower().replace(":", " ").replace(",", " ").split())
    for move in view.get("legal_moves") or []:
        if words.move_key(move) == said:
            return move
    parts = said.removeprefix("give ").split()
    if len(parts) == 1 and parts[0].isdigit():
        return {"give": {"card": int(parts[0])}}
    raise JagError(
        f"I could not read the move {text!r}. Use one of the keys legal_moves lists, e.g. 'give 26'."
    )


class Seat:
    """What the tools do with the agent's link, each answer in words."""

    def __init__(self, link: AgentLink) -> None:
        self.link = link

    def _news(self) -> list[str]:
        news = self.link.unread()
        return ["What happened since you last looked:", *(f"- {line}" for line in news)] if news else []

    def _your_turn(self) -> list[str]:
        link, view = self.link, self.link.view or {}
        owed = view.get("owed") or {}
        count, left = owed.get("count", 1), link.seconds_left()
        lines = [
            f"It's your turn: give {'1 card' if count == 1 else f'{count} cards, one at a time,'} "
            f"to {link.table.name(owed.get('recipient', 0))}. You have about {left} "
            f"second{'' if left == 1 else 's'} before the server chooses for you (R16).",
            f"This choice is for version {link.version}: call play with the key before the colon "
            f"and version={link.version}. Your legal moves:",
        ]
        return lines + [f"- {line}" for line in words.describe_moves(view, link.table)]

    def _where(self) -> list[str]:
        """Where the game stands when it is not our turn."""
        link = self.link
        if link.closed:
            raise JagError("\n".join([*self._news(), link.closed]))
        if link.is_over():
            result = (link.view or {}).get("result")
            lines = [words.describe_result(result, link.table) if result else "The game is over."]
            following = link.table_info.get("next_code")
            if following:
                lines.append(
                    f"The host opened the next table, {following}: call join_table with {following} to play again."
                )
            return lines
        if link.is_due():
            return self._your_turn()
        if link.view is None:
            info = link.table_info
            taken = len(info.get("seats", []))
            return [
                f"The table {link.code} is waiting for the host to start ({taken} of {info.get('seat_count')} seats taken)."
            ]
        return [f"It's {link.table.name(link.view['turn'])}'s turn, not yours."]

    async def list_tables(self) -> str:
        name = await self.link.open()
        if self.link.code:
            return f"You are {name}, seated at table {self.link.code}. Call wait_for_turn."
        return (
            f"You are {name}. Private tables are never listed, so there is nothing to pick from here: "
            "ask the host for their table's four-letter code (the host must tick 'Welcome approved AI "
            "helpers' when starting the table), then call join_table with it."
        )

    async def join_table(self, code: str) -> str:
        if not re.fullmatch(r"\s*[A-Za-z]{4}\s*", code):
            raise JagError("A table code is four letters, like KDRT. Ask the host for it.")
        await self.link.join(code)
        link = self.link
        lines = [
            f"You are seated at table {link.code} as {link.agent_name}, a helper seat with an Agent badge."
        ]
        return "\n".join([*lines, *self._news(), *self._where(), "Call wait_for_turn to play."])

    async def wait_for_turn(self, timeout_s: float) -> str:
        self.link.seated()
        link = self.link
        waited, budget = 0.0, max(0.0, min(float(timeout_s), MAX_WAIT_SECONDS))
        loop_start = time.monotonic()
        while not (link.closed or link.is_over() or link.is_due()) and waited < budget:
            await link.changed(budget - waited)
            waited = time.monotonic() - loop_start
        lines = [*self._news(), *self._where()]
        if not (link.closed or link.is_over() or link.is_due()):
            lines.append("Nothing for you to do yet: call wait_for_turn again.")
        return "\n".join(lines)

    async def get_view(self) -> str:
        self.link.seated()
        view = self.link.view
        if view is None:
            return "\n".join(self._where())
        return words.describe_view(view, self.link.table) + "\n\nThe view as JSON:\n" + json.dumps(view)

    async def legal_moves(self) -> str:
        self.link.seated()
        if not self.link.is_due():
            return "\n".join([*self._where(), "You have no move to make now: call wait_for_turn."])
        return "\n".join(self._your_turn())

    def _it_is_now(self) -> str:
        """Where the table is now, after the turn a choice was made for has passed."""
        link = self.link
        if link.is_over():
            now = "the game is over"
        elif link.is_due():
            now = "your next turn"
        elif link.view is not None:
            now = f"{link.table.name(link.view['turn'])}'s turn"
        else:
            now = "a new game"
        return f"Your time ran out; it is now {now} (version {link.version})."

    async def play(self, move: str, version: int) -> str:
        """Send a move made on `version`: only if that is still the table's version. A choice for
        a turn that has passed is never sent on into the next one (the site refuses it too)."""
        self.link.seated()
        link = self.link
        if type(version) is not int or version < 0:
            raise JagError("version is the number legal_moves or wait_for_turn gave with your turn, e.g. 42.")
        if version < link.version:
            return "\n".join(
                [
                    self._it_is_now(),
                    f"Your choice for version {version} was not sent.",
                    *self._news(),
                    *self._where(),
                ]
            )
        if version > link.version:
            return "\n".join(
                [f"The table is at version {link.version}, not {version}: nothing was sent.", *self._where()]
            )
        if not link.is_due():
            return "\n".join(
                ["That was not sent: it isn't your turn to give.", *self._news(), *self._where()]
            )
        chosen = parse_move(move, link.view or {})
        reply = await link.move(chosen, version)
        if reply.get("code") == "stale_version":
            # The clock chose for us while the move was on its way (R16): wait for the catch-up, and
            # say so and where the table is now. The choice is never sent again on the new version.
            await link.changed(CATCHUP_WAIT_SECONDS)
            return "\n".join([self._it_is_now(), STALE_WORDS, *self._news(), *self._where()])
        if reply.get("code") in CLOSING:
            # The site says why, then closes: this seat may not act any more.
            raise JagError(close_words(CLOSING[reply["code"]]))
        if reply["type"] == "error":
            code = reply.get("code", "")
            lines = [f"Refused: {REFUSALS.get(code, reply.get('message', ''))} ({code}). Nothing changed."]
            return "\n".join([*lines, *self._news(), *self._where()])
        if reply["type"] == "__closed__":
            raise JagError(link.closed or "The connection closed.")
        lines = [f"Played {words.move_key(chosen)}.", *self._news()]
        if not link.is_due():
            lines.append("Your turn is over: call wait_for_turn.")
        return "\n".join([*lines, *self._where()] if link.is_due() or link.is_over() else lines)

    async def leave_table(self) -> str:
        self.link.seated()
        started = self.link.view is not None and not self.link.is_over()
        code = self.link.code
        await self.link.leave()
        if started:
            return (
                f"You left table {code}. The game goes on: the server gives for your seat by R16 from now on."
            )
        return f"You left table {code}."
