"""The edges of a table socket as a client sees them through a real daphne (issue 28): odd frames
answered, budgets per socket and per member, and what is refused or closed, with which code."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from accounts import agents
from accounts.models import Agent
from tests.factories import StaffFactory
from tests.realtime.sockets import Tab, tab_for
from tests.realtime.test_seat_no_longer_yours import refused_with
from tests.trust import session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def closed_within(tab, seconds: float) -> int | None:
    """The code the server closed the socket with, or None if it is still open after `seconds`."""
    try:
        return tab.closed_code(within=seconds)
    except TimeoutError:
        return None


def test_odd_frames_are_answered_malformed_and_never_close_the_socket(live_asgi, server_log, table):
    made, host, _guest = table
    server = live_asgi(TEST_SERVER_LOG=str(server_log))
    tab = tab_for(server, made, host)
    # The last: an escaped lone surrogate as a move id, which once reached the database (4500).
    surrogate = '{"type": "move", "id": "\\ud800", "version": 1, "move": {"well": {}}}'
    for frame in ["[" * 4000, '{"a":' * 800, "1" * 4090, b'{"type": "ping", "x": "\xff"}', surrogate]:
        tab.ws.send(frame)
        error = tab.until(lambda m: m["type"] == "error")
        assert error["code"] == "malformed_message"
    tab.send({"type": "ping"})
    assert tab.until(lambda m: m["type"] == "pong")["version"] == tab.welcome["version"]
    tab.close()
    log = server_log.read_text()
    assert log.count("malformed frame") == 5, log
    assert "Traceback" not in log and "4500" not in log and "RecursionError" not in log, log


def test_budgets_as_a_client_sees_them(live_asgi, server_log, table):
    """A member's sockets share one budget (the one over it closes 4429, the other member's socket is
    untouched), a hello too soon is refused hello_too_soon, an agent token's oldest socket closes 4409."""
    made, host, guest = table
    agent = Agent.objects.create(name="EdgeHelper", owner_contact="owner@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    token = agents.issue_token(agent=agent)
    server = live_asgi(
        TEST_SERVER_LOG=str(server_log),
        WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND=5,
        WS_HELLO_SECONDS=60,
        WS_MAX_SOCKETS_PER_AGENT=2,
    )
    other = tab_for(server, made, guest)
    other.send({"type": "hello", "version": 0})
    assert other.until(lambda m: m["type"] == "catchup")["version"] == other.welcome["version"]
    other.send({"type": "hello", "version": 0})
    refused = other.until(lambda m: m["type"] == "error")
    assert refused["code"] == "hello_too_soon" and refused["retry_after"] > 0

    tabs = [tab_for(server, made, host) for _ in range(3)]
    for _ in range(4):
        for tab in tabs:
            tab.send({"type": "ping"})
    assert 4429 in [closed_within(tab, 2) for tab in tabs]
    other.send({"type": "ping"})
    assert other.until(lambda m: m["type"] == "pong")["version"] == other.welcome["version"]

    def agent_socket():
        ws = connect(f"{server.ws_url}/ws/agent/", additional_headers={"Authorization": f"Bearer {token}"})
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        return ws

    first, *newer = [agent_socket() for _ in range(3)]
    with pytest.raises(ConnectionClosed) as closed:
        first.recv(timeout=10)
    assert closed.value.rcvd.code == 4409
    for ws in newer:
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] in {"pong", "error"}
        ws.close()
    other.close()
    log = server_log.read_text()
    assert "Traceback" not in log and "4500" not in log, log


def test_reconnecting_past_the_connect_budget_closes_4429_over_real_sockets(live_asgi, server_log, table):
    """Review of #28: each new socket gets a full welcome, so a member (or an agent token) may open
    only WS_MAX_CONNECTS of them a window; the next is closed with 4429 (which daphne lets through,
    unlike 1008), with nothing of the seat sent first, and another member is untouched."""
    made, host, guest = table
    agent = Agent.objects.create(name="ReconnectHelper", owner_contact="owner@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    token = agents.issue_token(agent=agent)
    server = live_asgi(TEST_SERVER_LOG=str(server_log), WS_MAX_CONNECTS=3, WS_CONNECT_WINDOW_SECONDS=3600)
    cookie = session_cookie_of(signed_in_client(host))
    for _ in range(3):
        Tab(server, made.code, cookie).close()
    assert refused_with(server, made.code, cookie) == (4429, [])
    other = tab_for(server, made, guest)
    assert other.welcome["view"] is not None
    other.close()

    def agent_socket() -> tuple[int | None, list[str]]:
        headers = {"Authorization": f"Bearer {token}"}
        with connect(f"{server.ws_url}/ws/agent/", additional_headers=headers) as ws:
            frames: list[str] = []
            try:
                frames.append(ws.recv(timeout=10))
                ws.close()
            except ConnectionClosed as closed:
                return (closed.rcvd.code if closed.rcvd else None), frames
            return None, frames

    for _ in range(3):
        _code, frames = agent_socket()
        assert json.loads(frames[0])["type"] == "hello"
    assert agent_socket() == (4429, [])
    log = server_log.read_text()
    assert "Traceback" not in log and "4500" not in log, log
