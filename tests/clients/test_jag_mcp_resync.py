"""The MCP adapter's socket stays in step: it pings every 10 seconds, and when a pong names a newer
version than the view it holds (an update lost on its way), it says hello and takes the catchup."""

from __future__ import annotations

import asyncio
import time

import pytest

from game import services
from jag_mcp.link import PING_SECONDS, AgentLink, Config
from tests.clients.support import FormPoster
from tests.clients.test_mcp_agent import approved_agent, session_key
from tests.factories import UserFactory
from tests.game.support import commit_without_publishing

pytestmark = pytest.mark.django_db(transaction=True)

SLACK_SECONDS = 3


def test_the_adapter_catches_up_a_lost_update_within_its_keep_alive(live_asgi, default_deck):
    _agent, token = approved_agent()
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, allow_agents=True).table
    services.join_by_code(user=guest, code=table.code)
    host_key = session_key(host)
    server = live_asgi()

    async def scenario() -> tuple[int, int, int, float]:
        link = AgentLink(Config(url=server.url, token=token))
        await link.join(table.code)
        started = await asyncio.to_thread(
            FormPoster(server.url, host_key).post, f"/t/{table.code}/", f"/t/{table.code}/start/"
        )
        assert started == 200
        while link.view is None:
            await link.changed(1)
        held = link.version
        lost = await asyncio.to_thread(commit_without_publishing, table.pk, {1: host, 2: guest})
        committed_at = time.monotonic()
        while link.version < lost and time.monotonic() - committed_at < PING_SECONDS + SLACK_SECONDS:
            await link.changed(0.5)
        caught_up_after = time.monotonic() - committed_at
        await link.leave()
        return held, lost, link.version, caught_up_after

    held, lost, now, after = asyncio.run(scenario())
    assert lost == held + 1
    assert now == lost, f"still at {now} after {after:.1f} s"
    assert after <= PING_SECONDS + SLACK_SECONDS
