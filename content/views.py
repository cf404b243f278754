"""The Bible reader (one KJV chapter per page) and print and play."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag

from content import bible
from content.printing import files
from content.printing.sheets import Paper
from content.rules_version import RULES_LABEL


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


def _paper(value: str) -> Paper:
    try:
        return Paper(value)
    except ValueError:
        raise Http404("We print on letter and a4 paper") from None


def _site(request: HttpRequest) -> str:
    return settings.SITE_URL or request.build_absolute_uri("/")


def _pdf(request: HttpRequest, file: files.PrintFile) -> HttpResponse:
    """The PDF, or 304 when the browser already has these very bytes; always checked again."""
    etag = quote_etag(file.fingerprint)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(file.content, content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{file.filename}"'
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True)
    return response


def print_and_play(request: HttpRequest) -> HttpResponse:
    """The Print page: the live deck and the rules card, on US Letter or A4."""
    try:
        stories = files.live_stories()
    except files.NothingToPrint as error:
        stories, not_ready = [], str(error)
    else:
        not_ready = ""
    context = {
        "papers": list(Paper),
        "stories": len(stories),
        "cards": sum(len(story.cards) for story in stories),
        "not_ready": not_ready,
        "rules_version": RULES_LABEL,
    }
    return render(request, "content/print.html", context)


def print_deck(request: HttpRequest, paper: str, backs: bool = False) -> HttpResponse:
    """The live deck as a PDF, nine cards to a sheet, with or without a sheet of backs after each."""
    try:
        file = files.deck_pdf(_paper(paper), backs=backs)
    except files.NothingToPrint as error:
        raise Http404(str(error)) from error
    return _pdf(request, file)


def print_rules_card(request: HttpRequest, paper: str) -> HttpResponse:
    """The rules card as a PDF, its QR code opening How to play on this site."""
    return _pdf(request, files.rules_card_pdf(_paper(paper), files.how_to_play_url(_site(request))))
