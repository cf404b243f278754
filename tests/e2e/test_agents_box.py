"""The start form's agents box: a host ticks it, and an approved agent takes a helper seat."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect
from websockets.sync.client import ClientConnection, connect

from accounts import agents
from accounts.models import Agent
from game.models import Seat, Table
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def approved_agent(name: str) -> tuple[Agent, str]:
    """An agent the team approved, and its token, as the admin gives them."""
    agent = Agent.objects.create(name=name, owner_contact="owner@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    return agent, agents.issue_token(agent=agent)


def first_of(ws: ClientConnection, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return message


@contextmanager
def agent_socket(server, token: str) -> Iterator[ClientConnection]:
    """The agent's own socket over the network, as jag-mcp opens it, after the server's hello."""
    url = f"{server.ws_url}/ws/agent/"
    with connect(url, additional_headers={"Authorization": f"Bearer {token}"}, open_timeout=10) as ws:
        assert first_of(ws, "hello")["agent"]
        yield ws


def test_a_host_ticks_the_agents_box_and_an_approved_agent_takes_a_helper_seat(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host = UserFactory(gamer_tag="Grandma_Ruth")
    page = new_page()
    sign_in(page, server, host)
    page.goto(server.url + "/")

    box = page.get_by_role("checkbox", name="Welcome approved AI helpers")
    expect(box).to_be_visible()
    expect(box).not_to_be_checked()
    box.check()
    screenshot(page, "start-form-agents-box")
    assert axe_violations(page) == []
    page.get_by_role("button", name="Start a private table").click()
    expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
    code = page.locator(".table-code").inner_text().strip()
    assert Table.objects.get(code=code).allow_agents

    agent, token = in_a_thread(lambda: approved_agent("HelperBot"))
    with agent_socket(server, token) as ws:
        ws.send(json.dumps({"type": "join", "code": code.lower()}))
        welcome = first_of(ws, "welcome")
        assert welcome["me"] == {"seat": 2, "tag": "HelperBot", "is_host": False}
        seat = Seat.objects.get(table__code=code, agent=agent)
        assert seat.user_id is None
        # The host's waiting room shows the helper in its seat, live.
        expect(page.locator("#waiting-seats")).to_contain_text("HelperBot")
        page.get_by_role("button", name="Start the game").click()
        expect(page.locator("#game")).to_be_visible()
        helper = page.locator(".seat-chip.is-helper", has_text="HelperBot")
        expect(helper).to_have_count(1)
        screenshot(page, "game-with-an-agent-helper")


def test_without_the_box_the_same_agent_is_refused_a_seat(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host = UserFactory(gamer_tag="Grandpa_Bob")
    page = new_page()
    sign_in(page, server, host)
    page.goto(server.url + "/")
    page.get_by_role("button", name="Start a private table").click()
    expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
    code = page.locator(".table-code").inner_text().strip()

    _, token = in_a_thread(lambda: approved_agent("HelperBot"))
    with agent_socket(server, token) as ws:
        ws.send(json.dumps({"type": "join", "code": code}))
        refusal = first_of(ws, "error")
    assert refusal["code"] == "agents_not_allowed"
    assert not Seat.objects.filter(table__code=code, agent__isnull=False).exists()
