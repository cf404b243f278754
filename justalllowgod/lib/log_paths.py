"""Paths as log lines write them: secrets that travel in a path are never written.

nginx's site file (deploy/nginx/private-logs.conf) masks the same routes in its access log, as
`***`: nginx escapes any byte outside ASCII in a log line, so it cannot write the ellipsis.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote

# The routes whose next path segment is a secret: anyone reading it in a log could use it.
SECRET_PATH_PREFIXES = (
    # A child's one-time sign-in QR (accounts/family.py): signs the child in while it is valid.
    "/family/sign-in/",
    # A big screen's link and its join.svg (game/services/screens.py): a table's public view.
    "/s/",
    # That screen's socket.
    "/ws/screen/",
    # A table's invitation, its QR code and share link (game/models.py `invite_token`): a seat.
    "/invite/",
    # A turn mail's unsubscribe link (notices/tokens.py): works signed out, for ever.
    "/notices/unsubscribe/",
    # allauth's password reset link: sets a new password for the account.
    "/accounts/password/reset/key/",
)
MASK = "…"

_ROUTES = "|".join(re.escape(prefix.strip("/")) for prefix in SECRET_PATH_PREFIXES)
# Extra slashes (`//s/...`) are still the same route to a reader, so they are masked too.
SECRET_IN_PATH = re.compile(rf"^(/+(?:{_ROUTES})/+)[^/?#]+")
# The same routes anywhere in a line (Django's "Internal Server Error: /s/.../", a full link).
SECRET_IN_TEXT = re.compile(rf"(/+(?:{_ROUTES})/+)[^/?#\s'\"<>]+")


def _decoded_if_secret(text: str, pattern: re.Pattern[str]) -> str:
    """A percent-encoded path (/%73/<secret>/, /s%2F<secret>/) routes as its decoded form does, so
    when the decoded form names a secret route, that form is the one masked and written."""
    if "%" not in text:
        return text
    decoded = unquote(text)
    return decoded if pattern.search(decoded) else text


def loggable_path(path: str | None) -> str:
    """The path as log lines write it: the secret segment of a secret route becomes an ellipsis,
    e.g. /family/sign-in/…/ and /s/…/join.svg."""
    return SECRET_IN_PATH.sub(rf"\1{MASK}", _decoded_if_secret(path or "", SECRET_IN_PATH))


def mask_secret_paths(text: str) -> str:
    """Any text with every secret route in it masked as loggable_path masks a path."""
    return SECRET_IN_TEXT.sub(rf"\1{MASK}", _decoded_if_secret(text, SECRET_IN_TEXT))


class MaskSecretPaths(logging.Filter):
    """On the site's log handler: a line that names a secret route anywhere in its message (Django's
    own line for a 500, which also carries the request) is written with the secret masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a call whose arguments do not fit: the handler reports it as usual
            return True
        masked = mask_secret_paths(message)
        if masked != message:
            record.msg, record.args = masked, None
        request = getattr(record, "request", None)
        if request is not None:
            # A JSON line writes the request as its repr, which names the path.
            record.request = mask_secret_paths(repr(request) if not isinstance(request, str) else request)
        return True
