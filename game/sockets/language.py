"""The language a socket's words are in (issue 42). A socket has no request for LocaleMiddleware to
read, so it chooses as the pages do (accounts/language.py): the member's own choice (User.language),
else the device's (Django's language cookie, sent with the handshake), else the browser's
Accept-Language, else the site's; only ever a language readers are offered now (settings.LANGUAGES).

ServerSocket (base.py) makes every word of a socket inside `translation.override(language_of(...))`:
a refusal's words, and whatever a service it calls words. Codes never change with the language.

A socket chooses once, when it opens, and keeps its language for its life: a member who changes
language reads the new one from their next page (which opens a new socket). A seat's table socket
also notes its language on the seat (game/services/seen.py), the language that seat reads the
table's cards, verses and Remember the Word in (R43)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie
from django.utils.translation.trans_real import (
    get_supported_language_variant,
    language_code_re,
    parse_accept_lang_header,
)

from accounts.language import offered


def _header(scope: dict, name: bytes) -> str:
    """One handshake header's value (several of one name joined, as a cookie may come in parts)."""
    values = [value for key, value in scope.get("headers") or () if key.lower() == name]
    separator = b"; " if name == b"cookie" else b", "
    return separator.join(values).decode("latin-1")


def _supported(code: str) -> str | None:
    """The offered language for a code (es-MX is es), or None."""
    try:
        return get_supported_language_variant(code)
    except LookupError:
        return None


def language_of(scope: dict, user: Any = None) -> str:
    """The language to word this socket's messages in: the member's own, the device's cookie, the
    browser's Accept-Language, else the site's (LANGUAGE_CODE)."""
    own = getattr(user, "language", "") if getattr(user, "is_authenticated", False) else ""
    if own and own in offered():
        return own
    cookie = parse_cookie(_header(scope, b"cookie")).get(settings.LANGUAGE_COOKIE_NAME)
    if cookie and (chosen := _supported(cookie)):
        return chosen
    for accepted, _quality in parse_accept_lang_header(_header(scope, b"accept-language")):
        if accepted == "*":
            break
        if language_code_re.search(accepted) and (chosen := _supported(accepted)):
            return chosen
    return _supported(settings.LANGUAGE_CODE) or settings.LANGUAGE_CODE
