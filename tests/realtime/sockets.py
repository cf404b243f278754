"""A client of the table protocol over a real socket that keeps everything it is sent, in order."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game import engine
from game.models import Game
from tests.trust import session_cookie_of, signed_in_client

WAIT = 10  # seconds; a loaded machine is slow, a lost message is lost for good


class Tab:
    """One socket at a table, as one browser tab holds it."""

    def __init__(self, server, code: str, cookie: bytes | None, *, path: str | None = None) -> None:
        """A seat's socket at the table with this code, or any socket `path` (a screen's needs no cookie)."""
        self.ws: ClientConnection = connect(
            f"{server.ws_url}{path or f'/ws/table/{code}/'}",
            origin=server.url,
            additional_headers={"Cookie": cookie.decode()} if cookie else {},
            open_timeout=WAIT,
        )
        self.got: list[dict] = []
        self.welcome = self.until(lambda m: m["type"] == "welcome")

    def send(self, message: dict) -> None:
        self.ws.send(json.dumps(message))

    def until(self, wanted: Callable[[dict], bool], within: float = WAIT) -> dict:
        """Read until a message is wanted; everything read is kept in `got`."""
        end = time.monotonic() + within
        while True:
            left = end - time.monotonic()
            try:
                message = json.loads(self.ws.recv(timeout=max(left, 0)))
            except TimeoutError:
                raise TimeoutError(f"nothing wanted within {within} s; got {self.got}") from None
            self.got.append(message)
            if wanted(message):
                return message

    def until_version(self, version: int, within: float = WAIT) -> dict:
        """The first message with a view at `version` or later (an update, a catchup or a
        welcome), among those read already or those still to come."""
        wanted = lambda m: m.get("view") is not None and m["version"] >= version  # noqa: E731
        return next((m for m in self.got if wanted(m)), None) or self.until(wanted, within)

    def views(self) -> list[dict]:
        return [m for m in self.got if m.get("view") is not None]

    def closed_code(self, within: float = WAIT) -> int | None:
        try:
            self.until(lambda m: False, within)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
        return None

    def close(self) -> None:
        self.ws.close()


def tab_for(server, table, user) -> Tab:
    return Tab(server, table.code, session_cookie_of(signed_in_client(user)))


def next_move(table_id: int) -> tuple[int, int, dict]:
    """The seat whose turn it is, the game's version and that seat's first legal move."""
    game = Game.objects.get(table_id=table_id)
    state = engine.from_json(game.state)
    seat = state["turn"]
    return seat, game.version, engine.legal_moves(state, seat)[0]


def move_over(tabs: dict[int, Tab], table_id: int, move_id: str) -> int:
    """The member whose turn it is moves over their socket; returns the version it acked."""
    seat, version, move = next_move(table_id)
    mover = tabs[seat]
    mover.send({"type": "move", "id": move_id, "version": version, "move": move})
    ack = mover.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == move_id)
    assert ack["type"] == "ack", ack
    return ack["version"]


def assert_in_order(tab: Tab) -> None:
    """The contract on one socket: updates go up one version at a time, and after a welcome or
    catchup at N no update at N or below arrives (a snapshot is never overtaken)."""
    held = None
    for message in tab.views():
        version = message["version"]
        if message["type"] == "update":
            assert held is None or version == held + 1, f"update {version} after {held}: {tab.got}"
        held = version if held is None else max(held, version)


def versions_reached(views: list[dict], *, client_asks: bool = False) -> list[int]:
    """Each version after the welcome's as it reached a socket (its messages with a view), in order:
    by its update, or by a catch-up. A socket that never says hello is caught up unasked only when
    the server's channel layer was away and came back (docs/realtime.md, rule 5: Redis may lose
    updates), so at most once; a browser page asks for one itself (`client_asks`) whenever a pong
    names a version its updates have not brought yet, so as often as that race falls. A version
    reached twice is a broken contract either way (assert_in_order)."""
    reached: list[int] = []
    held, catchups = None, []
    for message in views:
        version = message["version"]
        if message["type"] == "update":
            reached.append(version)
        elif message["type"] == "catchup" and held is not None:
            catchups.append(version)
            reached.extend(range(held + 1, version + 1))
        held = version if held is None else max(held, version)
    said = [(m["type"], m["version"]) for m in views]
    assert client_asks or len(catchups) <= 1, f"caught up unasked at {catchups}: {said}"
    return reached
