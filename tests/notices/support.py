"""Helpers of the notices' tests: a member's phone or computer set up to be told."""

from __future__ import annotations

import itertools

from notices.models import PushSubscription

_numbers = itertools.count(1)
# A real point on P-256 (a browser's p256dh) and a 16-byte auth secret.
P256DH = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
AUTH = "tBHItJI5svbpez7KI4CCXg"


def keep_device(user, browser=None, device: str = "Chrome on Android") -> PushSubscription:
    """Set up one of the member's devices: `browser` on the tests' push service (tests/notices/
    push_service.py) when a push must really arrive, else one on FCM that nothing posts to."""
    if browser is None:
        endpoint, p256dh, auth = f"https://fcm.googleapis.com/fcm/send/test-{next(_numbers)}", P256DH, AUTH
    else:
        keys = browser.to_json()["keys"]
        endpoint, p256dh, auth = browser.endpoint, keys["p256dh"], keys["auth"]
    return PushSubscription.objects.create(
        user=user, endpoint=endpoint, p256dh=p256dh, auth=auth, device=device
    )
