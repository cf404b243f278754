"""The guides with pictures, dark mode, bigger screens and the keyboard: all calm, readable and usable."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connections
from playwright.sync_api import expect

from game import services
from tests.deck import load_deck
from tests.e2e.helpers import screenshot, table_model
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 820, "height": 1180}
DESKTOP = {"width": 1366, "height": 900}


def _game_for(member) -> str:
    """A private table with a dealt game (member as host, three JagAI), made through the services.

    In a thread of its own: the services send messages with async_to_sync, which cannot run in the
    thread where Playwright keeps its event loop.
    """

    def deal() -> str:
        try:
            table = services.create_private_table(user=member, seats=4, teams=False, remember_word=True).table
            services.start_table(user=member, code=table.code)
            return table.code
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(deal).result()


def test_how_to_play_and_the_rules_show_real_cards_and_pass_axe(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    page = new_page()

    page.goto(server.url + "/how-to-play/")
    expect(page.get_by_role("heading", name="How to play", exact=True)).to_be_visible()
    expect(page.locator(".guide-cards .game-card")).to_have_count(4)
    expect(page.locator(".guide-cards")).to_contain_text("Story 7 of 20")
    expect(page.locator(".guide-cards .game-card-word")).to_contain_text("1 Samuel 17:45")
    expect(page.locator(".guide-question .rtw-choice")).to_have_count(3)
    screenshot(page, "how-to-play")
    assert axe_violations(page) == []

    page.get_by_role("link", name="The full rules").first.click()
    expect(page.get_by_role("heading", name="The full rules", exact=True)).to_be_visible()
    expect(page.locator("#jagai")).to_contain_text("never wins")
    screenshot(page, "rules")
    assert axe_violations(page) == []


def test_the_game_in_dark_mode_on_a_phone_a_tablet_and_a_desktop(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    member = UserFactory(gamer_tag="Priscilla")
    code = _game_for(member)

    for name, viewport in (("phone", None), ("tablet", TABLET), ("desktop", DESKTOP)):
        page = new_page(viewport) if viewport else new_page()
        page.emulate_media(color_scheme="dark")
        sign_in(page, server, member)
        page.goto(f"{server.url}/t/{code}/")
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator(".story-group").first).to_be_visible()
        screenshot(page, f"game-dark-{name}")
        assert axe_violations(page) == [], name

    page.goto(server.url + "/")
    screenshot(page, "start-dark-desktop")
    assert axe_violations(page) == []


def test_a_whole_ask_can_be_made_with_the_keyboard(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    member = UserFactory(gamer_tag="Lois")
    code = _game_for(member)
    page = new_page()
    sign_in(page, server, member)
    page.goto(f"{server.url}/t/{code}/")
    expect(page.locator("#turn-banner")).to_have_text("Your turn")

    story = page.locator(".story-choice").first
    story.focus()
    page.keyboard.press("Enter")
    seat = page.locator(".seat-choice").first
    expect(seat).to_be_focused()
    version = table_model(page, "(m) => m.version")
    page.keyboard.press("Enter")
    table_model(page, "(m, v) => m.version > v", version, until=True)
    expect(page.locator("#log")).to_contain_text("You asked")
    # The live region read the ask out in words.
    expect(page.locator("#announcer")).to_contain_text("You asked")


def test_on_a_phone_the_brand_and_the_rules_contents_are_a_finger_wide(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    page = new_page({"width": 360, "height": 640})
    page.goto(server.url + "/rules/")
    brand = page.locator(".brand").bounding_box()
    assert brand["width"] >= 44 and brand["height"] >= 44
    heights = page.locator(".rules-toc a").evaluate_all(
        "(links) => links.map((a) => a.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44
