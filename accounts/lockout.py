"""Who a failed sign-in was for and where it came from, so lockouts hit the guesser, not the family.

django-axes locks an address + account pair (AXES_LOCKOUT_PARAMETERS) and reads the address the way
the rest of the site does (justalllowgod/lib/addresses.py: behind our proxy only with
DJANGO_BEHIND_PROXY). allauth's own per-key login limit is keyed the same way by the adapter below,
so a stranger's wrong passwords for an email never lock its owner out from home.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from justalllowgod.lib.addresses import request_address
from justalllowgod.lib.site_address import site_domain


def login_name(request: HttpRequest, credentials: dict | None) -> str | None:
    """The email typed at the admin's form ("username") or at the site's ("email"/"login")."""
    for source in (credentials or {}, getattr(request, "POST", {})):
        for key in ("username", "email", "login"):
            value = source.get(key)
            if value:
                return str(value).strip().lower()
    return None


def client_address(request: HttpRequest) -> str:
    """The address axes counts a failure against: the client's, never our proxy's."""
    return request_address(request.META)


class PerAddressLoginLimit:
    """Mixed into allauth's adapter (accounts/adapter.py): its failed-sign-in limit per address and account."""

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        # allauth keys the limit by site and email alone, so anyone could lock an account for
        # everyone; the address keeps the lock on whoever is guessing. Its "site" is the request's
        # Host without django.contrib.sites, so each new Host (or port) would be a fresh allowance
        # and a new live key in the never-evicting limits cache: the site is our own address.
        # (Private in allauth: tests/accounts/test_lockouts.py fails if an upgrade stops calling it.)
        login = str(credentials.get("email", credentials.get("username", ""))).strip().lower()
        return f"{site_domain()}:{login}:{client_address(request)}"
