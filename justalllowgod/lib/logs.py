"""Logs a person can read: one line per request and per socket open and close, by member id.

Lines name a member by id only (never an email or a gamer tag). With DJANGO_LOG_FORMAT=json each
line is one JSON object (python-json-logger) carrying the same facts as fields (the format is set
in justalllowgod/log_config.py, which the settings import instead of this module).

It imports no app: the game's sockets name their agent here (note_agent), and the ASGI module hands
log_sockets the game's open-socket gauge (game/metrics.py).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from typing import Any, Protocol

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse

from justalllowgod.lib.addresses import request_address, scope_address
from justalllowgod.lib.log_paths import loggable_path

access = logging.getLogger("jag.access")
sockets = logging.getLogger("jag.sockets")
daphne_access = logging.getLogger("daphne.access")


class Gauge(Protocol):
    """A figure that goes up and down (prometheus_client's Gauge, once labelled)."""

    def inc(self) -> None: ...

    def dec(self) -> None: ...


class NoGauge:
    """Counts nothing: log_sockets without a gauge."""

    def inc(self) -> None:
        pass

    def dec(self) -> None:
        pass


def axes_client_str(username: str, ip_address: str, user_agent: str, path_info: Any, request: Any) -> str:
    """axes's own client string (AXES_CLIENT_STR_CALLABLE), masked as axes masks it, with the path
    as every other line writes it (axes always appends the path otherwise)."""
    from axes.helpers import cleanse_parameters, get_client_parameters

    client: dict[str, Any] = {}
    for part in get_client_parameters(username, ip_address, user_agent, request):
        client.update(part)
    client = cleanse_parameters(client)
    if isinstance(path_info, (tuple, list)):
        path_info = path_info[0] if path_info else ""
    client["path_info"] = loggable_path(path_info)
    return "{" + ", ".join(f'{key}: "{value}"' for key, value in client.items()) + "}"


def member_id(user: Any) -> int | None:
    """The signed-in member's id, or None for a visitor (never anything that names them)."""
    try:
        if user is None or not getattr(user, "is_authenticated", False):
            return None
    except DatabaseError:
        # The session could not be read (the database is down): the line is still written, and
        # the outage is logged once (justalllowgod/outage.py), not here per request.
        return None
    return user.pk


class AccessLogMiddleware:
    """One line per HTTP request: method, path, status, milliseconds, member id, client address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.monotonic()
        response = self.get_response(request)
        ms = round((time.monotonic() - started) * 1000)
        facts = {
            "method": request.method,
            "path": loggable_path(request.path),
            "status": response.status_code,
            "ms": ms,
            "member": member_id(getattr(request, "user", None)),
            "client": request_address(request.META),
            "pid": os.getpid(),
        }
        access.info(
            "%(method)s %(path)s %(status)s %(ms)sms member=%(member)s client=%(client)s", facts, extra=facts
        )
        return response


class DaphneAccessLog:
    """daphne's own access lines (`manage.py serve` at -v 1) written through logging, like every other
    line, so DJANGO_LOG_FORMAT=json covers them too; daphne itself writes plain text to stdout.
    `peer` is the socket's other end (nginx behind the proxy), not the browser's address."""

    SOCKET_WORDS = {
        "connecting": "WSCONNECTING",
        "rejected": "WSREJECT",
        "connected": "WSCONNECT",
        "disconnected": "WSDISCONNECT",
    }

    def __call__(self, protocol: str, action: str, details: dict[str, Any]) -> None:
        facts: dict[str, Any] = {
            "path": loggable_path(details.get("path")),
            "peer": details.get("client"),
            "pid": os.getpid(),
        }
        if protocol == "http" and action == "complete":
            facts |= {
                "method": details.get("method"),
                "status": details.get("status"),
                "bytes": details.get("size"),
                "ms": round((details.get("time_taken") or 0) * 1000),
            }
            daphne_access.info(
                "%(method)s %(path)s %(status)s %(bytes)s bytes %(ms)sms peer=%(peer)s", facts, extra=facts
            )
        elif protocol == "websocket" and action in self.SOCKET_WORDS:
            facts["method"] = self.SOCKET_WORDS[action]
            daphne_access.info("%(method)s %(path)s peer=%(peer)s", facts, extra=facts)


SEEN = "jag.log"  # a dict shared by every copy of one socket's scope: who the member turned out to be


def _socket_facts(scope: dict, started: float, **more: Any) -> dict[str, Any]:
    seen = scope[SEEN]
    agent = seen.get("agent")
    return {
        "path": loggable_path(scope.get("path", "")),
        "member": seen.get("member"),
        # An agent's socket is named by the agent (docs/agents.md), a browser's by its member.
        **({"agent": agent} if agent is not None else {}),
        "who": f"agent={agent}" if agent is not None else f"member={seen.get('member')}",
        "client": scope_address(scope),
        "pid": os.getpid(),
        "seconds": round(time.monotonic() - started, 1),
        **more,
    }


def note_member(app: Callable) -> Callable:
    """Inside the auth middleware: tell log_sockets (outside it) which member this socket is.

    Middleware copies the scope (dict(scope, user=...)), so the outer wrapper never sees the user;
    the dict it left in the scope is shared by every copy.
    """

    async def noted(scope: dict, receive: Callable, send: Callable) -> None:
        if SEEN in scope:
            scope[SEEN]["member"] = member_id(scope.get("user"))
        return await app(scope, receive, send)

    return noted


def note_agent(scope: dict, agent_id: int) -> None:
    """The agent consumer, once a token proved which agent this is: log_sockets names it."""
    if SEEN in scope:
        scope[SEEN]["agent"] = agent_id


def log_sockets(app: Callable, gauge_of: Callable[[dict], Gauge] = lambda scope: NoGauge()) -> Callable:
    """Wrap an ASGI WebSocket app: one line when a socket opens, one when it closes or is refused
    (and who closed it, with the code). Put it outermost, so a socket refused for its origin is
    logged too, and note_member inside the session and auth middleware. `gauge_of(scope)` is the
    gauge that counts the socket while it is open (the ASGI module passes game/metrics.py's).
    """

    async def logged(scope: dict, receive: Callable, send: Callable) -> None:
        scope = {**scope, SEEN: {"member": None}}
        started = time.monotonic()
        lifetime = {"open": False, "closed": False, "counted": False}
        open_sockets = gauge_of(scope)

        def uncount() -> None:
            if lifetime["counted"]:
                lifetime["counted"] = False
                open_sockets.dec()

        def close_line(by: str, code: Any) -> None:
            if lifetime["closed"]:
                return
            lifetime["closed"] = True
            uncount()
            word = "closed" if lifetime["open"] else "refused"
            facts = _socket_facts(scope, started, event=word, by=by, code=code)
            sockets.info(
                "socket %(event)s by %(by)s code=%(code)s %(path)s %(who)s after %(seconds)ss",
                facts,
                extra=facts,
            )

        async def watched_send(message: dict) -> None:
            kind = message.get("type")
            if kind == "websocket.accept":
                lifetime["open"] = lifetime["counted"] = True
                open_sockets.inc()
                facts = _socket_facts(scope, started, event="open")
                sockets.info("socket open %(path)s %(who)s client=%(client)s", facts, extra=facts)
            elif kind == "websocket.close":
                close_line("server", message.get("code", 1000))
            await send(message)

        async def watched_receive() -> dict:
            message = await receive()
            if message.get("type") == "websocket.disconnect":
                close_line("client", message.get("code"))
            return message

        try:
            return await app(scope, watched_receive, watched_send)
        finally:
            # The app may end without a close or a disconnect passing through it (its task was
            # cancelled): the socket is gone all the same.
            uncount()

    return logged
