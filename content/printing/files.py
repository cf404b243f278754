"""The PDFs the Print page and the commands hand out, cached until what they show changes.

A file's cache key is what it shows (the deck's words in its language, that language's catalog, the
rules version, the paper, the drawing code) and nothing else a request chose: a language is one the
site is written in (three at most), and the rules card's QR code opens How to play on
DJANGO_SITE_URL, never on the Host a request came with, so no client can make the site build and
keep a new copy.
They live in the `pages` cache (justalllowgod/lib/limits.py), apart from every security counter.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

from django.core.cache import caches
from django.urls import reverse
from django.utils.translation import get_language

from content.deal import DealtStory, DeckNotReady, dealable_stories, live_deck
from content.printing.documents import build_deck_pdf, build_rules_card_pdf, print_cards
from content.printing.languages import ENGLISH, catalog, print_language
from content.printing.sheets import Paper
from content.rules_version import RULES_VERSION
from justalllowgod.lib.limits import PAGES
from justalllowgod.lib.site_address import absolute_url

# Long enough to outlive any deck; a changed deck is a new key, so nothing stale is ever served.
CACHE_SECONDS = 30 * 24 * 3600


class NothingToPrint(Exception):
    """No live deck, or one too small to play (R1)."""


@dataclass(frozen=True)
class PrintFile:
    """A finished PDF, with the fingerprint of what it shows (its ETag) and a file name."""

    content: bytes
    fingerprint: str
    filename: str


@cache
def _design() -> str:
    """A digest of the drawing code and fonts, so a new design is never served from an old cache."""
    digest = hashlib.sha256()
    folder = Path(__file__).resolve().parent
    for path in sorted([*folder.glob("*.py"), *folder.glob("fonts/*.ttf")]):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _fingerprint(*parts: object) -> str:
    text = json.dumps([RULES_VERSION, _design(), *parts], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def live_stories() -> list[DealtStory]:
    """The live deck's dealable stories (R1), exactly what a table would deal."""
    deck = live_deck()
    if deck is None:
        raise NothingToPrint("No deck is live yet.")
    try:
        return dealable_stories(deck)
    except DeckNotReady as error:
        raise NothingToPrint(error.message) from error


def deck_fingerprint(stories: list[DealtStory], paper: Paper, backs: bool, language: str = ENGLISH) -> str:
    """What the deck's PDF depends on: every printed word of the deck in its language, that
    language's catalog (the layout's words), the paper, the backs."""
    cards = [asdict(card) for card in print_cards(stories, language)]
    return _fingerprint("deck", language, catalog(language), cards, str(paper), backs)


def _suffix(language: str) -> str:
    return "" if language == ENGLISH else f"-{language}"


def _cached(key: str, build: Callable[[], bytes]) -> bytes:
    pages = caches[PAGES]
    content = pages.get(f"print:{key}")
    if content is None:
        content = build()
        pages.set(f"print:{key}", content, CACHE_SECONDS)
    return content


def deck_pdf(paper: Paper, *, backs: bool = False, language: str | None = None) -> PrintFile:
    """The live deck on one paper size, in a language (the active one unless named); NothingToPrint
    when there is no playable deck."""
    language = print_language(language or get_language())
    stories = live_stories()
    key = deck_fingerprint(stories, paper, backs, language)
    content = _cached(key, lambda: build_deck_pdf(stories, paper, backs=backs, language=language))
    name = f"justallowgod-deck-{paper}{'-with-backs' if backs else ''}{_suffix(language)}.pdf"
    return PrintFile(content=content, fingerprint=key, filename=name)


def rules_card_pdf(
    paper: Paper, how_to_play_url: str | None = None, *, language: str | None = None
) -> PrintFile:
    """The rules card sheet in a language (the active one unless named), its QR code opening
    how_to_play_url (How to play on DJANGO_SITE_URL unless the command names another site)."""
    language = print_language(language or get_language())
    url = how_to_play_url or absolute_url(reverse("how_to_play"))
    key = _fingerprint("rules-card", language, catalog(language), str(paper), url)
    content = _cached(key, lambda: build_rules_card_pdf(paper, url, language=language))
    name = f"justallowgod-rules-card-{paper}{_suffix(language)}.pdf"
    return PrintFile(content=content, fingerprint=key, filename=name)


def how_to_play_url(site: str) -> str:
    """The how-to-play page's full address on the site at site (such as https://example.org)."""
    return site.rstrip("/") + reverse("how_to_play")
