"""How to play answers the questions families ask, and every page and card shows one rules version."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from content.loading import load_default_deck
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
