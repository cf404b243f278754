"""Issue 32: a browser's push subscription is kept only for a signed-in member, only when every
part is sound, and only on a browser's own push service (the server posts there: no SSRF); an
endpoint another member holds is refused with nothing changed."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from notices.models import PushSubscription
from notices.push_subscriptions import MAX_PER_MEMBER
from notices.vapid import b64url
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SUBSCRIBE = reverse("push:subscribe")
UNSUBSCRIBE = reverse("push:unsubscribe")
# A real point on P-256 (a browser's p256dh) and a 16-byte auth secret.
P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
AUTH = "tBHItJI5svbpez7KI4CCXg"


def _sub(
    endpoint: str = "https://fcm.googleapis.com/fcm/send/abc:DEF", p256dh: str = P256DH, auth: str = AUTH
):
    return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": p256dh, "auth": auth}}


def _member_client(user=None) -> tuple[Client, object]:
    user = user or UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get("/")  # the CSRF cookie, as a page would set it
    return client, user


def _post(client: Client, url: str, body) -> object:
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    token = client.cookies["csrftoken"].value if "csrftoken" in client.cookies else ""
    return client.post(url, data, content_type="application/json", headers={"X-CSRFToken": token})


def test_a_member_subscribes_a_browser(vapid):
    client, member = _member_client()
    answer = _post(client, SUBSCRIBE, _sub())
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"ok": True}
    kept = PushSubscription.objects.get()
    assert (kept.user, kept.endpoint, kept.p256dh, kept.auth) == (
        member,
        "https://fcm.googleapis.com/fcm/send/abc:DEF",
        P256DH,
        AUTH,
    )


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        "https://eu.push.services.mozilla.com/wpush/v2/gAAA",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
        "https://web.push.apple.com/QGZ3",
        "https://api.push.apple.com/3/device/ab",
    ],
)
def test_each_browsers_push_service_is_taken(vapid, endpoint):
    client, _ = _member_client()
    assert _post(client, SUBSCRIBE, _sub(endpoint)).status_code == 200


def test_a_signed_out_browser_is_refused(vapid):
    client = Client()
    answer = _post(client, SUBSCRIBE, _sub())
    assert answer.status_code == 401  # sign_in is 401 everywhere (justalllowgod/lib/refusals.py)
    assert answer.json()["error"] == "sign_in"
    assert not PushSubscription.objects.exists()


def test_a_post_without_the_csrf_token_is_refused(vapid):
    client, _ = _member_client()
    answer = client.post(SUBSCRIBE, json.dumps(_sub()), content_type="application/json")
    assert answer.status_code == 403
    assert not PushSubscription.objects.exists()


def test_a_typed_address_goes_to_the_settings_page_and_changes_nothing(vapid):
    client, _ = _member_client()
    answer = client.get(SUBSCRIBE)
    assert (answer.status_code, answer["Location"]) == (302, reverse("accounts:settings"))
    assert client.put(SUBSCRIBE, json.dumps(_sub())).status_code in (403, 405)  # CSRF, then the method
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[]",
        json.dumps({"endpoint": "https://fcm.googleapis.com/x"}),
        json.dumps({"endpoint": 5, "keys": {"p256dh": P256DH, "auth": AUTH}}),
        json.dumps(_sub(p256dh="B" + "A" * 86)),  # 65 bytes, not a point on the curve
        json.dumps(_sub(p256dh=P256DH[:-4])),  # too short
        json.dumps(_sub(p256dh=P256DH.replace("_", "/"))),  # base64, not base64url
        json.dumps(_sub(p256dh=b64url(b"\x02" + bytes(32)))),  # compressed
        json.dumps(_sub(auth=b64url(bytes(15)))),
        json.dumps(_sub(auth=b64url(bytes(17)))),
        json.dumps(_sub(auth="!!!!")),
        json.dumps(_sub(endpoint="https://fcm.googleapis.com/" + "a" * 1000)),
        json.dumps(_sub(endpoint="https://fcm.googleapis.com/a b")),
        json.dumps(_sub(endpoint="https://user:pw@fcm.googleapis.com/a")),
        json.dumps(_sub(endpoint="https://fcm.googleapis.com:99999/a")),
        json.dumps(_sub()) + " " * 5000,
    ],
)
def test_a_malformed_subscription_is_refused(vapid, body):
    client, _ = _member_client()
    answer = _post(client, SUBSCRIBE, body)
    assert answer.status_code in (400, 413)
    assert answer.json()["error"] == "bad_subscription"
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    [
        "https://evil.example/fcm.googleapis.com/",
        "https://fcm.googleapis.com.evil.example/send/x",
        "https://evilpush.apple.com/x",
        "http://fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com:8443/fcm/send/x",
        "https://127.0.0.1/push",
        "https://[::1]/push",
        "https://localhost/push",
        "https://169.254.169.254/latest/meta-data/",
        "ftp://fcm.googleapis.com/x",
        "file:///etc/passwd",
    ],
)
def test_an_endpoint_off_the_browsers_push_services_is_refused(vapid, settings, endpoint):
    settings.WEBPUSH_EXTRA_HOSTS = []
    client, _ = _member_client()
    answer = _post(client, SUBSCRIBE, _sub(endpoint))
    assert answer.status_code == 400
    assert answer.json()["error"] in ("unknown_push_service", "bad_subscription")
    assert not PushSubscription.objects.exists()


def test_the_tests_own_push_service_is_taken_only_when_the_setting_names_it(vapid, settings):
    client, _ = _member_client()
    settings.WEBPUSH_EXTRA_HOSTS = []
    assert _post(client, SUBSCRIBE, _sub("http://127.0.0.1:8123/push/a")).status_code == 400
    settings.WEBPUSH_EXTRA_HOSTS = ["127.0.0.1"]
    assert _post(client, SUBSCRIBE, _sub("http://127.0.0.1:8123/push/a")).status_code == 200


def test_another_members_endpoint_is_refused_and_nothing_changes(vapid):
    first, owner = _member_client()
    _post(first, SUBSCRIBE, _sub())
    before = list(PushSubscription.objects.values())
    other, _ = _member_client()
    other_keys = b64url(bytes(range(16)))

    answer = _post(other, SUBSCRIBE, _sub(auth=other_keys))

    assert answer.status_code == 409
    assert answer.json()["error"] == "subscription_taken"
    assert list(PushSubscription.objects.values()) == before
    # Nor can they remove it.
    assert _post(other, UNSUBSCRIBE, {"endpoint": _sub()["endpoint"]}).status_code == 200
    assert PushSubscription.objects.get().user == owner


def test_the_same_member_subscribing_again_updates_the_keys(vapid):
    client, member = _member_client()
    _post(client, SUBSCRIBE, _sub())
    new_auth = b64url(bytes(range(16)))
    assert _post(client, SUBSCRIBE, _sub(auth=new_auth)).status_code == 200
    kept = PushSubscription.objects.get()
    assert (kept.user, kept.auth) == (member, new_auth)


def test_a_member_keeps_at_most_ten_browsers_the_oldest_go(vapid):
    client, member = _member_client()
    for n in range(MAX_PER_MEMBER + 2):
        assert _post(client, SUBSCRIBE, _sub(f"https://fcm.googleapis.com/fcm/send/{n}")).status_code == 200
    kept = set(PushSubscription.objects.filter(user=member).values_list("endpoint", flat=True))
    assert kept == {f"https://fcm.googleapis.com/fcm/send/{n}" for n in range(2, MAX_PER_MEMBER + 2)}


def test_a_member_unsubscribes_their_own_browser(vapid):
    client, _ = _member_client()
    _post(client, SUBSCRIBE, _sub())
    _post(client, SUBSCRIBE, _sub("https://fcm.googleapis.com/fcm/send/other"))
    answer = _post(client, UNSUBSCRIBE, {"endpoint": _sub()["endpoint"]})
    assert answer.json() == {"ok": True}
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        "https://fcm.googleapis.com/fcm/send/other"
    ]
    assert _post(client, UNSUBSCRIBE, b"{}").json()["error"] == "bad_subscription"
    assert _post(Client(), UNSUBSCRIBE, {"endpoint": "x"}).status_code == 401


def test_subscribing_says_so_when_push_is_off(settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    client, _ = _member_client()
    answer = _post(client, SUBSCRIBE, _sub())
    assert answer.status_code == 409
    assert answer.json()["error"] == "push_off"
    assert not PushSubscription.objects.exists()
