"""The MCP adapter over streamable HTTP on loopback, the option for clients that do not start processes."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys

import httpx2
from django.conf import settings
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tests.clients.support import CLIENTS
from tests.ports import free_port

HTTP_TOKEN = "mcp-http-" + "k" * 40


async def until_listening(port: int, limit: float = 30.0) -> None:
    for _ in range(int(limit / 0.1)):
        with contextlib.suppress(OSError):
            _reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the MCP server never listened")


async def test_a_client_reaches_the_tools_over_http_and_hears_plainly_when_the_site_is_down(tmp_path):
    port, site = free_port(), free_port()  # nothing listens on `site`
    env = {
        "PYTHONPATH": str(CLIENTS),
        "JAG_URL": f"http://127.0.0.1:{site}",
        "JAG_AGENT_TOKEN": "jag_secret-1",
        "JAG_MCP_HTTP_TOKEN": HTTP_TOKEN,
    }
    with open(tmp_path / "http.log", "w+", encoding="utf-8") as log:
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "jag_mcp", "--http", "--port", str(port), env=env, stdout=log, stderr=log
        )
        try:
            await until_listening(port)
            async with (
                create_mcp_http_client(headers={"Authorization": f"Bearer {HTTP_TOKEN}"}) as client,
                streamable_http_client(f"http://127.0.0.1:{port}/mcp", http_client=client) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                names = {tool.name for tool in (await session.list_tools()).tools}
                assert {"join_table", "wait_for_turn", "play"} <= names
                result = await session.call_tool("join_table", {"code": "KDRT"})
                text = result.content[0].text
                assert result.is_error and "Could not reach the site at" in text, text
        finally:
            server.terminate()
            await server.wait()
        log.seek(0)
        assert "jag_secret-1" not in log.read()


async def test_the_http_server_refuses_a_request_without_its_own_bearer_token(tmp_path):
    port, site = free_port(), free_port()
    env = {
        "PYTHONPATH": str(CLIENTS),
        "JAG_URL": f"http://127.0.0.1:{site}",
        "JAG_AGENT_TOKEN": "jag_secret-1",
        "JAG_MCP_HTTP_TOKEN": HTTP_TOKEN,
    }
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "jag_mcp", "--http", "--port", str(port), env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        await until_listening(port)
        async with httpx2.AsyncClient() as client:
            for headers in [
                {},
                {"Authorization": "Bearer jag_secret-1"},
                {"Authorization": f"Bearer {HTTP_TOKEN}x"},
            ]:
                answer = await client.post(f"http://127.0.0.1:{port}/mcp", json=hello, headers=headers)
                assert answer.status_code == 401, headers
                assert "JAG_MCP_HTTP_TOKEN" in answer.text and HTTP_TOKEN not in answer.text
    finally:
        server.terminate()
        await server.wait()


def test_http_without_a_token_of_its_own_refuses_to_start_and_names_the_variable():
    base = {"PYTHONPATH": str(CLIENTS), "JAG_URL": "http://127.0.0.1:1", "JAG_AGENT_TOKEN": "jag_" + "t" * 40}
    for extra in [{}, {"JAG_MCP_HTTP_TOKEN": "short"}, {"JAG_MCP_HTTP_TOKEN": base["JAG_AGENT_TOKEN"]}]:
        done = subprocess.run(
            [sys.executable, "-m", "jag_mcp", "--http", "--port", str(free_port())],
            env={**base, **extra}, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 2 and "JAG_MCP_HTTP_TOKEN" in done.stderr, done.stderr
        assert "t" * 40 not in done.stderr


async def test_the_documented_commands_start_the_server_from_a_checkout_and_from_clients():
    """`python -m clients.jag_mcp` from the checkout's root (the issue: No module named 'jag_mcp'),
    and `PYTHONPATH=clients python -m jag_mcp`, both serve stdio and list the tools."""
    root = str(settings.BASE_DIR)
    env = {"JAG_URL": "http://127.0.0.1:1", "JAG_AGENT_TOKEN": "jag_secret-1"}
    for module, extra in [("clients.jag_mcp", {}), ("jag_mcp", {"PYTHONPATH": str(CLIENTS)})]:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", module], cwd=root, env={**env, **extra}
        )
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert {"join_table", "wait_for_turn", "play"} <= set(tools), module
        # Every parameter of every tool is described; timeout_s states its limit, play needs a version.
        for tool in tools.values():
            for name, schema in tool.input_schema.get("properties", {}).items():
                assert schema.get("description"), (tool.name, name)
        timeout = tools["wait_for_turn"].input_schema["properties"]["timeout_s"]
        assert timeout["maximum"] == 50 and "50" in timeout["description"]
        assert tools["play"].input_schema["required"] == ["move", "version"]
