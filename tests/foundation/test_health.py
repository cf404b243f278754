"""/healthz and /readyz: cheap, never cached, never redirected, and honest about the database."""

from __future__ import annotations

import logging
import time

import pytest
from django.db import OperationalError
from django.test import Client

from justalllowgod import health

pytestmark = pytest.mark.django_db(transaction=True)


def test_healthz_says_the_process_is_up_without_touching_the_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_readyz_is_ready_when_the_database_and_the_channel_layer_answer():
    response = Client().get("/readyz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"] == {"database": "ok", "channel_layer": "ok"}
    assert "no-store" in response["Cache-Control"]


def test_probes_are_answered_for_any_host_and_over_plain_http(settings):
    # The process manager and the proxy probe daphne on loopback, not through the public name.
    settings.ALLOWED_HOSTS = ["play.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    client = Client(HTTP_HOST="127.0.0.1:8001")
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz/").status_code == 200
    assert client.get("/").status_code == 400  # the rest of the site still checks the host


def test_probes_set_no_cookie_and_are_never_rate_limited():
    client = Client()
    statuses = {client.get("/readyz").status_code for _ in range(50)}
    assert statuses == {200}
    assert not client.get("/healthz").cookies


def test_readyz_fails_when_the_database_refuses_with_one_warning_line(monkeypatch, caplog):
    def refuse() -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr(health, "_ask_database", refuse)
    with caplog.at_level(logging.INFO):
        response = Client().get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": "OperationalError", "channel_layer": "ok"}
    [line] = caplog.records
    assert (line.levelname, line.getMessage()) == ("WARNING", "not ready: database OperationalError")


def test_readyz_gives_up_on_a_hung_database_within_a_second(monkeypatch):
    monkeypatch.setattr(health, "_ask_database", lambda: time.sleep(3))
    started = time.monotonic()
    response = Client().get("/readyz")
    assert time.monotonic() - started < 1.5
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == "timeout"


def test_readyz_gives_up_on_a_silent_channel_layer(monkeypatch):
    async def never_answers() -> None:
        import asyncio

        await asyncio.sleep(3)

    monkeypatch.setattr(health, "_round_trip", never_answers)
    response = Client().get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": "ok", "channel_layer": "timeout"}


def test_other_methods_on_a_probe_path_go_to_the_site():
    assert Client().post("/healthz").status_code in (403, 404)


@pytest.mark.parametrize("path", ["/metrics/", "/metrics//", "/metrics/x", "/METRICS"])
def test_metrics_are_answered_on_the_exact_path_only(path):
    # From loopback, which may read them: any other spelling is an ordinary page that does not exist.
    client = Client()
    assert client.get("/metrics").status_code == 200
    other = client.get(path)
    assert other.status_code == 404
    assert b"# HELP" not in other.content
