"""The Bible reader: a KJV chapter per page, verses addressable, unknown places are a 404."""

from __future__ import annotations

import pytest

from content.bible import reader_url

pytestmark = pytest.mark.django_db


def test_a_chapter_shows_every_verse_with_its_number_and_anchor(client):
    response = client.get("/bible/1-samuel/17/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "1 Samuel <span" in html
    assert 'id="v45"' in html
    assert 'id="v58"' in html
    assert 'id="v59"' not in html
    assert "Thou comest to me with a sword" in html


def test_the_reader_url_scrolls_to_the_verse():
    assert reader_url("1-samuel", 17, 45) == "/bible/1-samuel/17/#v45"
    assert reader_url("genesis", 6) == "/bible/genesis/6/"


def test_previous_and_next_chapters_cross_books(client):
    html = client.get("/bible/genesis/50/").content.decode()
    assert 'href="/bible/genesis/49/"' in html
    assert 'href="/bible/exodus/1/"' in html
    html = client.get("/bible/exodus/1/").content.decode()
    assert 'href="/bible/genesis/50/"' in html


def test_the_first_and_last_chapters_have_one_neighbour(client):
    first = client.get("/bible/genesis/1/").content.decode()
    assert 'rel="prev"' not in first
    last = client.get("/bible/revelation/22/").content.decode()
    assert 'rel="next"' not in last
    assert 'href="/bible/revelation/21/"' in last


@pytest.mark.parametrize(
    "path", ["/bible/hezekiah/1/", "/bible/genesis/51/", "/bible/genesis/0/", "/bible/tobit/1/"]
)
def test_an_unknown_book_or_chapter_is_the_sites_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "We couldn't find that page" in response.content.decode()


def test_supplied_words_are_italic_without_brackets_in_the_reader(client):
    html = client.get("/bible/john/2/").content.decode()
    assert "do <em>it</em>." in html
    assert "[it]" not in html


def test_the_reader_has_no_inline_styles_or_scripts(client):
    html = client.get("/bible/ruth/1/").content.decode()
    assert "style=" not in html
    assert "<script" not in html
