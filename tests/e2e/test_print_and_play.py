"""A family finds the questions and the Print page from How to play, and downloads the cards."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from content.rules_version import RULES_LABEL
from tests.deck import load_deck
from tests.e2e.helpers import screenshot
from tests.e2e.live import axe_violations

pytestmark = pytest.mark.django_db(transaction=True)


def test_from_how_to_play_to_the_questions_and_the_print_page_and_its_pdfs(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    page = new_page()

    page.goto(server.url + "/how-to-play/")
    expect(page.locator(".rules-version")).to_have_text(RULES_LABEL)
    tie = page.locator(".faq details", has_text="Who wins a tie?")
    expect(tie.get_by_text("shares the win")).to_be_hidden()
    tie.locator("summary").click()
    expect(tie.get_by_text("shares the win")).to_be_visible()
    screenshot(page, "how-to-play-questions")
    assert axe_violations(page) == []

    page.get_by_role("link", name="Print the cards").click()
    expect(page.get_by_role("heading", name="Print and play", exact=True)).to_be_visible()
    expect(page.locator("main")).to_contain_text("All 20 stories of today's deck, 80 cards")
    screenshot(page, "print-page")
    assert axe_violations(page) == []

    for name in ("Cards with backs (A4, PDF)", "Rules card (US Letter, PDF)"):
        href = page.get_by_role("link", name=name).get_attribute("href")
        response = page.request.get(server.url + href)
        assert response.ok and response.headers["content-type"] == "application/pdf"
        assert response.body().startswith(b"%PDF-")

    page.emulate_media(color_scheme="dark")
    screenshot(page, "print-page-dark")
    assert axe_violations(page) == []
