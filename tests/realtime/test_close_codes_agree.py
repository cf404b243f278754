"""The close codes the clients know are the server's `Close` (game/sockets/closing.py), one spelling.

The browser (static/js/socket.js) and the MCP client (clients/jag_mcp) type the numbers by hand, as
clients of a protocol do; this reads their sources and holds them to the server's enum, both ways
where the client must know every code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game.sockets.closing import REASONS, REFUSAL_CLOSES, Close

ROOT = Path(__file__).resolve().parents[2]
SOCKET_JS = ROOT / "static" / "js" / "socket.js"
MCP = ROOT / "clients" / "jag_mcp"
# Closes after which reconnecting can help: the browser tries again rather than stopping for good.
RECONNECTS = {Close.SERVER_ERROR}
# Closes an agent's socket never meets: only a table screen or a watcher is turned off.
AGENT_NEVER = {Close.TURNED_OFF}
# Standard close codes the MCP client words too (a proxy or its websockets library may send them).
STANDARD = {1008, 1009, 1011}


def _js_object(source: str, name: str) -> dict[str, str]:
    """A flat object literal `const NAME = {key: "value", ...};` of the browser's source."""
    body = re.search(rf"\bconst {name} = \{{(.*?)\n\}};", source, re.S)
    assert body, f"{name} not found in {SOCKET_JS.name}"
    pairs = re.findall(r'^\s*"?([\w-]+)"?:\s*"([^"]*)"', body.group(1), re.M)
    assert pairs, f"{name} has no entries"
    return dict(pairs)


def _py_dict(path: Path, name: str) -> dict:
    """A module-level dict literal of the MCP client, read from its source (it imports nothing of ours)."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} not found in {path.name}")


def test_the_browser_stops_for_every_final_close_under_the_servers_name():
    finals = _js_object(SOCKET_JS.read_text(), "FINAL_CLOSES")
    assert {int(code): name for code, name in finals.items()} == {
        int(close): REASONS[close] for close in Close if close not in RECONNECTS
    }


def test_the_browser_has_words_for_every_final_close():
    source = SOCKET_JS.read_text()
    finals = _js_object(source, "FINAL_CLOSES")
    words = _js_object(source.replace("export const FINAL_WORDS", "const FINAL_WORDS"), "FINAL_WORDS")
    assert set(words) == set(finals.values())
    assert all(words.values())


def test_every_server_close_has_a_reason_in_one_spelling():
    assert set(REASONS) == set(Close)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", reason) for reason in REASONS.values())
    assert all(4000 <= close <= 4999 for close in Close)


def test_the_mcp_client_words_every_close_an_agent_meets_and_no_other():
    words = _py_dict(MCP / "link.py", "CLOSE_WORDS")
    assert set(words) - STANDARD == {int(close) for close in Close if close not in AGENT_NEVER}
    assert all(isinstance(said, str) and said for said in words.values())


def test_the_mcp_client_knows_which_refusals_close_and_how():
    closing = _py_dict(MCP / "seat.py", "CLOSING")
    assert closing == {str(code): int(close) for code, close in REFUSAL_CLOSES.items()}
