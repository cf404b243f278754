"""A verse as its reader reads it: the reference and text of their own language's Bible (R43)."""

from __future__ import annotations

from dataclasses import dataclass

import pythonbible as pb

from content import bible
from content.bibles import for_language


@dataclass(frozen=True)
class Place:
    """A verse as the King James Version numbers it: how the site names every verse."""

    book: int
    chapter: int
    verse: int

    @classmethod
    def of(cls, reference: str) -> Place:
        """From a Word card's reference (already checked when the card was written)."""
        quoted = bible.parse_reference(reference)
        return cls(quoted.book.value, quoted.chapter, quoted.verse)

    @classmethod
    def of_row(cls, row: object) -> Place:
        return cls(row.book, row.chapter, row.verse)

    @property
    def key(self) -> str:
        return f"{self.book}:{self.chapter}:{self.verse}"


@dataclass(frozen=True)
class Read:
    """A verse in one language's Bible."""

    reference: str
    text: str
    reader_url: str
    bible: str
    language: str


def read(place: Place, language: str) -> Read:
    """The verse in the Bible a reader of `language` reads (the KJV for English and any other)."""
    translation = for_language(language)
    book = pb.Book(place.book)
    return Read(
        reference=translation.reference(book, place.chapter, place.verse),
        text=translation.verse_text(book, place.chapter, place.verse),
        reader_url=translation.reader_url(book, place.chapter, place.verse),
        bible=translation.name,
        language=translation.language,
    )
