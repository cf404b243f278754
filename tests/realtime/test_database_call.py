"""Socket calls check a busy database connection at most once a second (game/realtime/database.py):
Django's per-request health check cost every move a round trip of its own."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.db import connection, connections

from game.realtime import database
from game.realtime.database import database_call

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def health_checks(monkeypatch):
    """Count Django's health checks (`is_usable`) made by calls on the database thread."""
    made = []
    wrapper = type(connections["default"])
    real = wrapper.is_usable

    def counted(self):
        made.append(self.alias)
        return real(self)

    monkeypatch.setattr(wrapper, "is_usable", counted)
    settings = connections["default"].settings_dict  # one dict, shared by every thread's connection
    assert settings["CONN_HEALTH_CHECKS"]  # the site's setting
    # Kept between calls, as the site keeps them (tests/conftest.py closes them after each call).
    monkeypatch.setitem(settings, "CONN_MAX_AGE", 600)
    yield made
    async_to_sync(database_call(_close))()


def _close() -> None:
    """The calling thread's own connection (each database thread has one), closed."""
    connections["default"].close()


def _read() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        return cursor.fetchone()[0]


def _call(fn):
    return async_to_sync(database_call(fn))()


def test_a_connection_that_answered_within_the_second_is_not_asked_again(health_checks):
    assert _call(_read) == 1  # the first call on a connection: checked as Django checks it
    checked = len(health_checks)
    for _ in range(5):
        assert _call(_read) == 1
    assert len(health_checks) == checked


def test_a_connection_idle_for_longer_is_checked_again(health_checks, monkeypatch):
    _call(_read)
    _call(_read)
    checked = len(health_checks)
    monkeypatch.setattr(database, "TRUSTED_FOR_SECONDS", 0.0)
    _call(_read)
    assert len(health_checks) == checked + 1


def test_a_connection_whose_last_call_met_a_database_error_is_checked_whatever_its_age(health_checks):
    from django.db import DatabaseError

    def broken() -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT * FROM no_such_table")

    _call(_read)
    with pytest.raises(DatabaseError):
        _call(broken)
    checked = len(health_checks)
    assert _call(_read) == 1
    assert len(health_checks) == checked + 1  # Django's own check after an error, then trusted again
    _call(_read)
    assert len(health_checks) == checked + 1
