"""Which language a file prints in, and what of that language's words a cached file depends on.

Every file is drawn inside `translation.override(language)` (documents.py), so the layout's words
come from that language's catalog; the cards' words and verses come from the deal (content/deal.py).
"""

from __future__ import annotations

import hashlib
from functools import cache

from django.conf import settings

ENGLISH = "en"


def is_print_language(code: str) -> bool:
    """True for a language the site is written in (settings.ALL_LANGUAGES), exactly as it names it:
    what `manage.py print_deck --language` may name."""
    return code in dict(settings.ALL_LANGUAGES)


def is_offered(code: str) -> bool:
    """True for a language readers are offered now (settings.LANGUAGES): what the print page may
    be asked for (a language still closed is not finished)."""
    return code in dict(settings.LANGUAGES)


def print_language(code: str | None) -> str:
    """The language a reader's language prints in ("pt-br" prints Portuguese); English for any
    language the site is not written in."""
    base = (code or ENGLISH).split("-")[0].lower()
    return base if is_print_language(base) else ENGLISH


@cache
def catalog(language: str) -> str:
    """A digest of the language's compiled catalog, so changed words are never served from an old
    file. Read once per process, as Django reads the catalog itself."""
    path = settings.BASE_DIR / "locale" / language / "LC_MESSAGES" / "django.mo"
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else ""
