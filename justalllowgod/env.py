"""Small readers for environment settings that fail loudly on bad values."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    """A string, or the default when the variable is unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """A yes/no flag; anything but a clear yes or no is an error."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    """A whole number; anything else is an error."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list with blanks dropped."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [part.strip() for part in raw.split(",") if part.strip()]


MIN_SECRET_LENGTH = 50
MIN_SECRET_DISTINCT = 5  # the same bar as Django's own security.W009 check


def require_strong_secret(name: str, value: str | None, *, development_key: str) -> None:
    """Stop start-up when a production secret is missing, short, repetitive or the local key."""
    if not value:
        raise ImproperlyConfigured(f"{name} is required when DJANGO_DEBUG is off")
    if value == development_key:
        raise ImproperlyConfigured(f"{name} is the development key; set a random one for production")
    if len(value) < MIN_SECRET_LENGTH or len(set(value)) < MIN_SECRET_DISTINCT:
        raise ImproperlyConfigured(
            f"{name} must be at least {MIN_SECRET_LENGTH} random characters with at least "
            f"{MIN_SECRET_DISTINCT} different ones"
        )
