"""A database outage, as visitors and operators see it: every page is a plain 503 ("We'll be right
back") with Retry-After, and the log has one warning when the outage starts and one when it ends,
not a traceback per request. A Redis outage is told the same way, for the pages that need Redis
(a sign-in counts its tries there); the others are served as usual.

Django turns an exception into a response where it is raised (in a view or in any middleware) and
asks the 500 handler for it, so `server_error` (urls.handler500) is where a lost database is told
apart from a real error. OutageMiddleware, outermost after the probes, notices the end.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext_lazy as _
from django.views import defaults

from justalllowgod.health import check_database

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30
# SQLSTATE classes of a database that is out of reach, not of a statement that failed: connection
# exceptions (08), a server shutting down or starting (57P01-57P03), too many connections (53300).
# A deadlock (40P01) or a cancelled statement (57014) is a real error and keeps its traceback.
OUTAGE_STATES = ("08", "57P", "53")


def is_redis_outage(error: BaseException | None) -> bool:
    """Redis refused or lost the connection (the limits cache, in production)."""
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
    except ImportError:  # the embedded default has no Redis
        return False
    return isinstance(error, (RedisConnectionError, RedisTimeoutError))


def check_redis() -> str:
    """'ok', or why the limits cache (Redis in production) did not answer."""
    from django.core.cache import caches

    try:
        caches["limits"].get("outage:probe")
    except Exception as error:
        return type(error).__name__
    return "ok"


def is_database_outage(error: BaseException | None) -> bool:
    """A refused, lost or closed connection; not a statement the database turned down."""
    if not isinstance(error, (OperationalError, InterfaceError)):
        return False
    state = getattr(error.__cause__, "sqlstate", None)
    return state is None or state.startswith(OUTAGE_STATES)


class Outage:
    """This process's view of the database (or Redis): up, or out since a moment (one line each way)."""

    def __init__(self, what: str = "database", check: Callable[[], str] = check_database) -> None:
        self.what, self.check = what, check
        self._lock = threading.Lock()
        self.since: float | None = None
        self.answered = 0

    def begin(self, error: BaseException) -> None:
        with self._lock:
            self.answered += 1
            if self.since is not None:
                return
            self.since, self.answered = time.monotonic(), 1
        reason = " ".join(str(error).split())[:200]
        log.warning(
            "%s unreachable (%s: %s): pages answer 503 until it is back",
            self.what,
            type(error).__name__,
            reason,
            extra={"event": "outage", "service": self.what, "error": type(error).__name__},
        )

    def end(self) -> None:
        with self._lock:
            if self.since is None:
                return
            seconds, answered = time.monotonic() - self.since, self.answered
            self.since, self.answered = None, 0
        log.warning(
            "%s answers again after %.0f s; %d page(s) were answered 503",
            self.what,
            seconds,
            answered,
            extra={
                "event": "outage_over",
                "service": self.what,
                "seconds": round(seconds, 1),
                "answered": answered,
            },
        )


OUTAGE = Outage()
REDIS_OUTAGE = Outage("Redis", check_redis)
_PLAIN = _("We'll be right back. The game's records are out of reach for a moment; please try again shortly.")


def unavailable_page() -> HttpResponse:
    """The 503 page, rendered without the request: no context processor may ask the database."""
    try:
        body = loader.get_template("503.html").render({"retry_after": RETRY_AFTER_SECONDS})
        response = HttpResponse(body, status=503)
    except Exception:  # the page must be answered, even if a static file name cannot be looked up
        response = HttpResponse(str(_PLAIN), status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    add_never_cache_headers(response)
    response.jag_outage = True
    # Our warning said it once for the whole outage: Django must not log each one again.
    response._has_been_logged = True
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """urls.handler500: a lost database or Redis is a 503 page; anything else is Django's own 500 page."""
    error = sys.exc_info()[1]
    for outage, met in ((OUTAGE, is_database_outage), (REDIS_OUTAGE, is_redis_outage)):
        if met(error):
            outage.begin(error)
            return unavailable_page()
    return defaults.server_error(request)


class OutageMiddleware:
    """Outermost after the probes: once pages answer again, say the outage is over (once)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # A page that needed no database proves nothing: the end is what the probe says.
        for outage in (OUTAGE, REDIS_OUTAGE):
            outage_on = outage.since is not None and not getattr(response, "jag_outage", False)
            if outage_on and outage.check() == "ok":
                outage.end()
        return response
