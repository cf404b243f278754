"""Supplied words (the library's [brackets]) are shown in italics, never with brackets."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from content.templatetags.content_tags import kjv


def test_supplied_words_become_italics_without_brackets():
    assert kjv("whatsoever he saith unto you, do [it].") == "whatsoever he saith unto you, do <em>it</em>."


def test_the_text_is_escaped_before_italics_are_added():
    assert kjv("<b>[x]</b> & [y]") == "&lt;b&gt;<em>x</em>&lt;/b&gt; &amp; <em>y</em>"


def test_empty_text_renders_as_nothing():
    assert kjv(None) == ""


@pytest.mark.parametrize("holds", [["word"], ["person", "place", "word"]])
def test_the_card_partial_shows_a_word_card_with_pips(holds):
    card = {
        "kind": "word",
        "title": "John 2:5",
        "description": "Mary's word to the servants.",
        "position": 14,
        "total": 20,
        "holds": holds,
        "reference": "John 2:5",
        "verse_text": "His mother saith unto the servants, Whatsoever he saith unto you, do [it].",
    }
    html = render_to_string("content/card.html", {"card": card})
    assert "do <em>it</em>." in html
    assert "[it]" not in html
    assert "Story 14 of 20" in html
    assert html.count("is-held") == len(holds)
    assert "style=" not in html
