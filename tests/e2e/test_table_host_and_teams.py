"""The host ends a game early (with a confirm), and partners pass a card face down in teams."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game import services
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_host_ends_the_game_early_after_a_confirm_and_nobody_wins(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = UserFactory(gamer_tag="Lydia"), UserFactory(gamer_tag="Aquila")

    def deal() -> str:
        table = services.create_private_table(user=host, seats=4).table
        services.join_by_code(user=guest, code=table.code.lower())
        services.start_table(user=host, code=table.code)
        return table.code

    code = in_a_thread(deal)
    page, other = new_page(), new_page()
    for member, browser_page in ((host, page), (guest, other)):
        sign_in(browser_page, server, member)
        browser_page.goto(f"{server.url}/t/{code}/")
        expect(browser_page.locator("#game")).to_be_visible()
    expect(other.get_by_role("button", name="End game")).to_have_count(0)

    page.get_by_role("button", name="End game").click()
    dialog = page.get_by_role("dialog", name="End the game for everyone?")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Keep playing")).to_be_focused()
    screenshot(page, "game-end-confirm", full_page=False)
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_role("button", name="End game")).to_be_focused()

    page.get_by_role("button", name="End game").click()
    dialog.get_by_role("button", name="End the game").click()
    for browser_page in (page, other):
        expect(browser_page.locator("#end")).to_be_visible()
        expect(browser_page.locator("#end-title")).to_have_text("The game was ended early")
        expect(browser_page.locator("#end-reason")).to_contain_text("Nobody wins")
    screenshot(other, "end-screen-ended-early")
    assert axe_violations(other) == []


def test_partners_pass_a_card_face_down_in_teams(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    people = [UserFactory(gamer_tag=tag) for tag in ("Naomi", "Boaz", "Ruth", "Obed")]

    def deal() -> str:
        table = services.create_private_table(user=people[0], seats=4, teams=True).table
        for member in people[1:]:
            services.join_by_code(user=member, code=table.code)
        services.start_table(user=people[0], code=table.code)
        return table.code

    code = in_a_thread(deal)
    naomi, ruth = new_page(), new_page()
    for member, page in ((people[0], naomi), (people[2], ruth)):
        sign_in(page, server, member)
        page.goto(f"{server.url}/t/{code}/")
        expect(page.locator("#game")).to_be_visible()
    expect(naomi.locator(".seat-chip .team-tag")).to_have_count(4)
    # Partners are never offered as a seat to ask.
    naomi.locator(".story-choice").first.click()
    expect(naomi.locator(".seat-choice")).to_have_count(2)
    expect(naomi.locator(".seat-choice", has_text="Ruth")).to_have_count(0)
    naomi.get_by_role("button", name="Choose another story").click()

    naomi.get_by_role("button", name="Pass a card to Ruth").click()
    card = naomi.locator(".card-choice").first
    # The log names the card as the button shows it: by its title, a Word card by its story and
    # reference (issue 34).
    title = card.locator(".card-chip-title").inner_text().strip()
    if card.locator(".card-chip-word").count():
        title = f"the Word card of “{title}” ({card.locator('.card-chip-ref').inner_text().strip(' ()')})"
    card.click()
    expect(naomi.locator("#log")).to_contain_text(f"You passed {title} to Ruth.")
    expect(ruth.locator("#log")).to_contain_text(f"Naomi passed you {title}.")
    expect(naomi.get_by_role("button", name="Pass a card to Ruth")).to_have_count(0)
    screenshot(naomi, "game-teams")
    assert axe_violations(naomi) == []
