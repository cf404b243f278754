"""Small readers for environment settings that fail loudly on bad values.

One rule names every variable (README, "Settings"): `DJANGO_` and the name of the setting it fills
in justalllowgod/settings.py (DJANGO_EMAIL_HOST_USER fills EMAIL_HOST_USER); DATABASE_URL and
REDIS_URL keep the names every host already gives them. The names used before the rule are still
read, for one release, with a warning that names the new one.
"""

from __future__ import annotations

import ipaddress
import itertools
import logging
import math
import os
import sys
import zlib
from collections import Counter
from collections.abc import Callable
from typing import NoReturn, TypeVar
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

# EX_CONFIG (sysexits.h): the systemd units do not restart a process that exits with it
# (RestartPreventExitStatus=78), so a bad setting is one line in the journal, not one every 2 s.
EXIT_BAD_SETTING = 78

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}

# Each variable's name under the rule, and the name it had before (read until the release after next).
RENAMED = {
    "DJANGO_EMAIL_HOST_USER": "DJANGO_EMAIL_USER",
    "DJANGO_EMAIL_HOST_PASSWORD": "DJANGO_EMAIL_PASSWORD",
    "DJANGO_EMAIL_USE_TLS": "DJANGO_EMAIL_TLS",
    "DJANGO_SECURE_HSTS_SECONDS": "DJANGO_HSTS_SECONDS",
    "DJANGO_PRINT_FILES_PER_ADDRESS": "PRINT_FILES_PER_ADDRESS",
    "DJANGO_AXES_FAILURE_LIMIT": "AXES_FAILURE_LIMIT",
    "DJANGO_GAME_PUBLIC_COUNTDOWN_SECONDS": "GAME_PUBLIC_COUNTDOWN_SECONDS",
    "DJANGO_GAME_MOVE_SECONDS": "GAME_MOVE_SECONDS",
    "DJANGO_GAME_CLOCK_IN_PROCESS": "GAME_CLOCK_IN_PROCESS",
    "DJANGO_GAME_CLOCK_METRICS_PORT": "GAME_CLOCK_METRICS_PORT",
    "DJANGO_GAME_FIXED_SEED": "GAME_FIXED_SEED",
    "DJANGO_BENCH_ECHO": "BENCH_ECHO",
    "DJANGO_MODERATION_TOO_FAST_MS": "MODERATION_TOO_FAST_MS",
    "DJANGO_MODERATION_TOO_FAST_COUNT": "MODERATION_TOO_FAST_COUNT",
    "DJANGO_NOTICES_TURN_GRACE_SECONDS": "JAG_NOTICES_TURN_GRACE_SECONDS",
    "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY": "JAG_VAPID_PRIVATE_KEY",
    "DJANGO_WEBPUSH_VAPID_PUBLIC_KEY": "JAG_VAPID_PUBLIC_KEY",
    "DJANGO_WEBPUSH_VAPID_SUBJECT": "JAG_VAPID_SUBJECT",
}
T = TypeVar("T")
# Before the settings configure logging, a warning goes to stderr (logging's last resort).
log = logging.getLogger("jag.settings")


def _old_name_in_use(name: str) -> str | None:
    """The variable's old name when only that one is set (so its value is the one read), else None."""
    old = RENAMED.get(name)
    if old is not None and name not in os.environ and old in os.environ:
        return old
    return None


def named(name: str) -> str:
    """The variable as a refusal should name it: the one actually set, so an old name is found
    ("GAME_MOVE_SECONDS (now DJANGO_GAME_MOVE_SECONDS)")."""
    old = _old_name_in_use(name)
    return f"{old} (now {name})" if old else name


def _raw(name: str) -> str | None:
    """The variable's value, or its old name's (with a warning) while that is still read."""
    old = _old_name_in_use(name)
    if old is not None:
        log.warning("%s is a setting's old name, read for this release only: rename it to %s", old, name)
        return os.environ[old]
    return os.environ.get(name)


def env_str(name: str, default: str | None = None) -> str | None:
    """A string, or the default when the variable is unset."""
    raw = _raw(name)
    return default if raw is None else raw


def env_bool(name: str, default: bool) -> bool:
    """A yes/no flag; anything but a clear yes or no is an error."""
    raw = _raw(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{named(name)} must be true or false, not {raw!r}")


def env_int(name: str, default: int) -> int:
    """A whole number; anything else is an error."""
    raw = _raw(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{named(name)} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list with blanks dropped."""
    raw = _raw(name)
    if raw is None:
        return list(default)
    return [part.strip() for part in raw.split(",") if part.strip()]


def env_networks(name: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """A comma-separated list of networks ("10.0.0.0/8, 2001:db8::/32"); one that is not a network
    refuses to start, naming the variable."""
    networks = []
    for part in env_list(name, []):
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"{named(name)} must list networks such as 10.0.0.0/8, not {part!r}"
            ) from None
    return networks


MIN_SECRET_LENGTH = 50
MIN_SECRET_DISTINCT = 5  # the same bar as Django's own security.W009 check
# About what 22 random letters and digits carry; a generated key (50 characters from Django's
# get_random_secret_key, or `secrets.token_urlsafe(50)`) estimates at well over twice this.
MIN_SECRET_BITS = 128
# Keys copied from a template or a tutorial, compared without case, '-' or '_'.
PLACEHOLDER_PREFIXES = ("djangoinsecure", "changeme", "changethis", "replaceme", "yoursecret", "secretkey")
PLACEHOLDER_WORDS = ("changeme", "placeholder", "djangoinsecure", "notsecret", "insecure", "example")
MIN_TOKEN_LENGTH = 32


def _shannon_bits(symbols: list[int]) -> float:
    counts = Counter(symbols)
    total = len(symbols)
    return -sum(n * math.log2(n / total) for n in counts.values())


def estimated_bits(value: str) -> float:
    """A cautious estimate of a secret's entropy, the smallest of three: what its letter frequencies
    carry (Shannon), the same for the steps between neighbours (so "abcd..." or "1234..." is seen
    as the run it is), and what is left after compression (so a repeated pattern counts once)."""
    raw = value.encode()
    if not raw:
        return 0.0
    steps = [(b - a) % 256 for a, b in itertools.pairwise(raw)]
    compressed = len(zlib.compress(raw, 9)) - len(zlib.compress(b"", 9))
    return min(_shannon_bits(list(raw)), _shannon_bits(steps) if steps else 0.0, 8.0 * compressed)


def _placeholder(value: str) -> bool:
    folded = value.lower().replace("-", "").replace("_", "")
    return folded.startswith(PLACEHOLDER_PREFIXES) or any(word in folded for word in PLACEHOLDER_WORDS)


def require_strong_secret(name: str, value: str | None, *, development_key: str) -> None:
    """Stop start-up when a production secret is missing, short, a placeholder or guessable."""
    if not value:
        raise ImproperlyConfigured(f"{name} is required when DJANGO_DEBUG is off")
    if value == development_key:
        raise ImproperlyConfigured(f"{name} is the development key; set a random one for production")
    if _placeholder(value):
        raise ImproperlyConfigured(f"{name} looks like a placeholder; set a random one for production")
    if (
        len(value) < MIN_SECRET_LENGTH
        or len(set(value)) < MIN_SECRET_DISTINCT
        or estimated_bits(value) < MIN_SECRET_BITS
    ):
        raise ImproperlyConfigured(
            f"{name} must be at least {MIN_SECRET_LENGTH} random characters, not a pattern; "
            "make one with: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )


def require_long_token(name: str, value: str | None) -> str:
    """An optional bearer token: unset or empty is fine, but one that is set must be long."""
    if value and len(value) < MIN_TOKEN_LENGTH:
        raise ImproperlyConfigured(f"{name} must be at least {MIN_TOKEN_LENGTH} characters when set")
    return value or ""


def require_allowed_hosts(name: str, hosts: list[str], *, debug: bool) -> list[str]:
    """The host names served: required once debug is off (an empty list answers 400 to every page)."""
    if not hosts and not debug:
        raise ImproperlyConfigured(f"{name} is required when DJANGO_DEBUG is off, e.g. play.example.org")
    return hosts


CONSOLE_MAIL = "console"


def mail_backend(name: str, host: str | None, *, debug: bool) -> str:
    """SMTP when a mail host is set; the console (every sign-in code in the server log) only in
    development or when asked for by name, `console`, for a throwaway run with debug off."""
    if host == CONSOLE_MAIL or (not host and debug):
        return "django.core.mail.backends.console.EmailBackend"
    if not host:
        raise ImproperlyConfigured(
            f"{name} is required when DJANGO_DEBUG is off, e.g. smtp.example.org "
            f"(or {CONSOLE_MAIL} for a throwaway run that prints sign-in codes to the log)"
        )
    return "django.core.mail.backends.smtp.EmailBackend"


def parse_database_url(name: str, value: str, **options: object) -> dict:
    """DATABASES["default"] from a URL; a URL that cannot be read names the variable."""
    import dj_database_url  # here, so that this module stays importable without the settings' packages

    try:
        return dj_database_url.parse(value, **options)
    except Exception as error:  # dj-database-url raises ValueError, KeyError or its own error
        scheme = value.split(":", 1)[0]
        raise ImproperlyConfigured(
            f"{name} must be a database address such as postgres://user:password@127.0.0.1:5432/jag "
            f"(the {scheme!r} one could not be read: {type(error).__name__})"
        ) from None


def require_site_url(name: str, value: str | None, default: str | None) -> str:
    """The site's public origin (scheme, host, optional port; no path): required without a default."""
    if not value:
        if default is None:
            raise ImproperlyConfigured(
                f"{name} is required when DJANGO_DEBUG is off, e.g. https://play.example.org"
            )
        return default
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/") or parts.query:
        raise ImproperlyConfigured(
            f"{name} must be an address such as https://play.example.org, not {value!r}"
        )
    return f"{parts.scheme}://{parts.netloc}"


def load_settings_or_exit() -> None:
    """Read the settings now; a refusal is one line naming the variable, and exit status 78.

    manage.py and the ASGI module call this first: otherwise Django (or daphne) prints the refusal
    at the end of a 40-line traceback, and manage.py would even carry on without settings.
    """
    from django.conf import settings

    try:
        settings.INSTALLED_APPS  # noqa: B018 (the import is the point)
    except ImproperlyConfigured as error:
        _refuse_to_start(error)


def set_up_or_exit(start: Callable[[], T]) -> T:
    """Run `start` (Django's set-up, or a command line that begins with it): a refusal raised while
    the apps are made ready (an app's ready(), e.g. notices' check of a configured VAPID key) is one
    line naming the variable and exit status 78 too. One raised once they are ready is left alone."""
    from django.apps import apps

    try:
        return start()
    except ImproperlyConfigured as error:
        if apps.ready:
            raise
        _refuse_to_start(error)


def _refuse_to_start(error: ImproperlyConfigured) -> NoReturn:
    reason = " ".join(str(error).split())
    print(f"JustAllowGod will not start: {reason}", file=sys.stderr, flush=True)
    raise SystemExit(EXIT_BAD_SETTING) from None
