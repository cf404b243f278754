"""Issue 46: "Send me a test notice" pushes to each of the member's devices and mails them if they
chose mail, now, a few times an hour at most, and says what it did."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core import mail

from notices import trial
from notices.models import PushSubscription
from notices.preferences import set_preference
from tests.factories import UserFactory
from tests.notices.support import keep_device

pytestmark = pytest.mark.django_db

TEST = "/notices/test/"


def _tap(client) -> list[str]:
    response = client.post(TEST)
    assert response.status_code == 302 and response["Location"] == "/me/settings/"
    return [str(m) for m in get_messages(response.wsgi_request)]


def test_it_reaches_two_devices_and_the_inbox_and_says_so(client, push_service, vapid):
    member = UserFactory()
    set_preference(user=member, by_mail=True, at_every_private_table=False)
    keep_device(member, push_service.subscribe())
    keep_device(member, push_service.subscribe())
    client.force_login(member)

    assert _tap(client) == ["Sent to 2 devices and by email."]

    pushes = push_service.wait_for(2)
    assert [p.payload["title"] for p in pushes] == ["A test notice"] * 2
    assert pushes[0].payload["url"].endswith("/me/settings/")
    [sent] = mail.outbox
    assert sent.to == [member.email] and sent.subject.startswith("A test notice")
    assert "Open your settings:" in sent.body and "Open the table" not in sent.body


def test_one_device_and_no_mail(client, push_service, vapid):
    member = UserFactory()
    keep_device(member, push_service.subscribe())
    client.force_login(member)
    assert _tap(client) == ["Sent to 1 device."]
    assert len(push_service.wait_for(1)) == 1 and mail.outbox == []


def test_mail_alone(client, vapid):
    member = UserFactory()
    set_preference(user=member, by_mail=True, at_every_private_table=False)
    client.force_login(member)
    assert _tap(client) == ["Sent by email."]
    assert len(mail.outbox) == 1


def test_with_no_way_set_up_nothing_is_sent_and_it_says_why(client, vapid):
    client.force_login(UserFactory())
    assert _tap(client) == ["Nothing was sent: no phone or computer is set up to be told, and email is off."]
    assert mail.outbox == []


def test_a_device_whose_push_service_is_gone_is_named_as_missed_and_forgotten(client, push_service, vapid):
    member = UserFactory()
    kept, gone = push_service.subscribe(), push_service.subscribe()
    keep_device(member, kept)
    keep_device(member, gone)
    push_service.gone.add(gone.endpoint.removeprefix(push_service.url))
    client.force_login(member)
    assert _tap(client) == [
        "Sent to 1 of your 2 devices. One device didn't take it: if nothing shows there, stop telling "
        "it below and set it up again."
    ]
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]


def test_a_few_an_hour_then_it_says_to_wait_and_sends_nothing(client, push_service, vapid):
    member = UserFactory()
    keep_device(member, push_service.subscribe())
    client.force_login(member)
    for _ in range(trial.TESTS_PER_HOUR):
        assert _tap(client)[-1] == "Sent to 1 device."
    assert _tap(client)[-1] == ("That's a lot of test notices for one hour. Please try again a little later.")
    assert len(push_service.wait_for(trial.TESTS_PER_HOUR)) == trial.TESTS_PER_HOUR
