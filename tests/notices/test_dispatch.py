"""Issue 46: a notice goes to every phone and computer the member set up (having one is the wish:
there is no box to disagree with it), and by mail when they chose mail; what went is recorded."""

from __future__ import annotations

import pytest
from django.core import mail

from game import services
from notices.dispatch import deliver
from notices.models import Notice, NoticePreference
from tests.factories import UserFactory
from tests.notices.support import keep_device

pytestmark = pytest.mark.django_db


@pytest.fixture
def notice(live_deck):
    """A turn notice to a member, not sent yet."""
    member = UserFactory(gamer_tag="Dad")
    table = services.create_private_table(user=UserFactory(gamer_tag="Grandma_Ruth"), over_days=True).table
    return Notice.objects.create(table=table, user=member, kind=Notice.Kind.YOUR_TURN, turn=1)


@pytest.mark.parametrize("devices", [0, 1, 2])
def test_a_notice_is_pushed_to_each_device_set_up(notice, telling, push_service, vapid, devices):
    browsers = [push_service.subscribe() for _ in range(devices)]
    for browser in browsers:
        keep_device(notice.user, browser)
    keep_device(UserFactory(), push_service.subscribe())  # another member's: never pushed to

    sent = deliver(notice, telling)

    assert sent.pushed == devices and not sent.mailed and sent.sent_at is not None
    received = push_service.wait_for(devices)
    assert sorted(p.path for p in received) == sorted(
        b.endpoint.removeprefix(push_service.url) for b in browsers
    )
    assert all(p.payload == telling.payload() for p in received)
    assert mail.outbox == []


@pytest.mark.parametrize("devices", [0, 1, 2])
def test_mail_goes_too_when_chosen_whatever_the_devices(notice, telling, push_service, vapid, devices):
    NoticePreference.objects.create(user=notice.user, by_mail=True)
    for _ in range(devices):
        keep_device(notice.user, push_service.subscribe())

    sent = deliver(notice, telling)

    assert (sent.pushed, sent.mailed) == (devices, True)
    assert [m.to for m in mail.outbox] == [[notice.user.email]]
    assert len(push_service.wait_for(devices)) == devices


def test_a_member_who_ticked_nothing_but_set_up_a_device_is_pushed(notice, telling, push_service, vapid):
    """Tapping only the device button is a wish: it is told (it used to send nothing)."""
    keep_device(notice.user, push_service.subscribe())
    assert not NoticePreference.objects.filter(user=notice.user).exists()
    assert deliver(notice, telling).pushed == 1


def test_a_turn_whose_mail_went_is_pushed_alone(notice, telling, push_service, vapid):
    NoticePreference.objects.create(user=notice.user, by_mail=True)
    keep_device(notice.user, push_service.subscribe())
    sent = deliver(notice, telling, may_mail=False)
    assert (sent.pushed, sent.mailed) == (1, False) and mail.outbox == []


def test_with_push_off_on_the_server_nothing_is_pushed_and_it_is_recorded(notice, telling, settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    keep_device(notice.user)
    sent = deliver(notice, telling)
    assert (sent.pushed, sent.mailed) == (0, False)
    Notice.objects.get(pk=notice.pk, pushed=0, mailed=False, sent_at__isnull=False)
