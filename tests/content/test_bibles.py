"""The Bible of each language (issue 42): shipped with the site, every KJV verse found in each, the
verses numbered as each Bible prints them, every dealt card's reference in each, and the reader in
the reader's Bible."""

from __future__ import annotations

import re

import pytest
import pythonbible as pb

from content import bible, bibles
from content.default_deck import STORIES

SHIPPED = [bibles.RV1909, bibles.ALM1911]
EVERY = [bibles.KJV, *SHIPPED]


def kjv_places():
    for book in bible.CANON:
        for chapter in range(1, bible.chapter_count(book) + 1):
            for verse in range(1, bible.verse_count(book, chapter) + 1):
                yield book, chapter, verse


@pytest.mark.parametrize("translation", SHIPPED, ids=lambda t: t.code)
def test_every_kjv_verse_is_in_each_bible_and_every_printed_verse_is_reached(translation):
    """Each of the KJV's 31,102 verses has a place with words in the other Bible; each verse that
    Bible prints is the place of at least one (so its numbering map leaves nothing out)."""
    reached = set()
    for book, chapter, verse in kjv_places():
        own = translation.place(book, chapter, verse)
        assert translation.verse_text(book, chapter, verse).strip(), (translation.code, book, chapter, verse)
        reached.add((book, *own))
    printed = {
        (book, chapter, number)
        for book in bible.CANON
        for chapter in range(1, len(translation.chapters(book)) + 1)
        for number, _ in translation.chapter_verses(book, chapter)
    }
    assert printed == reached
    assert all(len(translation.chapters(book)) == bible.chapter_count(book) for book in bible.CANON)


@pytest.mark.parametrize(
    ("translation", "kjv", "printed", "begins"),
    [
        # The Reina-Valera prints Jonah 1:17 as 2:1, as Spanish Bibles do.
        (bibles.RV1909, (pb.Book.JONAH, 1, 17), "Jonás 2:1", "MAS Jehová había prevenido un gran pez"),
        (bibles.RV1909, (pb.Book.JONAH, 2, 9), "Jonás 2:10", "Yo empero con voz de alabanza"),
        (bibles.RV1909, (pb.Book.JOHN, 3, 16), "Juan 3:16", "Porque de tal manera amó Dios al mundo"),
        # The Almeida prints the KJV's 2 Corinthians 13:12-13 as one verse.
        (bibles.ALM1911, (pb.Book.CORINTHIANS_2, 13, 13), "2 Coríntios 13:12", "Saudae-vos uns aos outros"),
        (bibles.ALM1911, (pb.Book.CORINTHIANS_2, 13, 14), "2 Coríntios 13:13", "A graça do Senhor"),
        (bibles.ALM1911, (pb.Book.JOHN, 3, 16), "João 3:16", "Porque Deus amou o mundo"),
        (bibles.KJV, (pb.Book.JONAH, 1, 17), "Jonah 1:17", "Now the LORD had prepared a great fish"),
    ],
)
def test_a_verse_is_where_its_bible_prints_it(translation, kjv, printed, begins):
    assert translation.reference(*kjv) == printed
    assert translation.verse_text(*kjv).startswith(begins)


def test_the_scans_marks_are_gone_and_the_notes_of_the_printed_numbers_too():
    """The Almeida's scan broke words with an asterisk; the Reina-Valera data set put the printed
    number in front of a verse "(2-10)". Neither reaches a reader."""
    for translation in SHIPPED:
        for book in bible.CANON:
            for chapter in translation.chapters(book):
                for text in chapter:
                    assert "*" not in text
                    assert not re.match(r"\(\d+-\d+\)", text), text
    assert bibles.ALM1911.verse_text(pb.Book.KINGS_1, 21, 2).startswith("Que Achab fallou a Naboth, dizendo:")


@pytest.mark.parametrize("translation", EVERY, ids=lambda t: t.code)
@pytest.mark.parametrize("story", STORIES, ids=lambda s: s.reference)
def test_every_dealt_cards_reference_is_in_each_bible(translation, story):
    verse = bible.parse_reference(story.reference)
    assert translation.verse_text(verse.book, verse.chapter, verse.verse).strip()
    name = translation.book_name(verse.book)
    assert translation.reference(verse.book, verse.chapter, verse.verse).startswith(f"{name} ")


def test_a_language_reads_its_bible_and_any_other_the_kjv():
    assert bibles.for_language("es") is bibles.RV1909
    assert bibles.for_language("pt-br") is bibles.ALM1911
    assert bibles.for_language("en") is bibles.KJV
    assert bibles.for_language("fr") is bibles.KJV
    assert bibles.for_language(None) is bibles.KJV


def test_the_reader_shows_the_bible_it_is_asked_for(client):
    html = client.get("/bible/john/3/?bible=rv1909").content.decode()
    assert "Reina-Valera 1909" in html and "Juan" in html
    assert 'id="v16"' in html and "Porque de tal manera amó Dios al mundo" in html
    assert "italics" not in html  # the KJV's note on supplied words is the KJV's alone
    # Its neighbours stay in the Bible it was asked for; the others are offered.
    assert 'href="/bible/john/4/?bible=rv1909"' in html
    assert 'href="/bible/john/3/?bible=kjv"' in html and 'href="/bible/john/3/?bible=alm1911"' in html


def test_the_reader_reads_the_readers_own_language(client, settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES
    html = client.get("/bible/jonah/2/", HTTP_ACCEPT_LANGUAGE="pt-BR,pt;q=0.9").content.decode()
    assert "Almeida 1911" in html and "Jonas" in html
    html = client.get("/bible/jonah/2/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "King James Version" in html


def test_a_verse_by_its_kjv_reference_goes_where_the_readers_bible_prints_it(client):
    response = client.get("/bible/jonah/1/?verse=17&bible=rv1909")
    assert response.status_code == 302
    assert response["Location"] == "/bible/jonah/2/?bible=rv1909#v1"
    response = client.get("/bible/jonah/1/?verse=17&bible=kjv")
    assert response["Location"] == "/bible/jonah/1/?bible=kjv#v17"


@pytest.mark.parametrize("verse", ["18", "0", "x", "", "-1", "²", "1" * 5000])
def test_a_verse_that_is_not_there_is_not_found(client, verse):
    assert client.get("/bible/jonah/1/", {"verse": verse}).status_code == 404


def test_a_bible_the_site_does_not_have_is_not_found(client):
    assert client.get("/bible/jonah/1/?bible=vulgate").status_code == 404
