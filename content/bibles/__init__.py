"""The Bible each language reads, offline (issue 42): the King James Version in English (pythonbible),
the Reina-Valera 1909 in Spanish and the Almeida 1911 in Portuguese (data files in data/, made by
tools/make_bibles.py; their sources and licences are in docs/languages.md). Nothing is fetched at
run time.

The rest of the site names a verse as the King James Version numbers it: a card's reference is typed
and checked in the KJV's numbering (content/bible.py), and a game copies it so. Where another Bible
numbers a verse differently, its data file says where it is (`kjv_places`, see tools/make_bibles.py:
the Reina-Valera 1909 prints 179 verses elsewhere, such as Jonah 1:17 as 2:1; the Almeida 1911, 2),
and every function here that takes a KJV place gives that Bible's verse.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pythonbible as pb

from content import bible
from content.bibles.books import BOOK_NAMES

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Translation:
    """One Bible: its code, the language it is read in, and its name as its readers say it."""

    code: str
    language: str
    name: str
    # True for the KJV: words the translators supplied are marked [like this] and shown in italics.
    marks_supplied_words: bool = False

    def book_name(self, book: pb.Book) -> str:
        names = BOOK_NAMES.get(self.language)
        return names[book.value - 1] if names else bible.book_title(book)

    def place(self, book: pb.Book, chapter: int, verse: int) -> tuple[int, int]:
        """Where this Bible has the verse the KJV numbers `chapter:verse`."""
        if self.code == KJV.code:
            return chapter, verse
        place = _data(self.code)["kjv_places"].get(str(book.value), {}).get(f"{chapter}:{verse}")
        return (place[0], place[1]) if place else (chapter, verse)

    def reference(self, book: pb.Book, chapter: int, verse: int) -> str:
        """The KJV's `book chapter:verse` as this Bible's readers find it ("Juan 3:16")."""
        own_chapter, own_verse = self.place(book, chapter, verse)
        return f"{self.book_name(book)} {own_chapter}:{own_verse}"

    def chapter_label(self, book: pb.Book, chapter: int) -> str:
        return f"{self.book_name(book)} {chapter}"

    def chapters(self, book: pb.Book) -> list[list[str]]:
        """Every chapter of a shipped Bible's book: its verse texts, numbered 1, 2, 3... as it
        prints them ("" for a number it leaves out). Not for the KJV, which pythonbible holds."""
        return _data(self.code)["books"][book.value - 1]

    def verse_text(self, book: pb.Book, chapter: int, verse: int) -> str:
        """The text of the verse the KJV numbers `chapter:verse`, from this Bible."""
        if self.code == KJV.code:
            return bible.verse_text(book, chapter, verse)
        own_chapter, own_verse = self.place(book, chapter, verse)
        return self.chapters(book)[own_chapter - 1][own_verse - 1]

    def chapter_verses(self, book: pb.Book, chapter: int) -> list[tuple[int, str]]:
        """A chapter as this Bible prints it: (its own verse number, the text)."""
        if self.code == KJV.code:
            return bible.chapter_verses(book, chapter)
        return [(n, text) for n, text in enumerate(self.chapters(book)[chapter - 1], start=1) if text]

    def reader_url(self, book: pb.Book, chapter: int, verse: int | None = None) -> str:
        """The reader's address for the KJV's `chapter:verse` in this Bible (its chapter, scrolled
        to its verse)."""
        if verse is None:
            return bible.reader_url(bible.book_slug(book), chapter, bible=self.code)
        own_chapter, own_verse = self.place(book, chapter, verse)
        return bible.reader_url(bible.book_slug(book), own_chapter, own_verse, bible=self.code)


KJV = Translation("kjv", "en", "King James Version", marks_supplied_words=True)
RV1909 = Translation("rv1909", "es", "Reina-Valera 1909")
ALM1911 = Translation("alm1911", "pt", "Almeida 1911")
TRANSLATIONS = {t.code: t for t in (KJV, RV1909, ALM1911)}
BY_LANGUAGE = {t.language: t for t in TRANSLATIONS.values()}


def for_language(language: str | None) -> Translation:
    """The Bible a reader of `language` reads ("pt-br" reads Portuguese); the KJV for any other."""
    return BY_LANGUAGE.get((language or "en").split("-")[0].lower(), KJV)


@cache
def _data(code: str) -> dict:
    """A shipped Bible's text and numbering, read from its file once per process (about 0.1 s and
    4 MB each)."""
    return json.loads(gzip.decompress((DATA / f"{code}.json.gz").read_bytes()))
