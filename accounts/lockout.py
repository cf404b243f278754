"""Who a failed sign-in was for, as django-axes counts it."""

from __future__ import annotations

from django.http import HttpRequest


def login_name(request: HttpRequest, credentials: dict | None) -> str | None:
    """The email typed at the admin's form ("username") or at the site's ("email"/"login")."""
    for source in (credentials or {}, getattr(request, "POST", {})):
        for key in ("username", "email", "login"):
            value = source.get(key)
            if value:
                return str(value).strip().lower()
    return None
