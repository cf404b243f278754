"""/metrics: who may read it, and that moves, sockets and clocks are counted as they happen."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from prometheus_client import REGISTRY

from game import metrics, services
from game.models import Game
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory
from tests.foundation.test_websockets import connect as lobby_connect
from tests.foundation.test_websockets import session_cookie_for
from tests.game.support import play_one_move, two_member_game
from tests.game.test_clocks import public_game


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_loopback_reads_the_metrics_in_prometheus_format():
    response = Client().get("/metrics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    body = response.content.decode()
    for family in (
        "jag_moves_total",
        "jag_move_seconds_bucket",
        'jag_open_sockets{kind="table"}',
        "jag_channel_layer_send_failures_total",
        "process_resident_memory_bytes",
    ):
        assert family in body
    assert "no-cache" in response["Cache-Control"]


def test_another_address_gets_a_plain_404(settings):
    response = Client(REMOTE_ADDR="203.0.113.9").get("/metrics")
    assert response.status_code == 404
    assert b"jag_" not in response.content


def test_behind_the_proxy_the_visitors_own_address_counts_not_the_proxys(settings):
    settings.BEHIND_PROXY = True
    through_proxy = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert through_proxy.get("/metrics").status_code == 404
    assert Client(REMOTE_ADDR="127.0.0.1").get("/metrics").status_code == 200  # a scraper on loopback


def test_the_operators_token_opens_it_from_anywhere_and_a_wrong_one_does_not(settings):
    settings.METRICS_TOKEN = "s3cret-token-for-the-scraper-0123456789"
    visitor = Client(REMOTE_ADDR="203.0.113.9")
    assert visitor.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {settings.METRICS_TOKEN}").status_code == 200
    assert visitor.get("/metrics", HTTP_AUTHORIZATION="Bearer nope").status_code == 404
    assert visitor.get("/metrics", HTTP_AUTHORIZATION=f"Basic {settings.METRICS_TOKEN}").status_code == 404


def test_a_post_to_metrics_is_not_answered_by_it():
    assert Client().post("/metrics").status_code == 404


@pytest.mark.django_db
def test_moves_are_counted_by_outcome_and_timed(live_deck):
    from asgiref.sync import async_to_sync

    table, host, guest = async_to_sync(two_member_game)()
    before = {k: sample("jag_moves_total", outcome=k) for k in ("applied", "repeated", "refused")}
    timed = sample("jag_move_seconds_count")
    play_one_move(table.id, _members_by_seat(table, host, guest))
    assert sample("jag_moves_total", outcome="applied") == before["applied"] + 1
    assert sample("jag_move_seconds_count") == timed + 1
    game = Game.objects.get(table=table)
    with pytest.raises(Refusal):
        services.play_move(table_id=table.id, user=host, move_id="x", version=game.version - 1, move={})
    assert sample("jag_moves_total", outcome="refused") == before["refused"] + 1
    assert sample("jag_move_seconds_count") == timed + 1  # a refusal is counted, not timed


def _members_by_seat(table, host, guest) -> dict:
    return {
        seat.position: (host if seat.user_id == host.pk else guest)
        for seat in table.seats.filter(kind="person")
    }


@pytest.mark.django_db
def test_a_fired_move_clock_records_how_late_it_fired(live_deck, clock):
    metrics.export_clock_metrics()  # as a process does once its clock runs
    public_game()
    fired = sample("jag_clock_lag_seconds_count")
    clock.advance(61)
    assert services.expire_deadlines().fired == 1
    assert sample("jag_clock_lag_seconds_count") == fired + 1
    assert sample("jag_clock_lag_seconds_sum") >= 0


@pytest.mark.django_db(transaction=True)
async def test_open_sockets_are_counted_by_kind_while_open():
    user = await sync_to_async(UserFactory)()
    cookie = await sync_to_async(session_cookie_for)(user)
    before = sample("jag_open_sockets", kind="lobby")
    connected, _, lobby = await lobby_connect([(b"origin", b"http://localhost"), (b"cookie", cookie)])
    assert connected
    assert sample("jag_open_sockets", kind="lobby") == before + 1
    await lobby.disconnect()
    assert sample("jag_open_sockets", kind="lobby") == before


@pytest.mark.django_db(transaction=True)
async def test_a_refused_socket_is_never_counted_as_open():
    before = sample("jag_open_sockets", kind="lobby")
    connected, _, _refused = await lobby_connect([(b"origin", b"http://evil.example")])
    assert not connected
    assert sample("jag_open_sockets", kind="lobby") == before


async def test_a_group_message_the_layer_could_not_send_is_counted(monkeypatch, caplog):
    from channels.layers import get_channel_layer

    from game.realtime import outbox

    async def down(*sends):
        raise ConnectionError("Redis is down")

    # One at a time (the in-memory layer), or all together (Redis: one pipeline).
    monkeypatch.setattr(get_channel_layer(), "group_send", down)
    monkeypatch.setattr(get_channel_layer(), "group_send_all", down, raising=False)
    failed = sample("jag_channel_layer_send_failures_total")
    await outbox.group_send_all(
        [("table-1", {"type": "relay", "text": "{}"}), ("table-2", {"type": "relay"})]
    )
    assert sample("jag_channel_layer_send_failures_total") == failed + 2
