"""Behind a proxy the site believes forwarding headers only from the proxy itself (issue 44, found
rehearsing the layout across machines): once daphne listens on a private address, a machine on that
network that reaches it directly must not pass for 127.0.0.1 (and read /metrics) or for a visitor
(and spend their limits) by writing X-Forwarded-For."""

from __future__ import annotations

import ipaddress

import pytest
from asgiref.testing import ApplicationCommunicator

from justalllowgod.asgi import application
from justalllowgod.lib.addresses import from_our_proxy, without_forged_forwarding

FORGED = [(b"x-forwarded-for", b"127.0.0.1"), (b"x-forwarded-proto", b"https"), (b"host", b"testserver")]


def scope_from(peer: str) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/metrics",
        "raw_path": b"/metrics",
        "query_string": b"",
        "root_path": "",
        "headers": list(FORGED),
        "client": (peer, 40000),
        "server": ("10.231.44.11", 8001),
    }


async def status_of(scope: dict) -> int:
    talk = ApplicationCommunicator(application, scope)
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(timeout=10)
    await talk.wait(timeout=10)
    return start["status"]


def test_our_proxy_is_loopback_or_a_trusted_network(settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.231.44.20/32")]
    assert from_our_proxy("127.0.0.1") and from_our_proxy("::1") and from_our_proxy("10.231.44.20")
    # IPv4 written as IPv6, as a dual-stack socket reports it.
    assert from_our_proxy("::ffff:127.0.0.1") and from_our_proxy("::ffff:10.231.44.20")
    assert from_our_proxy(None)  # a unix socket: only this machine reaches it
    assert not from_our_proxy("10.231.44.1") and not from_our_proxy("::ffff:10.231.44.1")
    assert not from_our_proxy("nginx")


def test_a_direct_caller_loses_its_forwarding_headers_and_the_proxy_keeps_its_own(settings):
    settings.BEHIND_PROXY = True
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.231.44.20/32")]
    assert without_forged_forwarding(scope_from("10.231.44.1"))["headers"] == [(b"host", b"testserver")]
    assert without_forged_forwarding(scope_from("10.231.44.20"))["headers"] == FORGED
    assert without_forged_forwarding(scope_from("127.0.0.1"))["headers"] == FORGED
    websocket = {**scope_from("10.231.44.1"), "type": "websocket"}
    assert without_forged_forwarding(websocket)["headers"] == [(b"host", b"testserver")]
    settings.BEHIND_PROXY = False  # not behind a proxy, nothing reads them anyway
    assert without_forged_forwarding(scope_from("10.231.44.1"))["headers"] == FORGED


@pytest.mark.django_db
async def test_metrics_are_not_read_by_a_neighbour_who_says_it_is_loopback(settings):
    settings.BEHIND_PROXY = True
    settings.TRUSTED_PROXIES = []
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SECURE_SSL_REDIRECT = False
    assert await status_of(scope_from("10.231.44.1")) == 404
    # A trusted network's address may forward headers, but naming loopback in them reads nothing.
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8")]
    assert await status_of(scope_from("10.0.0.50")) == 404
    settings.TRUSTED_PROXIES = []
    # A scraper on this machine's loopback, straight to daphne: answered.
    assert await status_of(scope_from("127.0.0.1")) == 200
