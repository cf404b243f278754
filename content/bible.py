"""The King James Bible, offline: references, verse text and the reader's addresses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import pythonbible as pb
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

KJV = pb.Version.KING_JAMES
# The 66 books of the KJV canon; pythonbible also knows the Apocrypha, which the KJV text lacks.
CANON = tuple(book for book in pb.Book if book.value <= 66)
# The KJV's own name for one book.
_KJV_TITLES = {pb.Book.SONG_OF_SONGS: "Song of Solomon"}
# "1 Samuel 17:45", "Song of Solomon 2:4": a book name, a chapter and one verse, nothing else.
_SHAPE = re.compile(
    r"^\s*(?P<book>(?:[1-3]\s*)?[A-Za-z][A-Za-z .']*?)\.?\s+(?P<chapter>\d+)\s*:\s*(?P<verse>\d+)\s*$"
)


@dataclass(frozen=True)
class Verse:
    """One verse of the KJV, with its canonical reference and the library's text."""

    book: pb.Book
    chapter: int
    verse: int
    text: str

    @property
    def reference(self) -> str:
        return f"{book_title(self.book)} {self.chapter}:{self.verse}"

    @property
    def book_slug(self) -> str:
        return book_slug(self.book)


def book_title(book: pb.Book) -> str:
    """The book's name as the KJV prints it."""
    return _KJV_TITLES.get(book, book.title)


def book_slug(book: pb.Book) -> str:
    """The book's part of a reader address, such as "1-samuel"."""
    return slugify(book_title(book))


@cache
def _books_by_slug() -> dict[str, pb.Book]:
    slugs = {book_slug(book): book for book in CANON}
    slugs.setdefault("song-of-songs", pb.Book.SONG_OF_SONGS)
    return slugs


def book_from_slug(slug: str) -> pb.Book | None:
    """The book a reader address names, or None."""
    return _books_by_slug().get(slug)


def chapter_count(book: pb.Book) -> int:
    return pb.get_number_of_chapters(book)


def verse_count(book: pb.Book, chapter: int) -> int:
    return pb.get_number_of_verses(book, chapter)


def verse_text(book: pb.Book, chapter: int, verse: int) -> str:
    """The KJV text exactly as the library gives it, supplied words in [brackets]."""
    return pb.get_verse_text(pb.get_verse_id(book, chapter, verse), version=KJV)


def chapter_verses(book: pb.Book, chapter: int) -> list[tuple[int, str]]:
    """Every verse of a chapter as (number, text)."""
    return [(n, verse_text(book, chapter, n)) for n in range(1, verse_count(book, chapter) + 1)]


def _find_book(name: str) -> pb.Book | None:
    """The book a typed name means ("1 Sam", "Genesis"), or None."""
    refs = pb.get_references(f"{name} 1:1")
    if len(refs) != 1 or refs[0].book not in CANON:
        return None
    return refs[0].book


def _refuse_several(text: str) -> None:
    """A range, a list or a whole chapter is refused: a Word card carries one verse."""
    refs = pb.get_references(text)
    if len(refs) > 1:
        raise ValidationError(_("That names several passages. A Word card carries exactly one verse."))
    if refs:
        ref = refs[0]
        if ref.start_verse is None or (ref.start_chapter, ref.start_verse) != (
            ref.end_chapter,
            ref.end_verse,
        ):
            raise ValidationError(_("That names several verses. A Word card carries exactly one verse."))


def parse_reference(text: str) -> Verse:
    """One KJV verse from a typed reference; a clear ValidationError otherwise."""
    text = (text or "").strip()
    if not text:
        raise ValidationError(_("Please give the verse's reference, such as 1 Samuel 17:45."))
    _refuse_several(text)
    shape = _SHAPE.match(text)
    if not shape:
        raise ValidationError(
            _("We could not read “%(text)s” as a reference. Try the form 1 Samuel 17:45.") % {"text": text}
        )
    book = _find_book(shape["book"])
    if book is None:
        raise ValidationError(
            _("We don't know a book of the Bible called “%(book)s”.") % {"book": shape["book"].strip()}
        )
    chapter, verse = int(shape["chapter"]), int(shape["verse"])
    if not 1 <= chapter <= chapter_count(book):
        count = chapter_count(book)
        # English says "chapters" even for one (as it always has); ngettext lets others count.
        raise ValidationError(
            ngettext(
                "%(book)s has %(count)s chapters; there is no chapter %(chapter)s.",
                "%(book)s has %(count)s chapters; there is no chapter %(chapter)s.",
                count,
            )
            % {"book": book_title(book), "count": count, "chapter": chapter}
        )
    if not 1 <= verse <= verse_count(book, chapter):
        count = verse_count(book, chapter)
        # English says "verses" even for one (as it always has); ngettext lets others count.
        raise ValidationError(
            ngettext(
                "%(book)s %(chapter)s has %(count)s verses; there is no verse %(verse)s.",
                "%(book)s %(chapter)s has %(count)s verses; there is no verse %(verse)s.",
                count,
            )
            % {"book": book_title(book), "chapter": chapter, "count": count, "verse": verse}
        )
    return Verse(book=book, chapter=chapter, verse=verse, text=verse_text(book, chapter, verse))


def reader_url(book_slug: str, chapter: int, verse: int | None = None, *, bible: str | None = None) -> str:
    """The reader's address for a chapter, scrolled to a verse when given; in the Bible whose code
    is `bible` (content/bibles), else in the reader's own language's."""
    url = reverse("content:bible_chapter", kwargs={"book": book_slug, "chapter": chapter})
    if bible:
        url += f"?bible={bible}"
    return f"{url}#v{verse}" if verse else url


def neighbours(book: pb.Book, chapter: int) -> tuple[tuple[pb.Book, int] | None, tuple[pb.Book, int] | None]:
    """The chapters before and after this one, across books, or None at either end of the Bible."""
    index = CANON.index(book)
    if chapter > 1:
        before = (book, chapter - 1)
    else:
        before = (CANON[index - 1], chapter_count(CANON[index - 1])) if index > 0 else None
    if chapter < chapter_count(book):
        after = (book, chapter + 1)
    else:
        after = (CANON[index + 1], 1) if index + 1 < len(CANON) else None
    return before, after
