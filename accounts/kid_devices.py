"""A child's device stays a child's device (issue 48 item 5; lichess's kid mode, lila #13882).

When a device is signed in for a child (a parent's QR, a class's code), it is marked with a signed
cookie holding a random token (`KidDevice` keeps its hash). After signing out, such a device opens
only the child's way in (a class's join page, or a page saying to ask the grown-up for a new QR)
and the pages everyone may read; never the welcome, sign-up or sign-in pages. The member who
manages the child releases it: a parent from their Family page, a leader by ending the class.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone

from accounts.models import KidDevice, User

COOKIE = "jag_kid"
COOKIE_SALT = "accounts.kid_devices"
COOKIE_AGE = 365 * 24 * 3600

# What a child's device opens while nobody is signed in on it: the ways in, and the pages for everyone.
OPEN_TO_KID_DEVICES = frozenset(
    {
        "accounts:kid_device",
        # A grown-up may sign in on it (the manager's sign-in releases it: accounts/signals.py).
        "account_login",
        "account_request_login_code",
        "account_confirm_login_code",
        "mfa_authenticate",
        "mfa_login_webauthn",
        "family_sign_in",
        "class_join",
        "class_join_code",
        "class_wait",
        "class_state",
        "how_to_play",
        "rules",
        "privacy",
        "pwa:manifest",
        "pwa:service_worker",
        "pwa:offline",
        "pwa:apple_touch_icon",
    }
)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mark(
    request: HttpRequest, response: HttpResponse, *, child: User, kind: str, way_in: str = ""
) -> KidDevice:
    """Mark the device that was just signed in for a child (call with the response that follows).
    A device already a child's stays its first manager's: their child's next sign-in on it (or a
    brother's) updates it, and another member's (a class leader's) never frees it from them."""
    held = of(request)
    if held is not None:
        if held.manager_id == child.managed_by_id:
            held.child, held.child_tag, held.kind, held.way_in = child, child.gamer_tag, kind, way_in
            held.save(update_fields=["child", "child_tag", "kind", "way_in"])
        return held
    token = secrets.token_urlsafe(24)
    device = KidDevice.objects.create(
        token_hash=_hash(token),
        kind=kind,
        manager_id=child.managed_by_id,
        child=child,
        child_tag=child.gamer_tag,
        way_in=way_in,
    )
    response.set_signed_cookie(
        COOKIE,
        token,
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,  # as the session's: HTTPS-only in production
    )
    return device


def of(request: HttpRequest) -> KidDevice | None:
    """The unreleased child's device this request comes from, if any."""
    token = request.get_signed_cookie(COOKIE, default=None, salt=COOKIE_SALT)
    if not token:
        return None
    return KidDevice.objects.filter(token_hash=_hash(token), released_at__isnull=True).first()


def release_on_sign_in(request: HttpRequest, user: User) -> None:
    """The member who manages this device's child signed in on it: it is theirs again."""
    held = of(request)
    if held is not None and held.manager_id == user.pk:
        KidDevice.objects.filter(pk=held.pk).update(released_at=timezone.now())


def release(*, manager: User, device_id: int | str) -> int:
    """The parent or leader releases one of their children's devices; returns how many were."""
    try:
        pk = int(device_id)
    except (TypeError, ValueError):
        return 0
    return KidDevice.objects.filter(pk=pk, manager=manager, released_at__isnull=True).update(
        released_at=timezone.now()
    )


def release_way_in(*, manager: User, way_in: str) -> int:
    """Every device a class's code signed in (its leader ended the class)."""
    return KidDevice.objects.filter(manager=manager, way_in=way_in, released_at__isnull=True).update(
        released_at=timezone.now()
    )


def held_by(manager: User) -> list[KidDevice]:
    """The devices a member's children keep, for their Family page."""
    return list(
        KidDevice.objects.filter(manager=manager, kind=KidDevice.Kind.FAMILY, released_at__isnull=True)
    )


class KidDevicesKeepToTheirWayIn:
    """Signed out, a child's device opens only its way in; a released one is itself again."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if COOKIE not in request.COOKIES or request.user.is_authenticated:
            return self.get_response(request)
        device = of(request)
        if device is None:  # released, or no longer ours: the device is an ordinary one again
            response = self.get_response(request)
            response.delete_cookie(COOKIE)
            return response
        try:
            name = resolve(request.path_info).view_name
        except Resolver404:
            return self.get_response(request)
        if name in OPEN_TO_KID_DEVICES:
            return self.get_response(request)
        return redirect(device.way_in or reverse("accounts:kid_device"))
