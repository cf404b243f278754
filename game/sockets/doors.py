"""The doors every socket passes before a consumer sees it: the origin, frame size and rate, and
paths that lead nowhere.

Limits are counted as frames arrive, in a task of their own, not as the consumer handles them: a
consumer busy with a move would otherwise let a flood queue up behind it unnoticed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import Any
from urllib.parse import urlsplit

from autobahn.exception import Disconnected
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http.request import split_domain_port, validate_host

from game.realtime import budgets, faults
from game.realtime.frames import socket_label
from game.sockets.closing import REASONS, Close
from justalllowgod.lib.addresses import scope_address, scope_header, scope_is_secure
from justalllowgod.lib.log_paths import loggable_path

log = logging.getLogger(__name__)


def log_refusal(scope: dict, code: Close, detail: str = "") -> None:
    """One warning line for a socket closed for cause: who, from where, why. No traceback."""
    log.warning(
        "socket closed %s (%s): %s from %s on %s%s",
        int(code),
        REASONS[code],
        socket_label(scope),
        scope_address(scope) or "?",
        loggable_path(scope.get("path", "?")),
        f" ({detail})" if detail else "",
    )


class FrameLimits:
    """One socket's caps: a frame's size, and how many frames arrive in any one second."""

    def __init__(self, max_bytes: int, per_second: int) -> None:
        self.max_bytes, self.per_second = max_bytes, per_second
        self.arrivals: deque[float] = deque()

    def refusal(self, message: dict) -> Close | None:
        text, data = message.get("text"), message.get("bytes")
        size = len(text.encode()) if text is not None else len(data or b"")
        if size > self.max_bytes:
            return Close.TOO_BIG
        now = time.monotonic()
        self.arrivals.append(now)
        while now - self.arrivals[0] > 1.0:
            self.arrivals.popleft()
        return Close.TOO_MANY if len(self.arrivals) > self.per_second else None


class FrameGuard:
    """Checks every incoming frame on arrival; an abusive socket is closed before any work is done,
    and the consumer behind is told it disconnected, so it leaves its groups.

    Three caps are checked as each frame arrives: the socket's own (FrameLimits), the budget its
    member or agent shares across all of their sockets (game/realtime/budgets.py), and the frames
    waiting for the consumer (at most WS_MAX_QUEUED_FRAMES; a client that sends faster than the
    server answers is closed with 4429, rather than queueing without bound). When the socket
    closes, the frames still waiting are dropped: no move is played for a socket already gone."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        inbox: asyncio.Queue[dict] = asyncio.Queue(maxsize=settings.WS_MAX_QUEUED_FRAMES)
        limits = FrameLimits(settings.WS_MAX_MESSAGE_BYTES, settings.WS_MAX_MESSAGES_PER_SECOND)
        closed = False

        def drop_waiting() -> None:
            while not inbox.empty():
                inbox.get_nowait()

        async def refusal_of(message: dict) -> tuple[Close | None, str]:
            refusal = limits.refusal(message)
            if refusal is not None:
                return refusal, ""
            if inbox.full():
                return Close.TOO_MANY, f"{inbox.maxsize} frames waiting"
            who = socket_label(scope)
            if who != "anonymous" and await budgets.over_budget(who):
                return Close.TOO_MANY, "over the budget shared by its sockets"
            return None, ""

        async def pump() -> None:
            nonlocal closed
            while True:
                message = await receive()
                if message["type"] == "websocket.receive":
                    refusal, detail = await refusal_of(message)
                    if refusal is not None:
                        log_refusal(scope, refusal, detail)
                        closed = True
                        await send({"type": "websocket.close", "code": int(refusal)})
                        drop_waiting()
                        inbox.put_nowait({"type": "websocket.disconnect", "code": int(refusal)})
                        return
                elif message["type"] == "websocket.disconnect":
                    drop_waiting()
                # Never waits: a full inbox was refused above, and a disconnect comes after dropping.
                inbox.put_nowait(message)
                if message["type"] == "websocket.disconnect":
                    return

        async def send_unless_closed(message: dict) -> None:
            # A reply the consumer was still working on when the guard closed the socket is dropped,
            # and so is one that meets a client that has just closed it (daphne raises then, until
            # it hears the close).
            nonlocal closed
            if closed:
                return
            try:
                await send(message)
            except Disconnected:
                closed = True

        task = asyncio.ensure_future(pump())
        try:
            return await self.app(scope, inbox.get, send_unless_closed)
        finally:
            task.cancel()


def _own_origin(scope: dict) -> str | None:
    """scheme://host[:port] of the site as this socket reached it, if its Host is one we serve."""
    host = scope_header(scope, "host")
    if not host:
        return None
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    return f"{'https' if scope_is_secure(scope) else 'http'}://{host}".lower()


def origin_allowed(scope: dict) -> bool:
    """A browser socket must come from our own pages: its Origin's scheme, host and port are the
    site's own (as in the Host header), or one of DJANGO_CSRF_TRUSTED_ORIGINS."""
    origin = scope_header(scope, "origin").strip().lower()
    parts = urlsplit(origin)
    if not parts.scheme or not parts.netloc:
        return False
    origin = f"{parts.scheme}://{parts.netloc}"
    trusted = {o.lower().rstrip("/") for o in settings.CSRF_TRUSTED_ORIGINS}
    return origin == _own_origin(scope) or origin in trusted


class OriginCheck:
    """Refuses the handshake (HTTP 403) of a browser socket from anywhere but our own pages."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            log.warning(
                "socket refused: origin %r on %s from %s",
                scope_header(scope, "origin")[:100],
                loggable_path(scope.get("path", "?")),
                scope_address(scope) or "?",
            )
            await receive()  # websocket.connect
            await send({"type": "websocket.close"})
            return None
        return await self.app(scope, receive, send)


class OutageDoor:
    """A socket that meets an outage before its consumer could answer (the session or the
    account read from a database that is down, the channel layer's subscription to a Redis that
    is down) is accepted and closed with 4500, which clients may retry, instead of the HTTP 500
    daphne answers an application error in the handshake with. One warning line, no traceback.
    Once the consumer runs, its own dispatch answers outages (game/sockets/base.py)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        seen: set[str] = set()

        async def receiving() -> dict:
            message = await receive()
            seen.add(message["type"])
            return message

        async def sending(message: dict) -> None:
            seen.add(message["type"])
            await send(message)

        try:
            return await self.app(scope, receiving, sending)
        except faults.OUTAGES as error:
            if "websocket.close" in seen or "websocket.disconnect" in seen:
                raise  # answered already: daphne only logs it
            log_refusal(scope, Close.SERVER_ERROR, f"outage: {type(error).__name__}: {str(error)[:120]}")
            if "websocket.connect" not in seen:
                await receive()
            if "websocket.accept" not in seen:
                await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": int(Close.SERVER_ERROR)})
            return None


class NotFoundSocket(AsyncWebsocketConsumer):
    """A socket path we do not serve: accepted only to say so with a close code, never a 500."""

    async def connect(self) -> None:
        await self.accept()
        log_refusal(self.scope, Close.NOT_FOUND)
        await self.close(code=int(Close.NOT_FOUND))

    async def layer_resumed(self, message: dict) -> None:
        """Redis is back (game/realtime/redis_layer.py): nothing here to catch up."""
