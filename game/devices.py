"""A first-party device id: a signed, long-lived cookie set on the first visit, nothing else."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

COOKIE = "jag_device"
SALT = "jag.device"
MAX_AGE = 60 * 60 * 24 * 365 * 2


def _signer() -> signing.TimestampSigner:
    """One signer for writing and reading the cookie, usable without a request (sockets)."""
    return signing.get_cookie_signer(salt=SALT)


def read_device(value: str | None) -> str:
    """The device id inside a signed cookie value, or "" if it is missing or forged."""
    if not value:
        return ""
    try:
        return _signer().unsign(value, max_age=MAX_AGE)
    except signing.BadSignature:
        return ""


def device_from_scope(scope: dict) -> str:
    """The device id of a WebSocket's browser."""
    return read_device(scope.get("cookies", {}).get(COOKIE))


class DeviceCookieMiddleware:
    """Give each browser a random id on its first visit, kept for two years."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        device = read_device(request.COOKIES.get(COOKIE))
        request.device_id = device or secrets.token_urlsafe(16)
        response = self.get_response(request)
        if not device:
            response.set_cookie(
                COOKIE,
                _signer().sign(request.device_id),
                max_age=MAX_AGE,
                httponly=True,
                samesite="Lax",
                # Never sent in clear in production, whatever the proxy says about the scheme.
                secure=request.is_secure() or not settings.DEBUG,
            )
        return response
