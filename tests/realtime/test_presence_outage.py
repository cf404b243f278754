"""Presence when the cache is unreachable (game/realtime/presence.py): the member counts as away,
and the log says so in one line; an error that is not an outage keeps its traceback (our bug)."""

from __future__ import annotations

import logging

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from game.realtime import presence


class Unreachable:
    """A cache whose every call raises what redis-py raises with Redis stopped, or `error`."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def __getattr__(self, name: str):
        def call(*args, **kwargs):
            raise self.error

        return call


@pytest.fixture
def cache_raising(monkeypatch):
    def use(error: Exception) -> None:
        monkeypatch.setattr(presence, "caches", {presence.LIMITS: Unreachable(error)})

    return use


@pytest.mark.parametrize("note", [presence.arrived, presence.left], ids=["arrived", "left"])
def test_redis_down_leaves_one_line_and_no_traceback(cache_raising, caplog, note):
    cache_raising(RedisConnectionError("Error 111 connecting to 127.0.0.1:6390. Connection refused."))
    with caplog.at_level(logging.WARNING, logger="game.realtime.presence"):
        note(7, 3)
    [record] = caplog.records
    assert record.exc_info is None
    assert "table 7" in record.getMessage() and "ConnectionError" in record.getMessage()
    assert not presence.is_here(7, 3)  # unreachable reads as away: a notice too many beats none


def test_an_error_that_is_not_an_outage_keeps_its_traceback(cache_raising, caplog):
    cache_raising(TypeError("not our cache's kind of key"))
    with caplog.at_level(logging.WARNING, logger="game.realtime.presence"):
        presence.left(7, 3)
    [record] = caplog.records
    assert record.exc_info is not None and record.exc_info[0] is TypeError
