"""The Bible reader (one chapter of the reader's Bible per page) and print and play."""

from __future__ import annotations

import re

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag
from django.utils.translation import get_language, get_language_info, ngettext
from django.utils.translation import gettext as _

from content import bible, bibles
from content.deal import DealtStory
from content.printing import files
from content.printing.languages import ENGLISH, is_offered, print_language
from content.printing.sheets import Paper
from content.rules_version import rules_label
from justalllowgod.lib.addresses import request_address
from justalllowgod.lib.limits import limits


def _link(translation: bibles.Translation | None, place: tuple | None) -> dict | None:
    """A neighbouring chapter as a label and an address: in the Bible the page was asked for by
    name, else in the reader's own."""
    if place is None:
        return None
    book, chapter = place
    shown = translation or bibles.for_language(get_language())
    url = (
        translation.reader_url(book, chapter)
        if translation
        else bible.reader_url(bible.book_slug(book), chapter)
    )
    return {"label": shown.chapter_label(book, chapter), "url": url}


def chapter(request: HttpRequest, book: str, chapter: int) -> HttpResponse:
    """A chapter of the reader's Bible (the Bible of their language, or the one `?bible=` names),
    every verse addressable as #v<n> in that Bible's own numbering; `?verse=<n>` (the KJV's
    numbering, as a card's reference gives it) goes on to that verse wherever this Bible has it."""
    found = bible.book_from_slug(book)
    if found is None or not 1 <= chapter <= bible.chapter_count(found):
        raise Http404("No such book or chapter")
    asked = bibles.TRANSLATIONS.get(request.GET.get("bible", ""))
    if "bible" in request.GET and asked is None:
        raise Http404("We have no Bible of that name")
    translation = asked or bibles.for_language(get_language())
    if "verse" in request.GET:
        # A verse as the KJV numbers it (a card's reference): on to where this Bible prints it.
        verse = request.GET["verse"]
        if not re.fullmatch(r"[0-9]{1,3}", verse) or not 1 <= int(verse) <= bible.verse_count(found, chapter):
            raise Http404("No such verse")
        return redirect(translation.reader_url(found, chapter, int(verse)))
    before, after = bible.neighbours(found, chapter)
    context = {
        "translation": translation,
        "book_title": translation.book_name(found),
        "chapter": chapter,
        "verses": translation.chapter_verses(found, chapter),
        "previous": _link(asked, before),
        "next": _link(asked, after),
        "others": [
            {"name": other.name, "url": other.reader_url(found, chapter)}
            for other in bibles.TRANSLATIONS.values()
            if other != translation
        ],
    }
    return render(request, "content/reader.html", context)


def _paper(value: str) -> Paper:
    try:
        return Paper(value)
    except ValueError:
        raise Http404("We print on letter and a4 paper") from None


def _over_download_limit(request: HttpRequest) -> bool:
    """Count one PDF for the client's address; True once it has had more than its hour's share."""
    key = f"print-files:ip:{request_address(request.META)}"
    window = settings.PRINT_FILES_WINDOW_SECONDS
    # add() only sets a missing key, so the window starts at the address's first file.
    limits.add(key, 0, timeout=window)
    try:
        count = limits.incr(key)
    except ValueError:  # expired between the two calls
        count = 1
        limits.set(key, count, timeout=window)
    return count > settings.PRINT_FILES_PER_ADDRESS


def _too_many_files() -> HttpResponse:
    response = HttpResponse(
        _("That is a lot of printing for one hour! Please come back in a little while."),
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(settings.PRINT_FILES_WINDOW_SECONDS)
    return response


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


def _file_language(request: HttpRequest) -> str:
    """The language a PDF prints in: the one `?language=` names (any readers are offered), else the
    reader's. Any other value is not found, before anything is counted, built or kept."""
    asked = request.GET.get("language")
    if asked is None:
        return print_language(get_language())
    if not is_offered(asked):
        raise Http404("We print in the languages readers are offered")
    return asked


def _in_english(stories: list[DealtStory], language: str) -> str:
    """How many stories print in English in the language, having no approved translation into it;
    empty when none do."""
    if language == ENGLISH:
        return ""
    count = sum(1 for story in stories if not story.languages.get(language, {}).get("words"))
    if not count:
        return ""
    return ngettext(
        "%(count)s story is not translated into %(language)s yet: it prints in English, marked.",
        "%(count)s stories are not translated into %(language)s yet: they print in English, marked.",
        count,
    ) % {"count": count, "language": get_language_info(language)["name_translated"]}


def print_and_play(request: HttpRequest) -> HttpResponse:
    """The Print page: the live deck and the rules card, on US Letter or A4, in the reader's
    language or the one `?language=` names (the page links each open language). A language the site
    is not written in changes nothing: the page says so and offers the files in the reader's own."""
    asked = request.GET.get("language")
    unknown = asked is not None and not is_offered(asked)
    language = asked if asked is not None and not unknown else print_language(get_language())
    try:
        stories = files.live_stories()
    except files.NothingToPrint as error:
        stories, not_ready = [], str(error)
    else:
        not_ready = ""
    offered = settings.LANGUAGES if len(settings.LANGUAGES) > 1 else []
    context = {
        "papers": list(Paper),
        "stories": len(stories),
        "cards": sum(len(story.cards) for story in stories),
        "not_ready": not_ready,
        "rules_version": rules_label(),
        "print_language": language,
        "unknown_language": unknown,
        "languages": [{"code": code, "name": name, "current": code == language} for code, name in offered],
        "in_english": _in_english(stories, language),
    }
    return render(request, "content/print.html", context)


def print_deck(request: HttpRequest, paper: str, backs: bool = False) -> HttpResponse:
    """The live deck as a PDF in the reader's language or `?language=`'s, nine cards to a sheet, with
    or without a sheet of backs after each."""
    sheet, language = _paper(paper), _file_language(request)
    if _over_download_limit(request):
        return _too_many_files()
    try:
        file = files.deck_pdf(sheet, backs=backs, language=language)
    except files.NothingToPrint as error:
        raise Http404(str(error)) from error
    return _pdf(request, file)


def print_rules_card(request: HttpRequest, paper: str) -> HttpResponse:
    """The rules card as a PDF in the reader's language or `?language=`'s, its QR code opening How
    to play on the site's public address."""
    sheet, language = _paper(paper), _file_language(request)
    if _over_download_limit(request):
        return _too_many_files()
    return _pdf(request, files.rules_card_pdf(sheet, language=language))
