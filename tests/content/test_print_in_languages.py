"""Print and play in English, Spanish and Portuguese (issue 42, R43): the deck and the rules card in
the reader's language or the one the Print page's links name, the verses from that language's Bible,
a story not yet translated in English and marked, and a file cached and tagged per language."""

from __future__ import annotations

import pytest
import pythonbible as pb
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext
from reportlab.pdfbase import pdfmetrics

from content import bible, bibles
from content.printing import files, fonts
from content.printing.sheets import PRINT_NOTE
from content.rules_version import RULES_LABEL, rules_label
from tests.content.pdf_reading import page_text, reader
from tests.factories import DealableStoryFactory

DECK = reverse("content:print_deck", args=["a4"])
BACKS = reverse("content:print_deck_backs", args=["letter"])
CARD = reverse("content:print_rules_card", args=["a4"])
ACCENTS = "áéíóúñçãõêôà¿¡"
# Jonah 2:9 is the Reina-Valera 1909's 2:10: a reference as each Bible's readers find it.
JONAH = (pb.Book.JONAH, 2, 9)


@pytest.fixture
def languages(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES


def _text(pdf: bytes) -> str:
    read = reader(pdf)
    return " ".join(page_text(read, n) for n in range(len(read.pages)))


def _in(language: str, words: str, context: str = "") -> str:
    """The layout's words as the language's catalog says them today (English until translated)."""
    with translation.override(language):
        return pgettext(context, words) if context else gettext(words)


def _verse(language: str) -> str:
    """Jonah 2:9 as the language's Bible has it, printed (the KJV's supplied [words] in italics)."""
    text = bibles.for_language(language).verse_text(*JONAH)
    return " ".join(text.replace("[", "").replace("]", "").split())


@pytest.fixture
def printed(client, live_deck, languages) -> dict[str, str]:
    """The A4 deck's text in each language, by `?language=`."""
    return {code: _text(client.get(DECK, {"language": code}).content) for code in ("en", "es", "pt")}


# --- The deck ------------------------------------------------------------------------------------


# Each language's story titles, card titles and Jonah 2:9's reference as its Bible finds it.
SAID = {
    "es": ("Noé y el arca", "Rut y Noemí", "Nehemías reconstruye el muro", "El maestresala", "Jonás 2:10"),
    "pt": ("Noé e a arca", "Rute e Noemi", "Neemias reconstrói o muro", "O mestre-sala", "Jonas 2:9"),
}
ENGLISH = ("Noah and the ark", "Ruth and Naomi", "Nehemiah rebuilds the wall", "The governor of the feast")


@pytest.mark.parametrize("language", ["es", "pt"])
def test_the_deck_prints_the_languages_stories_cards_and_verses_from_its_bible(printed, language):
    text = printed[language]
    for words in SAID[language]:
        assert words in text
    # The Word card is titled by its reference in that Bible's own numbering, with that Bible's verse.
    assert _verse(language) in text
    assert _verse("en") not in text and "Jonah 2:9" not in text and "Genesis 6:8" not in text
    for english in ENGLISH:
        assert english not in text
    with translation.override(language):
        assert gettext("Story %(story)s of %(count)s") % {"story": 12, "count": 20} in text
        assert pgettext("card kind", "Person").upper() in text
    assert "PERSON 1 " not in text
    assert _in(language, "In English: not translated yet") not in text


def test_english_prints_as_before(printed):
    text = printed["en"]
    assert "Noah and the ark" in text and "Jonah 2:9" in text and _verse("en") in text
    assert "Noé y el arca" not in text and "Jonás 2:10" not in text
    assert "In English: not translated yet" not in text and "Story 12 of 20" in text


@pytest.mark.parametrize("language", ["es", "pt"])
def test_every_printed_letter_has_a_glyph_in_every_font_so_no_accent_is_a_box(printed, language):
    text = printed[language]
    fonts.register_fonts()
    for name in (fonts.SANS, fonts.SANS_BOLD, fonts.SERIF, fonts.SERIF_BOLD, fonts.SERIF_ITALIC):
        glyphs = pdfmetrics.getFont(name).face.charToGlyph
        assert [c for c in set(text) | set(ACCENTS) if ord(c) not in glyphs] == [], name


def test_a_story_not_translated_prints_in_english_marked_with_its_verse_from_the_readers_bible(
    client, live_deck, languages
):
    DealableStoryFactory(deck=live_deck, position=21, title="The lost sheep")
    verse = bible.parse_reference("Psalms 119:21")
    for language in ("es", "pt"):
        text = _text(client.get(DECK, {"language": language}).content)
        mark = _in(language, "In English: not translated yet")
        assert f"The lost sheep person {mark}" in text
        assert text.count(mark) == 4
        assert "The lost sheep" in text and "Noé" in text
        bible_here = bibles.for_language(language)
        assert bible_here.reference(verse.book, verse.chapter, verse.verse) in text
        assert " ".join(bible_here.verse_text(verse.book, verse.chapter, verse.verse).split()) in text
    english = _text(client.get(DECK, {"language": "en"}).content)
    assert "The lost sheep person" in english and "In English: not translated yet" not in english


def test_the_backs_and_every_sheets_notes_are_in_the_language(client, live_deck, languages):
    for language, motto in (
        ("en", "Ask, and it shall be given you; seek, and ye shall find."),
        ("es", "Pedid, y se os dará; buscad, y hallaréis."),
        ("pt", "Pedi, e dar-se-vos-ha; buscae, e encontrareis."),
    ):
        pdf = reader(client.get(BACKS, {"language": language}).content)
        with translation.override(language):
            sheet = gettext("Sheet %(sheet)s of %(sheets)s") % {"sheet": 2, "sheets": 18}
            note, label = gettext(PRINT_NOTE), rules_label()
            backs = gettext("Card backs: print on the back of the sheet before, flip on long edge")
        back = page_text(pdf, 1)
        assert motto in back and label in back and note in back and sheet in back and backs in back
        if language != "en":
            assert "Ask, and it shall" not in back and RULES_LABEL not in back


# --- The rules card -------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "rules"), [("es", "Reglas"), ("pt", "Regras")])
def test_the_rules_card_prints_in_the_language(client, db, languages, language, rules):
    text = _text(client.get(CARD, {"language": language}).content)
    assert f"JustAllowGod · {rules} " in text and RULES_LABEL not in text
    for number, move in enumerate(("Ask", "Seek", "Knock", "Seal"), start=1):
        assert f"{number}. {_in(language, move, 'the move')}" in text
    assert _in(language, "Ask", "the move") != "Ask"
    assert _in(language, "The game in a minute").upper() in text
    assert _in(language, "Scan for How to play, with pictures, and the questions families ask.") in text


# --- Choosing the language ------------------------------------------------------------------------


def test_the_file_follows_the_readers_language_unless_a_link_names_one(client, live_deck, languages):
    asked = client.get(DECK, {"language": "es"})
    by_browser = client.get(DECK, HTTP_ACCEPT_LANGUAGE="es")
    assert by_browser["ETag"] == asked["ETag"] and by_browser.content == asked.content
    named = client.get(DECK, {"language": "pt"}, HTTP_ACCEPT_LANGUAGE="es")
    assert "Noé e a arca" in _text(named.content)
    assert named["Content-Disposition"].endswith('-pt.pdf"')


def test_each_language_is_its_own_file_built_once_with_its_own_etag(
    client, live_deck, languages, monkeypatch
):
    built = []
    real = files.build_deck_pdf
    monkeypatch.setattr(files, "build_deck_pdf", lambda *a, **k: built.append(k["language"]) or real(*a, **k))
    first = {code: client.get(DECK, {"language": code}) for code in ("en", "es", "pt")}
    assert len({answer["ETag"] for answer in first.values()}) == 3
    assert len({answer.content for answer in first.values()}) == 3
    again = client.get(DECK, {"language": "es"})
    assert again.content == first["es"].content and built == ["en", "es", "pt"]
    assert (
        client.get(DECK, {"language": "es"}, headers={"if-none-match": first["es"]["ETag"]}).status_code
        == 304
    )
    # Spanish's tag is not Portuguese's: a reader who changes language gets the new file.
    assert (
        client.get(DECK, {"language": "pt"}, headers={"if-none-match": first["es"]["ETag"]}).status_code
        == 200
    )
    cards = {code: client.get(CARD, {"language": code})["ETag"] for code in ("en", "es", "pt")}
    assert len(set(cards.values())) == 3


@pytest.mark.parametrize("bad", ["fr", "ES", "es-mx", "", "en' or 1=1", "x" * 300])
def test_a_language_the_site_is_not_written_in_is_not_found_and_changes_nothing(
    client, live_deck, languages, settings, monkeypatch, bad
):
    settings.PRINT_FILES_PER_ADDRESS = 1
    built = []
    monkeypatch.setattr(files, "build_deck_pdf", lambda *a, **k: built.append(1))
    monkeypatch.setattr(files, "build_rules_card_pdf", lambda *a, **k: built.append(1))
    for url in (DECK, BACKS, CARD):
        refused = client.get(url, {"language": bad})
        assert refused.status_code == 404
        assert settings.LANGUAGE_COOKIE_NAME not in refused.cookies
    assert built == []
    # Nothing was counted against the address either: its one file is still there to take.
    monkeypatch.undo()
    assert client.get(CARD).status_code == 200
    assert client.get(CARD).status_code == 429


# --- The Print page -------------------------------------------------------------------------------


def test_the_print_page_links_each_language_and_its_files_in_the_chosen_one(client, live_deck, languages):
    html = client.get(reverse("content:print"), HTTP_ACCEPT_LANGUAGE="pt").content.decode()
    for code in ("en", "es", "pt"):
        assert f'href="{reverse("content:print")}?language={code}"' in html
    assert f'{DECK}?language=pt"' in html and f'{CARD}?language=pt"' in html
    chosen = client.get(reverse("content:print"), {"language": "es"}).content.decode()
    assert f'{DECK}?language=es"' in chosen and f'{BACKS}?language=es"' in chosen
    assert f'{CARD}?language=es"' in chosen and "?language=pt" in chosen
    assert 'aria-current="true">Español</a>' in chosen


def test_the_print_page_says_how_many_stories_print_in_english(client, live_deck, languages):
    page = reverse("content:print")
    assert "not translated into" not in client.get(page, {"language": "es"}).content.decode()
    DealableStoryFactory(deck=live_deck, position=21, title="The lost sheep")
    html = client.get(page, {"language": "es"}).content.decode()
    assert "1 story is not translated into Spanish yet: it prints in English, marked." in html
    assert "not translated into" not in client.get(page, {"language": "en"}).content.decode()


def test_the_print_page_answers_a_language_it_does_not_print_in_with_the_readers_own(
    client, live_deck, languages
):
    html = client.get(reverse("content:print"), {"language": "fr"}, HTTP_ACCEPT_LANGUAGE="es").content
    html = html.decode()
    with translation.override("es"):
        assert (
            gettext("We don't print in that language, so these files are in the language of this page.")
            in html
        )
    assert f'{DECK}?language=es"' in html and "pdf?language=fr" not in html


def test_with_english_alone_the_page_offers_no_other_language(client, live_deck, settings):
    settings.LANGUAGES = [("en", "English")]
    html = client.get(reverse("content:print")).content.decode()
    assert "?language=es" not in html and f'{DECK}?language=en"' in html


def test_the_commands_write_the_very_files_the_page_serves_in_each_language(
    client, live_deck, tmp_path, settings
):
    from django.core.management import call_command

    settings.LANGUAGES = settings.ALL_LANGUAGES
    for language in ("es", "pt"):
        deck, card = tmp_path / f"deck-{language}.pdf", tmp_path / f"card-{language}.pdf"
        call_command("print_deck", "--paper", "a4", "--language", language, "-o", str(deck), stdout=None)
        served = client.get(reverse("content:print_deck", args=["a4"]) + f"?language={language}")
        assert served.content == deck.read_bytes()
        call_command(
            "print_rules_card", "--paper", "a4", "--language", language, "-o", str(card), stdout=None
        )
        served = client.get(reverse("content:print_rules_card", args=["a4"]) + f"?language={language}")
        assert served.content == card.read_bytes()


def test_a_language_still_closed_is_not_printed_from_the_page(client, live_deck, settings):
    """A language closed to readers is not finished: the page does not print in it (an operator may,
    with manage.py print_deck --language)."""
    settings.LANGUAGES = [("en", "English")]
    assert client.get(reverse("content:print_deck", args=["a4"]) + "?language=es").status_code == 404
    assert client.get(reverse("content:print_deck", args=["a4"])).status_code == 200
