"""A live ASGI server (Daphne, with WebSockets) for browser tests, on the test database.

pytest-django's `live_server` speaks WSGI only, so the table page could never open its socket.
This forks a Daphne process that inherits the test settings (the test database, short clocks, a
fixed seed) and runs the real ASGI application, the clock sweeper included.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

import pytest
from django.conf import settings
from django.db import connections

from tests.deck import load_deck

START_TIMEOUT = 20


@dataclass
class LiveServer:
    """Where the browser finds the server."""

    url: str
    ws_url: str


def _application():
    """The ASGI app with static files served (built in the child: module level for pickling)."""
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from justalllowgod.asgi import application

    return ASGIStaticFilesHandler(application)


def _child_setup() -> None:
    """In the server process: fresh connections, and the clock sweeping deadlines."""
    for conn in connections.all(initialized_only=True):
        # The parent's connection objects came along with the fork; never reuse their sockets.
        conn.connection = None
    # Nor its channel layer: queues and Redis pools belong to the parent's event loops.
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    # Nor asgiref's one-thread executor: its worker thread did not survive the fork, so every
    # database_sync_to_async call would wait for it forever (after any async test ran first).
    from concurrent.futures import ThreadPoolExecutor

    from asgiref.sync import AsyncToSync, SyncToAsync

    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    AsyncToSync.loop_thread_executors.clear()
    if settings.GAME_CLOCK_IN_PROCESS:
        from game.services.clock import start_in_background

        start_in_background()
    log_path = getattr(settings, "TEST_SERVER_LOG", None)
    if log_path:
        # The server's own log, for tests that read what it says (pytest cannot see a child's).
        import logging

        handler = logging.FileHandler(log_path)
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
        logging.getLogger().addHandler(handler)


def require_shared_database() -> None:
    """A forked server can share a file or a server database, never an in-memory one."""
    connection = connections["default"]
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.fail("Browser tests need a file-based SQLite test database (see tests/e2e/conftest.py)")


@pytest.fixture
def live_asgi(transactional_db, settings) -> Iterator[Callable[..., LiveServer]]:
    """Start a Daphne server with settings overrides: live_asgi(GAME_MOVE_SECONDS=5, ...)."""
    from daphne.testing import DaphneProcess

    servers: list[DaphneProcess] = []

    def start(**overrides: object) -> LiveServer:
        require_shared_database()
        settings.GAME_CLOCK_IN_PROCESS = True
        settings.GAME_CLOCK_INTERVAL_SECONDS = 0.5
        for name, value in overrides.items():
            setattr(settings, name, value)
        # Nothing of the parent's connections may be shared with the child.
        connections.close_all()
        process = DaphneProcess("127.0.0.1", partial(_application), setup=_child_setup)
        process.daemon = True
        process.start()
        servers.append(process)
        if not process.ready.wait(START_TIMEOUT):
            detail = "" if process.errors.empty() else process.errors.get(False)[1]
            pytest.fail(f"The live server did not start.\n{detail}")
        port = process.port.value
        return LiveServer(url=f"http://127.0.0.1:{port}", ws_url=f"ws://127.0.0.1:{port}")

    yield start
    for process in servers:
        process.terminate()
        process.join(5)
        if process.is_alive() and process.pid:
            os.kill(process.pid, 9)
    connections.close_all()


@pytest.fixture
def server_log(tmp_path):
    """Where a `server` writes its log, for tests that read what it logged."""
    return tmp_path / "server.log"


@pytest.fixture
def deck():
    load_deck()


@pytest.fixture
def server(deck, live_asgi, server_log):
    """A live daphne with the default deck, logging to `server_log`."""
    return live_asgi(TEST_SERVER_LOG=str(server_log))


def sign_in(page, server: LiveServer, user) -> None:
    """Give a browser context the member's session, as if they had just logged in."""
    from tests.factories import signed_in_session

    cookie = {"name": "sessionid", "value": signed_in_session(user), "url": server.url}
    page.context.add_cookies([cookie])


AXE = os.path.join(settings.BASE_DIR, "node_modules", "axe-core", "axe.min.js")


def axe_violations(page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """Run axe-core (installed by `make test` from package.json) and return the grave violations."""
    if not os.path.exists(AXE):
        pytest.fail("axe-core is missing: run `npm ci` (make test does it)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # add_script_tag would be an inline script, which our CSP rightly blocks; Playwright's
        # evaluate runs through the DevTools protocol instead, so the page's policy stays strict.
        with open(AXE, encoding="utf-8") as source:
            page.evaluate(source.read() + "\n;undefined")
    # On the settled page: a panel still fading in (the verse after a stone, 0.35 s) has colours
    # in between, which axe measures as poor contrast. Endless animations are left running.
    found = page.evaluate(
        """async () => {
          const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
          await Promise.all(ending.map((a) => a.finished.catch(() => null)));
          return (await window.axe.run(document)).violations;
        }"""
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
        }
        for v in found
        if v["impact"] in impacts
    ]
