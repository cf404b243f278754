"""Web Push: one telling, encrypted for each of a member's browsers and posted to its push service,
signed with the site's VAPID key (RFC 8291, 8292). A push service that is slow, down or refusing is
logged and passed over: it never breaks the move or the clock sweep that told. Call it after the
commit that made the notice, never inside a transaction: it waits on the network."""

from __future__ import annotations

import json
import logging
import re
import threading
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.utils import timezone
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from notices.models import PushSubscription
from notices.telling import Telling
from notices.vapid import local_key_pair, public_key_of

logger = logging.getLogger(__name__)

# A day: a turn that waited longer is told again by the clock, or by mail.
TTL_SECONDS = 24 * 3600
TIMEOUT_SECONDS = 5
# The push service drops the subscription's older push of the same Topic still waiting for the phone.
TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
GONE = (404, 410)


def key_pair() -> tuple[str, str]:
    """(private, public): the VAPID pair this server signs with, or ("", "") when push is off.

    Settings only say where it comes from; it is read, worked out or made here, the first time a
    page or a push needs it (a setting of "" switches push off; None, the default, means the
    embedded default's kept pair when there is a WEBPUSH_VAPID_KEY_FILE)."""
    private = settings.WEBPUSH_VAPID_PRIVATE_KEY
    if private:
        return private, settings.WEBPUSH_VAPID_PUBLIC_KEY or _public_key_of(private)
    if private is None and settings.WEBPUSH_VAPID_KEY_FILE:
        return _kept_pair(Path(settings.WEBPUSH_VAPID_KEY_FILE))
    return "", ""


@cache
def _public_key_of(private: str) -> str:
    return public_key_of(private)


# The embedded default's pair, by file, once this process has it. A page, the sockets' database
# thread and the clock may ask at once: the lock makes them wait for the first, and the pair is the
# one the file holds (local_key_pair reads it back), so a restart or another process signs the same.
_kept: dict[Path, tuple[str, str]] = {}
_keeping = threading.Lock()


def _kept_pair(path: Path) -> tuple[str, str]:
    with _keeping:
        pair = _kept.get(path)
        if pair is None:
            pair = _kept[path] = local_key_pair(path)
        return pair


def is_configured() -> bool:
    """Whether this server has a VAPID key pair, so it can push at all."""
    return all(key_pair())


def public_key() -> str:
    """The key a browser subscribes with (applicationServerKey), or "" when push is off."""
    return key_pair()[1] if is_configured() else ""


def send(user, telling: Telling) -> int:
    """Push the telling to every browser of the member; how many push services took it."""
    subscriptions = list(PushSubscription.objects.filter(user=user)) if is_configured() else []
    if not subscriptions:
        return 0
    signer = Vapid.from_string(key_pair()[0])
    data = json.dumps(telling.payload())
    headers = {"Urgency": "normal"}
    if TOPIC.match(telling.tag):
        headers["Topic"] = telling.tag
    reached, gone = [], []
    with requests.Session() as session:
        # A push service answers itself: a redirect elsewhere is never followed (no SSRF by 30x).
        session.max_redirects = 0
        for subscription in subscriptions:
            status = _push(subscription, data, signer, headers, session)
            if status is None:
                reached.append(subscription.pk)
            elif status in GONE:
                gone.append(subscription.pk)
    if reached:
        PushSubscription.objects.filter(pk__in=reached).update(last_sent_at=timezone.now())
    if gone:
        # The browser dropped it (unsubscribed, site data cleared): nothing will ever reach it.
        PushSubscription.objects.filter(pk__in=gone).delete()
    return len(reached)


def _push(subscription: PushSubscription, data: str, signer: Vapid, headers: dict, session) -> int | None:
    """Post one push: None when the push service took it, else its HTTP status (0: no answer)."""
    info = {
        "endpoint": subscription.endpoint,
        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
    }
    # A fresh claims dict each time: pywebpush writes the endpoint's origin into it as `aud`.
    claims = {"sub": settings.WEBPUSH_VAPID_SUBJECT}
    host = urlsplit(subscription.endpoint).hostname
    try:
        webpush(
            info,
            data,
            vapid_private_key=signer,
            vapid_claims=claims,
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
            headers=headers,
            requests_session=session,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else 0
        if status not in GONE:
            logger.warning("push to %s refused: %s (subscription %s)", host, status, subscription.pk)
        return status
    except Exception as error:  # the network, a bad stored key: never the caller's problem
        logger.warning("push to %s failed: %s (subscription %s)", host, type(error).__name__, subscription.pk)
        return 0
    return None
