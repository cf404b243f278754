"""Issue 32: a telling goes to each of a member's browsers through their push services, signed and
encrypted; a browser that dropped its subscription is forgotten; a push service that is down
never breaks the caller."""

from __future__ import annotations

import logging

import pytest
from django.core.management import call_command

from notices import push
from notices.models import Notice, PushSubscription
from notices.telling import Telling
from notices.vapid import public_key_of
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

TELLING = Telling(
    kind=Notice.Kind.YOUR_TURN,
    title="Your turn at KQXT",
    body="Grandma's table (KQXT) is waiting for you.",
    url="http://127.0.0.1:8000/t/KQXT/",
    tag="table-KQXT",
)


def _keep(user, browser) -> PushSubscription:
    return PushSubscription.objects.create(
        user=user, endpoint=browser.endpoint, p256dh=browser.p256dh, auth=browser.to_json()["keys"]["auth"]
    )


def test_a_telling_reaches_every_browser_of_the_member_decrypted(push_service, vapid):
    member, other = UserFactory(), UserFactory()
    phone, laptop, theirs = push_service.subscribe(), push_service.subscribe(), push_service.subscribe()
    _keep(member, phone)
    _keep(member, laptop)
    _keep(other, theirs)

    assert push.send(member, TELLING) == 2

    received = push_service.wait_for(2)
    assert sorted(p.path for p in received) == sorted(
        b.endpoint.removeprefix(push_service.url) for b in (phone, laptop)
    )
    for pushed in received:
        assert pushed.payload == TELLING.payload()
        assert pushed.vapid_key == vapid
        assert pushed.headers["ttl"] == "86400"
        assert pushed.headers["topic"] == "table-KQXT"
    assert PushSubscription.objects.filter(user=member, last_sent_at__isnull=False).count() == 2
    assert PushSubscription.objects.get(endpoint=theirs.endpoint).last_sent_at is None


def test_a_subscription_the_push_service_calls_gone_is_forgotten(push_service, vapid):
    member = UserFactory()
    dropped, kept = push_service.subscribe(), push_service.subscribe()
    _keep(member, dropped)
    _keep(member, kept)
    push_service.gone.add(dropped.endpoint.removeprefix(push_service.url))

    assert push.send(member, TELLING) == 1

    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]


def test_a_push_service_that_is_down_is_logged_once_and_never_raised(push_service, vapid, caplog):
    member = UserFactory()
    browser = push_service.subscribe()
    subscription = _keep(member, browser)
    # Nothing listens on port 9 of loopback: the connection is refused.
    PushSubscription.objects.filter(pk=subscription.pk).update(endpoint="http://127.0.0.1:9/push/x")

    with caplog.at_level(logging.WARNING, logger="notices.push"):
        assert push.send(member, TELLING) == 0

    assert len([r for r in caplog.records if r.name == "notices.push"]) == 1
    assert "127.0.0.1" in caplog.text and "/push/x" not in caplog.text  # the endpoint is a secret
    assert PushSubscription.objects.filter(pk=subscription.pk, last_sent_at=None).exists()


def test_a_redirect_from_a_push_service_is_never_followed(push_service, vapid, caplog):
    member = UserFactory()
    browser, elsewhere = push_service.subscribe(), push_service.subscribe()
    _keep(member, browser)
    push_service.moved[browser.endpoint.removeprefix(push_service.url)] = elsewhere.endpoint

    with caplog.at_level(logging.WARNING, logger="notices.push"):
        assert push.send(member, TELLING) == 0

    assert push_service.visited == [browser.endpoint.removeprefix(push_service.url)]
    assert "failed" in caplog.text
    assert PushSubscription.objects.filter(endpoint=browser.endpoint).exists()


def test_a_slow_push_service_is_given_up_on(push_service, vapid, monkeypatch):
    monkeypatch.setattr(push, "TIMEOUT_SECONDS", 0.2)
    member = UserFactory()
    slow, quick = push_service.subscribe(), push_service.subscribe()
    _keep(member, slow)
    _keep(member, quick)
    push_service.slow.add(slow.endpoint.removeprefix(push_service.url))

    assert push.send(member, TELLING) == 1
    assert [p.path for p in push_service.wait_for(1)] == [quick.endpoint.removeprefix(push_service.url)]


def test_nothing_is_sent_when_push_is_off(push_service, settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    member = UserFactory()
    _keep(member, push_service.subscribe())
    assert not push.is_configured()
    assert push.public_key() == ""
    assert push.send(member, TELLING) == 0
    assert push_service.received == []


def test_make_vapid_keys_prints_a_pair_that_belongs_together(capsys):
    call_command("make_vapid_keys")
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    assert (
        public_key_of(lines["DJANGO_WEBPUSH_VAPID_PRIVATE_KEY"]) == lines["DJANGO_WEBPUSH_VAPID_PUBLIC_KEY"]
    )
    assert lines["DJANGO_WEBPUSH_VAPID_SUBJECT"].startswith("mailto:")
