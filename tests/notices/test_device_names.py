"""Issue 46: each device set up to be told has an everyday name from its browser ("Chrome on
Android"), kept instead of the User-Agent itself, so the settings page lists what a member knows."""

from __future__ import annotations

import json

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from notices.devices import device_name
from notices.models import PushSubscription
from tests.factories import UserFactory
from tests.notices.support import AUTH, P256DH

ANDROID_CHROME = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)
WINDOWS_EDGE = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0"
)
MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0"
SAMSUNG = (
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) "
    "SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36"
)
HEADLESS = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36"


@pytest.mark.parametrize(
    ("agent", "name"),
    [
        (ANDROID_CHROME, "Chrome on Android"),
        (IPHONE_SAFARI, "Safari on iPhone"),
        (WINDOWS_EDGE, "Edge on Windows"),
        (MAC_FIREFOX, "Firefox on a Mac"),
        (SAMSUNG, "Samsung Internet on Android"),
        (HEADLESS, "Chrome on Linux"),
        ("curl/8.5.0", ""),
        ("", ""),
    ],
)
def test_a_browser_is_named_as_people_call_it(agent, name):
    assert device_name(agent) == name


@pytest.mark.django_db
def test_setting_a_device_up_keeps_its_name_and_says_so(vapid):
    member = UserFactory()
    client = Client(enforce_csrf_checks=True, headers={"User-Agent": ANDROID_CHROME})
    client.force_login(member)
    client.get("/")
    body = {"endpoint": "https://fcm.googleapis.com/fcm/send/n1", "keys": {"p256dh": P256DH, "auth": AUTH}}
    answer = client.post(
        "/notices/push/subscribe/",
        json.dumps(body),
        content_type="application/json",
        headers={"X-CSRFToken": client.cookies["csrftoken"].value},
    )
    assert answer.json() == {"ok": True}
    assert PushSubscription.objects.get(user=member).device == "Chrome on Android"
    said = [str(m) for m in get_messages(answer.wsgi_request)]
    assert said == ["Done: Chrome on Android (this device) will tell you when it's your turn."]
