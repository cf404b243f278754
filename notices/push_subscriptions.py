"""A browser's push subscription, checked before it is kept: the server will post to its endpoint,
so only a browser's own push service may be named there (anything else would let a member make
the server call any address: SSRF), and its keys must be ones a push can be encrypted to."""

from __future__ import annotations

import binascii
import json
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import IntegrityError, transaction

from justalllowgod.lib.refusals import Code, Refusal
from notices.models import PushSubscription
from notices.vapid import b64url_decode

MAX_BODY_BYTES = 4096
MAX_ENDPOINT_CHARS = 1000  # PushSubscription.endpoint's max_length
MAX_PER_MEMBER = 10
B64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")
# The browsers' push services: Chrome and Edge's FCM, Firefox's autopush, Windows, Apple.
PUSH_HOSTS = ("fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com")
PUSH_HOST_SUFFIXES = (".push.services.mozilla.com", ".notify.windows.com", ".push.apple.com")


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str


def parse(body: bytes) -> Subscription:
    """A subscription as `PushSubscription.toJSON()` gives it, every part checked; else a Refusal."""
    if len(body) > MAX_BODY_BYTES:
        raise Refusal(Code.BAD_SUBSCRIPTION)
    try:
        data = json.loads(body)
        endpoint, keys = data["endpoint"], data["keys"]
        p256dh, auth = keys["p256dh"], keys["auth"]
    except (ValueError, TypeError, KeyError):
        raise Refusal(Code.BAD_SUBSCRIPTION) from None
    if not all(isinstance(value, str) for value in (endpoint, p256dh, auth)):
        raise Refusal(Code.BAD_SUBSCRIPTION)
    check_endpoint(endpoint)
    public = _key_bytes(p256dh, 65)
    try:
        # A point on P-256: anything else cannot be encrypted to, and could leak the shared secret.
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), public)
    except ValueError:
        raise Refusal(Code.BAD_SUBSCRIPTION) from None
    if public[0] != 0x04:
        raise Refusal(Code.BAD_SUBSCRIPTION)  # compressed: browsers send the uncompressed form
    _key_bytes(auth, 16)
    return Subscription(endpoint=endpoint, p256dh=p256dh.rstrip("="), auth=auth.rstrip("="))


def _key_bytes(text: str, size: int) -> bytes:
    if not B64URL.match(text) or len(text) > 2 * size:
        raise Refusal(Code.BAD_SUBSCRIPTION)
    try:
        raw = b64url_decode(text.rstrip("="))
    except (ValueError, binascii.Error):
        raise Refusal(Code.BAD_SUBSCRIPTION) from None
    if len(raw) != size:
        raise Refusal(Code.BAD_SUBSCRIPTION)
    return raw


def check_endpoint(endpoint: str) -> None:
    """https on a browser's push service, on its usual port, with nothing odd in the address."""
    if len(endpoint) > MAX_ENDPOINT_CHARS or not endpoint.isascii() or not endpoint.isprintable():
        raise Refusal(Code.BAD_SUBSCRIPTION)
    if any(c in endpoint for c in " \\\"'<>"):
        raise Refusal(Code.BAD_SUBSCRIPTION)
    try:
        url = urlsplit(endpoint)
        port = url.port
    except ValueError:
        raise Refusal(Code.BAD_SUBSCRIPTION) from None
    host = (url.hostname or "").lower()
    if url.username is not None or url.password is not None or not host or url.fragment:
        raise Refusal(Code.BAD_SUBSCRIPTION)
    if host in settings.WEBPUSH_EXTRA_HOSTS:
        if url.scheme not in ("https", "http"):
            raise Refusal(Code.UNKNOWN_PUSH_SERVICE)
        return
    known = host in PUSH_HOSTS or host.endswith(PUSH_HOST_SUFFIXES)
    if url.scheme != "https" or not known or port not in (None, 443):
        raise Refusal(Code.UNKNOWN_PUSH_SERVICE)


@transaction.atomic
def save_subscription(*, user, subscription: Subscription, device: str = "") -> PushSubscription:
    """Keep a member's browser: new, or the same browser again with new keys. An endpoint another
    member holds is refused with nothing changed (only the browser that has it could know it).
    `device` is its everyday name (notices/devices.py)."""
    held = PushSubscription.objects.select_for_update().filter(endpoint=subscription.endpoint).first()
    if held is not None and held.user_id != user.pk:
        raise Refusal(Code.SUBSCRIPTION_TAKEN)
    if held is not None:
        held.p256dh, held.auth = subscription.p256dh, subscription.auth
        held.device = device or held.device
        held.save(update_fields=["p256dh", "auth", "device"])
        return held
    try:
        with transaction.atomic():
            kept = PushSubscription.objects.create(
                user=user,
                endpoint=subscription.endpoint,
                p256dh=subscription.p256dh,
                auth=subscription.auth,
                device=device,
            )
    except IntegrityError:
        # Another request kept the same endpoint a moment ago: one of this member's, or not.
        if PushSubscription.objects.filter(endpoint=subscription.endpoint, user=user).exists():
            return PushSubscription.objects.get(endpoint=subscription.endpoint)
        raise Refusal(Code.SUBSCRIPTION_TAKEN) from None
    # A member's browsers are few; the oldest beyond the cap go (a phone reset many times over).
    beyond = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")[MAX_PER_MEMBER:]
    PushSubscription.objects.filter(pk__in=[s.pk for s in beyond]).delete()
    return kept


def remove_subscription(*, user, endpoint: str) -> int:
    """Forget one of the member's own browsers; another member's is never touched."""
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return deleted


def stop_device(*, user, device_id: int) -> PushSubscription | None:
    """Stop telling one of the member's own devices (the settings page's list); the one stopped,
    or None when it is not theirs or already gone (another member's is never touched)."""
    found = PushSubscription.objects.filter(user=user, pk=device_id).first()
    if found is not None:
        found.delete()
    return found


def endpoint_of(body: bytes) -> str:
    """The endpoint an unsubscribe names ({endpoint} or a whole subscription)."""
    if len(body) > MAX_BODY_BYTES:
        raise Refusal(Code.BAD_SUBSCRIPTION)
    try:
        endpoint = json.loads(body)["endpoint"]
    except (ValueError, TypeError, KeyError):
        raise Refusal(Code.BAD_SUBSCRIPTION) from None
    if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT_CHARS:
        raise Refusal(Code.BAD_SUBSCRIPTION)
    return endpoint
