"""Word card references: exactly one verse of the KJV, or a clear error."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from content.bible import parse_reference
from content.forms import CardAdminForm
from tests.factories import StoryFactory


def test_a_reference_is_made_canonical_and_its_text_looked_up():
    verse = parse_reference("1 sam 17:45")
    assert verse.reference == "1 Samuel 17:45"
    assert verse.text.startswith("Then said David to the Philistine")


def test_supplied_words_keep_the_librarys_brackets():
    assert parse_reference("John 2:5").text.endswith("do [it].")


@pytest.mark.parametrize("text", ["", "David and Goliath", "17:45", "Genesis 1:1 and more", "Genesis one"])
def test_it_refuses_a_reference_that_does_not_parse(text):
    with pytest.raises(ValidationError):
        parse_reference(text)


@pytest.mark.parametrize("text", ["Genesis 1:1-3", "Genesis 1", "Genesis 1:1, John 3:16", "John 3:16-4:2"])
def test_it_refuses_a_reference_naming_several_verses(text):
    with pytest.raises(ValidationError, match="several"):
        parse_reference(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Genesis 51:1", "Genesis has 50 chapters"),
        ("Genesis 1:32", "Genesis 1 has 31 verses"),
        ("Hezekiah 3:4", "don't know a book"),
        ("Tobit 1:1", "don't know a book"),
    ],
)
def test_it_refuses_a_verse_that_does_not_exist(text, message):
    with pytest.raises(ValidationError, match=message):
        parse_reference(text)


@pytest.mark.django_db
def test_the_card_form_shows_the_reference_error_on_the_field():
    story = StoryFactory()
    data = {
        "story": story.pk,
        "kind": "word",
        "title": "A verse",
        "description": "One line.",
        "reference": "",
    }
    for reference, message in [
        ("Not a verse", "could not read"),
        ("Luke 2:10-11", "several verses"),
        ("Luke 2:99", "no verse 99"),
    ]:
        form = CardAdminForm(data={**data, "reference": reference})
        assert not form.is_valid()
        assert message in " ".join(form.errors["reference"])


@pytest.mark.django_db
def test_only_a_word_card_carries_a_reference():
    story = StoryFactory()
    data = {"story": story.pk, "kind": "person", "title": "David", "description": "A shepherd."}
    form = CardAdminForm(data={**data, "reference": "John 3:16"})
    assert not form.is_valid()
    assert "Only a Word card" in form.errors["reference"][0]
