"""Outages a socket answers with a retryable error instead of closing.

While the database or Redis is down, a move or a ping cannot be served. That is not our bug, so
the socket says so and stays open: the client tries again (the same move id is applied once).
"""

from __future__ import annotations

from django.db import InterfaceError, OperationalError

try:
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError
except ImportError:  # Redis is optional on the embedded default
    OUTAGES: tuple[type[BaseException], ...] = (OperationalError, InterfaceError, ConnectionError)
else:
    OUTAGES = (OperationalError, InterfaceError, ConnectionError, RedisConnectionError, RedisTimeoutError)


def is_outage(error: BaseException) -> bool:
    """Whether an error means a service we depend on is unreachable right now."""
    return isinstance(error, OUTAGES)
