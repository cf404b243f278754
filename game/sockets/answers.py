"""How a socket that shows a table (a seat's, an agent's, a screen's, a watcher's) answers what its
client sends: each frame parsed once (game/protocol/client.py) and handed to the kind's own `act`,
a refusal said in the protocol's words (closing the socket if whoever is on it may no longer act),
an outage answered `unavailable` with the socket left open, and hello and ping answered alike.

Plain functions of the socket and its state: each kind calls them from its one `match`."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Any, Protocol

from game.protocol import client
from game.protocol.messages import error_message, pong_message
from game.protocol.types import ClientType
from game.realtime import faults, frames
from game.realtime.database import database_call
from game.realtime.delivery import Delivery
from game.services import snapshots
from game.sockets.closing import REFUSAL_CLOSES, Close
from justalllowgod.lib.log_paths import loggable_path
from justalllowgod.lib.refusals import Code, Refusal

log = logging.getLogger(__name__)


class Shows(Protocol):
    """A socket that shows a table (a ServerSocket)."""

    scope: dict
    closed: bool
    delivery: Delivery

    async def refuse(self, code: Close, detail: str = "") -> None: ...

    async def turn_away(self, code: Close) -> None: ...


class AtTable(Protocol):
    """Its state: the table it shows, once it shows one."""

    table_id: int | None


async def answer(
    socket: Shows,
    state: AtTable,
    value: Any,
    takes: Collection[ClientType],
    act: Callable[[client.ClientMessage], Awaitable[str | None]],
) -> str:
    """Parse one frame's value (frames.read) into its typed message and act on it; "ok", or why it
    was refused. A frame that is no object, or of a type this socket does not take, is answered at
    once; anything `act` raises is answered as a refusal or an outage."""
    if socket.closed:
        return "closed"
    if not isinstance(value, dict):
        if value is not frames.UNPARSED:
            frames.log_malformed(socket.scope, "not a JSON object")
        return await send_error(socket, state, Refusal(Code.MALFORMED_MESSAGE))
    message, ref = client.parse(value, takes), value.get("id")
    if isinstance(message, client.Unknown):
        return await send_error(socket, state, Refusal(Code.UNKNOWN_TYPE), ref=ref)
    try:
        return await act(message) or "ok"
    except Refusal as error:
        return await refused(socket, state, error, ref=ref)
    except faults.OUTAGES as error:
        return await unavailable(socket, error, ref=ref)


async def table_version(table_id: int | None) -> int:
    """The table's version now, read from the database."""
    return await database_call(snapshots.version)(table_id=table_id)


async def send_error(socket: Shows, state: AtTable, error: Refusal, ref: Any = None) -> str:
    """Say why a message was refused, with the table's version now."""
    payload = error_message(error.code, error.message)
    if isinstance(ref, str):
        payload["id"] = ref
    payload["version"] = await table_version(state.table_id) if state.table_id else 0
    await socket.delivery.send_json(payload)
    return error.code


async def refused(socket: Shows, state: AtTable, error: Refusal, ref: Any = None) -> str:
    """Say why an act was refused; if whoever is here may no longer act at all, close too."""
    await send_error(socket, state, error, ref=ref)
    close = REFUSAL_CLOSES.get(error.code)
    if close is not None:
        await socket.turn_away(close)
    return error.code


async def unavailable(socket: Shows, error: BaseException, ref: Any = None) -> str:
    """The database or Redis is down: a retryable error, and the socket stays open. Its version is
    the last this socket sent, since the database cannot be asked."""
    log.warning(
        "a %s could not be served: %s: %s",
        loggable_path(socket.scope.get("path", "")),
        type(error).__name__,
        error,
    )
    refusal = Refusal(Code.UNAVAILABLE)
    payload = error_message(refusal.code, refusal.message, retry=True)
    if isinstance(ref, str):
        payload["id"] = ref
    payload["version"] = socket.delivery.version_sent
    await socket.delivery.send_json(payload)
    return refusal.code


async def hello(socket: Shows, version: int, catch_up: Callable[[int], Awaitable[None]]) -> str:
    """A reconnecting client names the last version it saw and gets what it missed (`catch_up`, the
    kind's own). A catch-up can weigh 25 KB, so a socket gets one every WS_HELLO_SECONDS: a hello
    sooner is refused with `hello_too_soon`, its `retry_after` in seconds, and a version that
    cannot set off a resync (the last this socket was sent)."""
    wait = socket.delivery.hello_wait()
    if wait > 0:
        refusal = Refusal(Code.HELLO_TOO_SOON)
        await socket.delivery.send_json(
            error_message(
                refusal.code,
                refusal.message,
                retry_after=round(wait, 1),
                version=socket.delivery.version_sent,
            )
        )
        return refusal.code
    socket.delivery.hello_answered()
    await catch_up(version)
    return "ok"


async def pong(socket: Shows, version: int) -> None:
    await socket.delivery.send_json(pong_message(version))
