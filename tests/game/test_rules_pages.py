"""How to play answers the questions families ask, and every page and card shows one rules version."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from content.loading import load_default_deck
from content.models import Translation
from content.printing.documents import build_rules_card_pdf
from content.printing.sheets import Paper
from content.rules_version import RULES_LABEL, RULES_VERSION
from tests.content.pdf_reading import page_text, reader

pytestmark = pytest.mark.django_db
VERSION = re.compile(r"Rules \d{4}\.\d{2}\.\d{2}")
# The questions the issue names, as the page asks them.
ASKED = [
    "What if I run out of cards?",
    "Can I ask for a story I don't hold?",
    "What happens when the Well is empty?",
    "Can someone else seal my stone?",
    "What does JagAI do?",
    "Why did JagAI give that card?",
    "What is Remember the Word?",
    "What happens when the clock runs out?",
    "What if someone leaves?",
    "How do teams pass?",
    "How does the game end?",
    "Who wins a tie?",
    "How do we play with young children?",
    "What are Quick and Together?",
]


def test_how_to_play_answers_at_least_twelve_questions_each_in_a_sentence(client):
    load_default_deck()
    html = client.get(reverse("how_to_play")).content.decode()
    answers = re.findall(r"<summary>(.*?)</summary><p>(.*?)</p>", html)
    assert len(answers) >= 12
    questions = [question.replace("&#x27;", "'") for question, _ in answers]
    for asked in ASKED:
        assert asked in questions
    for _, answer in answers:
        assert answer.count(". ") == 0 and answer.endswith(".")


def test_the_rules_version_is_one_on_the_pages_and_the_printed_rules_card(client):
    assert f"Rules {RULES_VERSION}" == RULES_LABEL
    shown = set()
    for name in ("rules", "how_to_play", "content:print"):
        html = client.get(reverse(name)).content.decode()
        assert RULES_LABEL in html, name
        shown |= set(VERSION.findall(html))
    card = page_text(reader(build_rules_card_pdf(Paper.A4, "https://example.org/how-to-play/")), 0)
    assert set(VERSION.findall(card)) == shown == {RULES_LABEL}


def test_the_site_shows_the_rules_version_new_games_are_dealt_with():
    from game.engine.rules import RULES
    from game.engine.state import RULES_VERSION as ENGINE_VERSION

    # V4: one change of the rulings (R40 is rules version 3) changes the label pages and cards show.
    assert RULES[ENGINE_VERSION].label == RULES_LABEL == "Rules 2026.12.01"


def test_the_pages_say_that_the_host_can_let_someone_back_in_R40(client):
    for name in ("rules", "how_to_play"):
        assert "let them back" in client.get(reverse(name)).content.decode(), name


@pytest.mark.parametrize(
    ("language", "story", "reference", "bible"),
    [
        ("en", "David and Goliath", "1 Samuel 17:45", "King James Version"),
        ("es", "David y Goliat", "1 Samuel 17:45", "Reina-Valera 1909"),
        ("pt", "Davi e Golias", "1 Samuel 17:45", "Almeida 1911"),
    ],
)
def test_how_to_play_shows_the_example_story_as_a_reader_of_each_language_sees_it(
    client, settings, language, story, reference, bible
):
    """Issue 42: how to play's four cards are the approved translation, the verse from the reader's
    Bible, and its Remember the Word question the table's own in that Bible; the page says which
    Bible carries the verse."""
    settings.LANGUAGES = settings.ALL_LANGUAGES
    load_default_deck()
    page = client.get(reverse("how_to_play"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    cards = page[page.index('class="guide-cards"') :]
    assert f"{story}" in cards and reference in cards
    assert bible in page
    assert "not translated into your language yet" not in page
    prompt = re.search(r'<p class="rtw-prompt">(.*?)</p>', page).group(1)
    assert "_____" in prompt
    if language != "en":
        assert "King James" not in page
        assert "the LORD of hosts" not in cards  # the KJV's words are not what this reader reads
    else:
        assert "LORD of hosts" in cards


def test_a_story_not_yet_translated_shows_in_english_and_says_so(client, settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES
    load_default_deck()
    Translation.objects.filter(language="es").delete()
    page = client.get(reverse("how_to_play"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "David and Goliath" in page and "Reina-Valera 1909" in page
    assert "Esta historia todavía no está traducida a tu idioma" in page
