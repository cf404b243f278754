"""The admin's preview: a sample Remember the Word question that never blanks a supplied word."""

from __future__ import annotations

import pytest

from content.loading import load_default_deck
from content.models import Story
from content.preview import BLANK, meaningful_words, sample_question
from tests.factories import StoryFactory

JOHN_2_5 = "His mother saith unto the servants, Whatsoever he saith unto you, do [it]."
RUTH_1_16 = "And Ruth said, Intreat me not to leave thee, [or] to return from following after thee:"


def test_supplied_and_common_words_are_never_blanked():
    words = meaningful_words(RUTH_1_16)
    assert "or" not in words and "thee" not in words
    assert "Intreat" in words


def test_the_sample_question_has_three_different_choices_and_one_right():
    question = sample_question(RUTH_1_16, [JOHN_2_5, "The LORD shall fight for you"])
    assert question is not None
    assert question.answer == "following"
    assert BLANK in question.prompt and "following" not in question.prompt
    assert "[or]" in question.prompt
    assert len(set(question.choices)) == 3
    assert question.answer in question.choices


def test_the_sample_is_the_same_every_time():
    first = sample_question(RUTH_1_16, [JOHN_2_5])
    assert first == sample_question(RUTH_1_16, [JOHN_2_5])


@pytest.mark.django_db
def test_a_team_story_in_a_shipped_place_is_left_alone():
    report = load_default_deck()
    deck = Story.objects.get(position=3).deck
    Story.objects.filter(deck=deck, position=3).delete()
    StoryFactory(deck=deck, position=3, title="Our own story")
    report = load_default_deck()
    assert report.skipped == ["Joseph and his brothers"]
    assert Story.objects.get(deck=deck, position=3).title == "Our own story"
    assert Story.objects.in_deck(deck).count() == 20
