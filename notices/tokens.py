"""The token in a turn mail's unsubscribe link: it names one member, signed with the site's key.

The link must work signed out (a mail client's one-click POST carries no session and no CSRF
token), so the signature is the only authority: changing any letter of the token, or putting
another member's pk in it, breaks the signature. The token also carries the moment the account
was made, so a token stays unusable by a later account that happens to be given the same pk
(SQLite may hand out a deleted row's pk again). It has no age limit: a mail read a year later
still unsubscribes.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.core import signing

from accounts.models import User

# Its own salt: no other signed value of the site (sessions, invites) reads as an unsubscribe.
SALT = "notices.unsubscribe"


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _joined(user: User) -> int:
    """When the account was made, in whole microseconds (exact: no float rounding)."""
    return (user.date_joined - EPOCH) // timedelta(microseconds=1)


def make(user: User) -> str:
    """The member's unsubscribe token: URL-safe, the same every time for the same member."""
    # A plain Signer, not dumps(): no timestamp, so the token is short and never expires.
    return signing.Signer(salt=SALT).sign_object({"u": user.pk, "j": _joined(user)})


def read(token: str) -> User | None:
    """The member a token names, or None for a forged, altered or outlived token."""
    try:
        data = signing.Signer(salt=SALT).unsign_object(token)
    except (signing.BadSignature, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None
    user = User.objects.filter(pk=data["u"]).first()
    if user is None or data.get("j") != _joined(user):
        return None
    return user
