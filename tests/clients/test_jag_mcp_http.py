"""The MCP adapter over streamable HTTP on loopback, the option for clients that do not start processes."""

from __future__ import annotations

import asyncio
import contextlib
import sys

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.clients.support import CLIENTS
from tests.ports import free_port


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
    }
    with open(tmp_path / "http.log", "w+", encoding="utf-8") as log:
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "jag_mcp", "--http", "--port", str(port), env=env, stdout=log, stderr=log
        )
        try:
            await until_listening(port)
            async with (
                streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write),
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
