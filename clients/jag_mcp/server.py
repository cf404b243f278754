"""The MCP server: tools that let a model sit in an approved agent's helper seat, and the rules to read."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from .link import ANSWER_SECONDS, AgentLink, Config, JagError
from .seat import MAX_WAIT_SECONDS, Seat

log = logging.getLogger("jag_mcp")

DOCS = Path(__file__).resolve().parents[2] / "docs"
INSTRUCTIONS = f"""\
You sit in a helper seat of JustAllowGod, a Bible-story card game families play live. You have no
score: you never ask, never lay stones and never win. Your only choice is which card to give when a
gift is owed; the server names the recipient and how many cards. Loop: wait_for_turn, then play one
of the moves it lists, with the version it names (legal_moves and get_view say more). You have {ANSWER_SECONDS} seconds to choose;
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
- R36: you may keep a gift only when no card fits (exactly when R16 would keep it): legal_moves then
  offers `keep`. When a card fits you must give one, and any card in your hand is legal.
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


def _section(rules: str, heading: str) -> str:
    """One `## heading...` section of docs/rules.md, up to the next one ("" if it is not there)."""
    found = re.search(rf"^## {re.escape(heading)}.*?(?=^## |\Z)", rules, flags=re.M | re.S)
    return found.group(0).strip() if found else ""


def helper_rules(rules: str) -> str:
    """R13-R19 and R36, R38 for agents, the house rulings, the variants and the moves about agents (docs/rules.md)."""
    parts = [_section(rules, "Helpers") or rules]
    r38 = re.search(r"^- \*\*R38\..*?(?=^- |^\s*$|\Z)", rules, flags=re.M | re.S)
    if r38:
        parts.append(r38.group(0).strip())
    variants = _section(rules, "Table options and variants")
    if variants:
        # V1-V3: which game a table plays changes who is owed a gift (Together) and when it ends.
        parts.append(variants.split("\n\nHouse rulings for the options")[0])
    rulings = [
        item.split("\n\n")[0].strip()
        for item in re.split(r"\n(?=\d+\. )", _section(rules, "House rulings"))
        if re.match(r"\d+\. ", item.strip()) and "agent" in item.lower()
    ]
    if rulings:
        parts.append("## House rulings about agents\n\n" + "\n".join(rulings))
    moves = [line for line in _section(rules, "Moves and refusals").splitlines() if "| agent |" in line]
    if moves:
        parts.append(
            "## An agent's moves\n\n| move | made by | what it does | refused with |\n| --- | --- | --- | --- |\n"
            + "\n".join(moves)
        )
    return HELPER_INTRO + "\n\n".join(parts)


def build_server(config: Config | None = None) -> MCPServer:
    """The MCP server for one agent token (from the environment)."""
    config = config or Config.from_env()
    server = MCPServer("JustAllowGod", instructions=INSTRUCTIONS, log_level="WARNING")
    _add_tools(server, Seat(AgentLink(config)), config.token)
    _add_reading(server, config.url)
    return server


def answered(work: Callable[..., Awaitable[str]], token: str) -> Callable[..., Awaitable[str]]:
    """Every tool answers in words: refusals as a clear tool error, never a stack trace or the token."""

    async def run(*args: Any) -> str:
        try:
            return scrub(await work(*args), token)
        except JagError as problem:
            raise ToolError(scrub(str(problem), token)) from None
        except Exception as problem:
            log.error("%s failed: %s", work.__name__, type(problem).__name__)
            raise ToolError(
                f"Something went wrong inside the MCP server ({type(problem).__name__}). Try again."
            ) from None

    return run


def _add_tools(server: MCPServer, seat: Seat, token: str) -> None:
    looks = ToolAnnotations(read_only_hint=True, open_world_hint=True)
    acts = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True)
    gives_back = ToolAnnotations(destructive_hint=True, open_world_hint=True)

    @server.tool(structured_output=False, annotations=looks)
    async def list_tables() -> str:
        """Check the agent's token and say which table this agent may join. Private tables are never
        listed: the host tells you the four-letter code."""
        return await answered(seat.list_tables, token)()

    @server.tool(structured_output=False, annotations=acts)
    async def join_table(
        code: Annotated[
            str, Field(description="The table's four-letter code, from the host (any case), e.g. KDRT.")
        ],
    ) -> str:
        """Sit down in a free helper seat at the private table with this four-letter code (any case).
        The host must have allowed approved AI helpers."""
        return await answered(seat.join_table, token)(code)

    @server.tool(structured_output=False, annotations=looks)
    async def wait_for_turn(
        timeout_s: Annotated[
            float,
            Field(
                ge=0,
                le=MAX_WAIT_SECONDS,
                description=f"How many seconds to wait at most: 0 to {MAX_WAIT_SECONDS} (default 30). "
                f"Many MCP clients give up on a call after 60 seconds, so the limit is {MAX_WAIT_SECONDS}.",
            ),
        ] = 30,
    ) -> str:
        """Wait (up to timeout_s seconds, at most 50) until you must choose a gift or the game ends.
        Returns what happened at the table since you last looked, in words, and when it is your turn
        the legal moves, the version your choice is for, and how many seconds you have (10 in all)
        before the server chooses for you."""
        return await answered(seat.wait_for_turn, token)(timeout_s)

    @server.tool(structured_output=False, annotations=looks)
    async def get_view() -> str:
        """Your seat's view: your hand, every seat's points and hand size, the stones, recent asks,
        whose turn it is; in words, then the same view as JSON."""
        return await answered(seat.get_view, token)()

    @server.tool(structured_output=False, annotations=looks)
    async def legal_moves() -> str:
        """The moves you may make now, each with a key to pass to play, marking the cards that fit the
        recipient by R16 (a story they asked for, or the card that seals their stone), and the
        version to pass with it."""
        return await answered(seat.legal_moves, token)()

    @server.tool(structured_output=False, annotations=acts)
    async def play(
        move: Annotated[
            str,
            Field(
                description='A key from legal_moves, such as "give 26" or "keep" (a bare card id works too).'
            ),
        ],
        version: Annotated[
            int,
            Field(
                ge=0,
                description="The version your choice was made on, as legal_moves or wait_for_turn "
                "gave it with your turn. If the turn has passed since, nothing is played.",
            ),
        ],
    ) -> str:
        """Make one move on the version you chose it on. Move ids are handled for you. A refused
        move comes back with the reason in words; a choice for a turn that has passed (the server
        chose for you after 10 seconds) is never played into the next turn: you are told where
        the table is now."""
        return await answered(seat.play, token)(move, version)

    @server.tool(structured_output=False, annotations=gives_back)
    async def leave_table() -> str:
        """Give your seat back. Before the game starts the seat is freed; once it has started, the
        seat stays and the server gives for it by R16."""
        return await answered(seat.leave_table, token)()


def _add_reading(server: MCPServer, site: str) -> None:
    """The rules, the helper seat and the protocol as resources, and a prompt to start a game."""

    @server.resource("jag://rules", name="rules", mime_type="text/markdown")
    def rules() -> str:
        """The rules of JustAllowGod as the site keeps them (docs/rules.md)."""
        return _read_doc("rules.md", site, "rules/")

    @server.resource("jag://helper-seat", name="helper-seat", mime_type="text/markdown")
    def helper_seat() -> str:
        """How the helper seat works: R13-R19, R36 and the house rulings about agents."""
        return helper_rules(_read_doc("rules.md", site, "rules/"))

    @server.resource("jag://protocol", name="protocol", mime_type="text/markdown")
    def protocol() -> str:
        """The table protocol the site speaks (docs/protocol.md); these tools speak it for you."""
        return _read_doc("protocol.md", site, "") + "\n\n" + _read_doc("agents.md", site, "")

    @server.prompt(title="Play JustAllowGod as a helper")
    def play_as_helper(code: str) -> str:
        """Start the model on a game: sit at the table with this code and give until the game ends."""
        return (
            f"Please sit in the helper seat at the JustAllowGod table {code}: call join_table with "
            "that code, then keep calling wait_for_turn. Whenever it is your turn, choose one of the "
            "listed moves at once with play, passing the version it gave (you have 10 seconds), preferring a card that fits the "
            "recipient. Read jag://helper-seat if you are unsure of the rules. Stop when the game is over."
        )


def scrub(text: str, token: str) -> str:
    """Never hand the token back, whatever a message happens to quote."""
    return text.replace(token, "[token]") if token else text
