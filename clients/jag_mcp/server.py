"""The MCP server: tools that let a model sit in an approved agent's helper seat, and the rules to read."""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations

from jag_mcp import words
from jag_mcp.link import ANSWER_SECONDS, AgentLink, Config, JagError

log = logging.getLogger("jag_mcp")

DOCS = Path(__file__).resolve().parents[2] / "docs"
# Many MCP clients give up on a request after 60 seconds: a wait ends well before that.
MAX_WAIT_SECONDS = 50
RESEND_WAIT_SECONDS = 2.0

# The site words its refusals for people at a table; these are the ones only an agent meets.
REFUSALS = {
    "card_not_in_hand": "You don't hold that card: give one of the cards legal_moves lists.",
    "no_gift_owed": "No gift is owed right now.",
    "not_a_person": "A helper seat only gives cards; it never asks, lays or seals.",
    "malformed_move": "That move has the wrong shape; use a key from legal_moves, e.g. 'give 26'.",
}

INSTRUCTIONS = f"""\
You sit in a helper seat of JustAllowGod, a Bible-story card game families play live. You have no
score: you never ask, never lay stones and never win. Your only choice is which card to give when a
gift is owed; the server names the recipient and how many cards. Loop: wait_for_turn, then play one
of the moves it lists (legal_moves and get_view say more). You have {ANSWER_SECONDS} seconds to choose;
after that the server gives a card for you by rule R16 and the game goes on. Be kind: the players
are families. Read the resources for the rules."""

HELPER_INTRO = f"""\
# How the helper seat works (for an approved agent)

In short, in our own words:
- You are a helper (R13): no score, no asks, no stones, never ranked.
- You see only your own hand and what the whole table sees (R14): the same view a person's screen gets.
- On your turn you draw from the Well, then owe one gift, or two when you hold more than 6 cards,
  plus any gift kept from before (R15). The server picks each recipient: the person with the fewest
  points. You choose the card (R19); legal_moves marks the cards that fit the recipient by R16.
- R36: you may keep a gift only when no card fits (exactly when R16 would keep it), and only if the
  site offers a keep move; when a card fits you must give one, and any card in your hand is legal.
- If you do not choose within {ANSWER_SECONDS} seconds, the server chooses by R16 (R19) and the
  table sees it.
- Asked for a story, the server hands over every card of it that you hold for you (R18).

The rules as the site keeps them follow.

"""


def _read_doc(name: str, site: str, page: str) -> str:
    path = DOCS / name
    if path.is_file():
        return path.read_text(encoding="utf-8")
    return f"This copy of the MCP server has no {name}. Read it at {site.rstrip('/')}/{page}"


def helper_rules(rules: str) -> str:
    """R13-R19 and the house rulings about agents, from docs/rules.md."""
    section = re.search(r"^## Helpers.*?(?=^## )", rules, flags=re.M | re.S)
    rulings = [
        item.strip()
        for item in re.split(r"\n(?=\d+\. )", rules.split("## House rulings", 1)[-1])
        if re.match(r"\d+\. ", item.strip()) and "agent" in item.lower()
    ]
    parts = [section.group(0).strip() if section else rules]
    if rulings:
        parts.append("## House rulings about agents\n\n" + "\n".join(rulings))
    return HELPER_INTRO + "\n\n".join(parts)


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
            "Your legal moves (call play with the key before the colon):",
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
        loop_start = _now()
        while not (link.closed or link.is_over() or link.is_due()) and waited < budget:
            await link.changed(budget - waited)
            waited = _now() - loop_start
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

    async def play(self, move: str) -> str:
        self.link.seated()
        link = self.link
        if not link.is_due():
            return "\n".join(
                ["That was not sent: it isn't your turn to give.", *self._news(), *self._where()]
            )
        chosen = parse_move(move, link.view or {})
        reply = await link.move(chosen)
        if reply.get("code") == "stale_version":
            # The table moved on (the clock, or another update on its way): look again once.
            await link.changed(RESEND_WAIT_SECONDS)
            if link.is_due() and chosen in (link.view or {}).get("legal_moves", []):
                reply = await link.move(chosen)
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


def _now() -> float:
    return time.monotonic()


def build_server(config: Config | None = None) -> MCPServer:
    """The MCP server for one agent token (from the environment)."""
    config = config or Config.from_env()
    seat = Seat(AgentLink(config))
    server = MCPServer("JustAllowGod", instructions=INSTRUCTIONS, log_level="WARNING")

    def answer(work: Callable[..., Awaitable[str]]) -> Callable[..., Awaitable[str]]:
        """Every tool answers in words: refusals as a clear tool error, never a stack trace or the token."""

        async def run(*args: Any) -> str:
            try:
                return scrub(await work(*args), config.token)
            except JagError as problem:
                raise ToolError(scrub(str(problem), config.token)) from None
            except Exception as problem:
                log.error("%s failed: %s", work.__name__, type(problem).__name__)
                raise ToolError(
                    f"Something went wrong inside the MCP server ({type(problem).__name__}). Try again."
                ) from None

        return run

    looks = ToolAnnotations(read_only_hint=True, open_world_hint=True)
    acts = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True)

    @server.tool(structured_output=False, annotations=looks)
    async def list_tables() -> str:
        """Check the agent's token and say which table this agent may join. Private tables are never
        listed: the host tells you the four-letter code."""
        return await answer(seat.list_tables)()

    @server.tool(structured_output=False, annotations=acts)
    async def join_table(code: str) -> str:
        """Sit down in a free helper seat at the private table with this four-letter code (any case).
        The host must have allowed approved AI helpers."""
        return await answer(seat.join_table)(code)

    @server.tool(structured_output=False, annotations=looks)
    async def wait_for_turn(timeout_s: float = 30) -> str:
        """Wait (up to timeout_s seconds, at most 50) until you must choose a gift or the game ends.
        Returns what happened at the table since you last looked, in words, and when it is your turn
        the legal moves and how many seconds you have (10 in all) before the server chooses for you."""
        return await answer(seat.wait_for_turn)(timeout_s)

    @server.tool(structured_output=False, annotations=looks)
    async def get_view() -> str:
        """Your seat's view: your hand, every seat's points and hand size, the stones, recent asks,
        whose turn it is; in words, then the same view as JSON."""
        return await answer(seat.get_view)()

    @server.tool(structured_output=False, annotations=looks)
    async def legal_moves() -> str:
        """The moves you may make now, each with a key to pass to play, marking the cards that fit the
        recipient by R16 (a story they asked for, or the card that seals their stone)."""
        return await answer(seat.legal_moves)()

    @server.tool(structured_output=False, annotations=acts)
    async def play(move: str) -> str:
        """Make one move: a key from legal_moves such as "give 26" (a bare card id works too). Move
        ids and versions are handled for you. A refused move comes back with the reason in words.
        Answer within 10 seconds of your turn starting, or the server chooses for you."""
        return await answer(seat.play)(move)

    @server.tool(
        structured_output=False, annotations=ToolAnnotations(destructive_hint=True, open_world_hint=True)
    )
    async def leave_table() -> str:
        """Give your seat back. Before the game starts the seat is freed; once it has started, the
        seat stays and the server gives for it by R16."""
        return await answer(seat.leave_table)()

    @server.prompt(title="Play JustAllowGod as a helper")
    def play_as_helper(code: str) -> str:
        """Start the model on a game: sit at the table with this code and give until the game ends."""
        return (
            f"Please sit in the helper seat at the JustAllowGod table {code}: call join_table with "
            "that code, then keep calling wait_for_turn. Whenever it is your turn, choose one of the "
            "listed moves at once with play (you have 10 seconds), preferring a card that fits the "
            "recipient. Read jag://helper-seat if you are unsure of the rules. Stop when the game is over."
        )

    @server.resource("jag://rules", name="rules", mime_type="text/markdown")
    def rules() -> str:
        """The rules of JustAllowGod as the site keeps them (docs/rules.md)."""
        return _read_doc("rules.md", config.url, "rules/")

    @server.resource("jag://helper-seat", name="helper-seat", mime_type="text/markdown")
    def helper_seat() -> str:
        """How the helper seat works: R13-R19, R36 and the house rulings about agents."""
        return helper_rules(_read_doc("rules.md", config.url, "rules/"))

    @server.resource("jag://protocol", name="protocol", mime_type="text/markdown")
    def protocol() -> str:
        """The table protocol the site speaks (docs/protocol.md); these tools speak it for you."""
        return _read_doc("protocol.md", config.url, "") + "\n\n" + _read_doc("agents.md", config.url, "")

    return server


def scrub(text: str, token: str) -> str:
    """Never hand the token back, whatever a message happens to quote."""
    return text.replace(token, "[token]") if token else text
