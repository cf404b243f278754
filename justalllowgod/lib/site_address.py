"""The site's public address (DJANGO_SITE_URL): the root of every absolute link the site builds.

A link on paper (the rules card's QR code), in a mail (password reset, confirmation, a review
waiting) or in a cache key never follows the request's Host header: any client may send any Host
(and any port) that passes ALLOWED_HOSTS, and a link or cache entry built from it would carry their
choice to someone else.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings


def site_url() -> str:
    """The public address without a trailing slash, such as https://play.example.org."""
    return settings.SITE_URL.rstrip("/")


def absolute_url(path: str) -> str:
    """The full address of one of the site's paths ("/how-to-play/") on its public address."""
    if not path.startswith("/"):
        raise ValueError(f"absolute_url needs a path that starts with '/', not {path!r}")
    return site_url() + path


def site_domain() -> str:
    """The public host and port (play.example.org), for mails that name the site."""
    return urlsplit(settings.SITE_URL).netloc


def rebase(url: str) -> str:
    """The same path, query and fragment on the public address: for a link a library built from the
    request (allauth's mails), so it cannot carry the Host the client sent."""
    parts = urlsplit(url)
    if not parts.scheme:
        return url if not url.startswith("/") else absolute_url(url)
    tail = parts.path or "/"
    if parts.query:
        tail += "?" + parts.query
    if parts.fragment:
        tail += "#" + parts.fragment
    return absolute_url(tail)
