"""A database outage through the real middleware stack: every page is a plain 503 with Retry-After,
nothing changes, and the log has one warning when it starts and one when it ends, no traceback.

The outage is made where Django talks to the database (connection.execute_wrapper), so every query
of every middleware and view fails as it does when PostgreSQL is stopped.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.db import OperationalError, connection
from django.test import Client

from game.models import Table
from justalllowgod import outage
from tests.deck import load_deck
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
REFUSED = "connection to server at 127.0.0.1, port 5432 failed: Connection refused"


@contextmanager
def database_down(error: Exception | None = None) -> Iterator[None]:
    def refuse(execute, sql, params, many, context):
        raise error or OperationalError(REFUSED)

    with connection.execute_wrapper(refuse):
        yield


@pytest.fixture(autouse=True)
def no_outage_left_over():
    outage.OUTAGE.end()
    outage.REDIS_OUTAGE.end()
    yield
    outage.OUTAGE.end()
    outage.REDIS_OUTAGE.end()


def outage_lines(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "justalllowgod.outage"]


def browser() -> Client:
    """A client that gets the answer a browser gets (the test client re-raises a handled exception)."""
    return Client(raise_request_exception=False)


def signed_in() -> Client:
    client = browser()
    client.force_login(UserFactory())
    return client


def test_pages_during_an_outage_are_a_plain_503_with_retry_after_and_one_warning(caplog):
    client, other = signed_in(), signed_in()
    with caplog.at_level(logging.INFO), database_down():
        answers = [client.get("/"), client.get("/me/games/"), other.get("/"), other.get("/rules/")]
    for answer in answers:
        assert answer.status_code == 503
        assert answer["Retry-After"] == str(outage.RETRY_AFTER_SECONDS)
        assert "no-cache" in answer["Cache-Control"]
        assert "We'll be right back" in answer.content.decode()
    [warning] = outage_lines(caplog)
    assert warning.levelname == "WARNING" and "database unreachable" in warning.getMessage()
    assert all(record.exc_info is None for record in caplog.records), "no traceback for an outage"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # The access line is still written for each page, with its status.
    statuses = [r.status for r in caplog.records if r.name == "jag.access"]
    assert statuses == [503, 503, 503, 503]


def test_a_page_that_needs_no_database_is_still_served():
    with database_down():
        assert browser().get("/").status_code == 200  # a visitor's welcome reads no row


def test_a_form_posted_during_an_outage_changes_nothing():
    load_deck()
    user = UserFactory(gamer_tag="Lydia")
    client = browser()
    client.force_login(user)
    with database_down():
        answer = client.post("/tables/new/", {"seats": 4})
    assert answer.status_code == 503
    assert not Table.objects.exists()
    # The same post with the database back makes the table: the 503 was the outage, not the form.
    assert client.post("/tables/new/", {"seats": 4}).status_code == 302
    assert Table.objects.count() == 1


def test_the_end_of_an_outage_is_one_line_and_pages_work_again(caplog):
    client = signed_in()
    with caplog.at_level(logging.INFO):
        with database_down():
            client.get("/")
            client.get("/")
        assert client.get("/me/games/").status_code == 200
        assert client.get("/").status_code == 200
    started, ended = outage_lines(caplog)
    assert "database answers again" in ended.getMessage() and ended.answered == 2
    assert started.levelname == ended.levelname == "WARNING"


def test_each_outage_is_told_once(caplog):
    client = signed_in()
    with caplog.at_level(logging.INFO):
        for _ in range(2):
            with database_down():
                assert client.get("/").status_code == 503
                assert client.get("/").status_code == 503
            assert client.get("/").status_code == 200
    assert [r.event for r in outage_lines(caplog)] == ["outage", "outage_over", "outage", "outage_over"]


def test_a_deadlock_is_a_real_error_with_its_traceback_not_an_outage(caplog):
    client = signed_in()
    deadlock = OperationalError("deadlock detected")
    deadlock.__cause__ = psycopg.errors.DeadlockDetected("deadlock detected")
    with caplog.at_level(logging.INFO), database_down(deadlock):
        answer = client.get("/me/games/")
    assert answer.status_code == 500
    assert "We'll be right back" not in answer.content.decode()
    assert not outage_lines(caplog)
    assert [r for r in caplog.records if r.name == "django.request" and r.exc_info], "a real error keeps it"


@pytest.mark.parametrize(
    ("cause", "is_outage"),
    [
        (None, True),
        (psycopg.errors.AdminShutdown("terminating connection"), True),
        (psycopg.errors.CannotConnectNow("the database system is starting up"), True),
        (psycopg.errors.TooManyConnections("too many clients"), True),
        (psycopg.errors.QueryCanceled("canceling statement"), False),
        (psycopg.errors.SerializationFailure("could not serialize"), False),
    ],
)
def test_an_outage_is_a_connection_that_is_gone_not_a_statement_turned_down(cause, is_outage):
    error = OperationalError("x")
    error.__cause__ = cause
    assert outage.is_database_outage(error) is is_outage
    assert outage.is_database_outage(ValueError("x")) is False


def test_a_sign_in_that_meets_redis_down_is_the_same_503_and_one_warning_each_way(caplog, monkeypatch):
    """The stack test found a sign-in during a Redis restart answered Django's bare 500 page, with a
    traceback per try: allauth counts sign-in tries in the cache, which is Redis in production."""
    import redis
    from django.core.cache import caches

    def refused(*args, **kwargs):
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    user = UserFactory()
    client = browser()
    with caplog.at_level(logging.INFO):
        with monkeypatch.context() as down:
            down.setattr(caches["default"], "add", refused)
            answers = [
                client.post("/accounts/login/", {"login": user.email, "password": "x" * 12}) for _ in "ab"
            ]
        assert client.get("/rules/").status_code == 200  # Redis is back: the next page says so
    for answer in answers:
        assert answer.status_code == 503 and answer["Retry-After"] == str(outage.RETRY_AFTER_SECONDS)
        assert "We'll be right back" in answer.content.decode()
    started, ended = outage_lines(caplog)
    assert started.getMessage().startswith("Redis unreachable (ConnectionError")
    assert ended.getMessage().startswith("Redis answers again") and ended.answered == 2
    assert all(record.exc_info is None for record in caplog.records), "no traceback for an outage"
