"""The Bible reader: one KJV chapter per page."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from content import bible


def _link(place: tuple | None) -> dict | None:
    """A neighbouring chapter as a label and an address."""
    if place is None:
        return None
    book, chapter = place
    return {
        "label": f"{bible.book_title(book)} {chapter}",
        "url": bible.reader_url(bible.book_slug(book), chapter),
    }


def chapter(request: HttpRequest, book: str, chapter: int) -> HttpResponse:
    """A chapter of the King James Version, every verse addressable as #v<n>."""
    found = bible.book_from_slug(book)
    if found is None or not 1 <= chapter <= bible.chapter_count(found):
        raise Http404("No such book or chapter")
    before, after = bible.neighbours(found, chapter)
    context = {
        "book_title": bible.book_title(found),
        "chapter": chapter,
        "verses": bible.chapter_verses(found, chapter),
        "previous": _link(before),
        "next": _link(after),
    }
    return render(request, "content/reader.html", context)
