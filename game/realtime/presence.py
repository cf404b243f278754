"""Who has a table's page open: a key per member and table in the `limits` cache (Redis on the
stack, so every server process and the clock see it), set when their table socket opens, kept
fresh by its pings and dropped when it closes. A process that dies leaves keys that expire by
themselves within PRESENCE_SECONDS, so a member is never taken as present for long after their
page is gone. The notices of issue 32 ask it: nobody is told it is their turn while they watch.

An unreachable cache says "not here": a notice too many beats a member never told."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import caches

from game.realtime.faults import OUTAGES
from justalllowgod.limits import LIMITS

log = logging.getLogger(__name__)

KEY = "presence:{}:{}"


def _key(table_id: int, user_id: int) -> str:
    return KEY.format(table_id, user_id)


def arrived(table_id: int, user_id: int) -> None:
    """Their table socket opened, or pinged: they are here for PRESENCE_SECONDS more."""
    try:
        caches[LIMITS].set(_key(table_id, user_id), 1, timeout=settings.PRESENCE_SECONDS)
    except Exception as error:
        _could_not("note a member at", table_id, error)


def left(table_id: int, user_id: int) -> None:
    """Their table socket closed."""
    try:
        caches[LIMITS].delete(_key(table_id, user_id))
    except Exception as error:
        _could_not("note a member leaving", table_id, error)


def _could_not(what: str, table_id: int, error: Exception) -> None:
    # Redis down is not our bug: one line says so (a restart would otherwise bury the log in
    # redis-py's chained tracebacks). Anything else is, and keeps its traceback.
    if isinstance(error, OUTAGES):
        log.warning("presence: could not %s table %s (%s: %s)", what, table_id, type(error).__name__, error)
    else:
        log.warning("presence: could not %s table %s", what, table_id, exc_info=error)


def is_here(table_id: int, user_id: int) -> bool:
    """Whether the member has the table's page open now."""
    try:
        return caches[LIMITS].get(_key(table_id, user_id)) is not None
    except Exception:
        return False
