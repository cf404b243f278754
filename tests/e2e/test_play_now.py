"""Play now: the countdown, JagAI filling the seats, and a turn passing when the clock runs out."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.deck import load_deck
from tests.e2e.helpers import screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

COUNTDOWN = 10
MOVE_SECONDS = 4


def test_play_now_counts_down_fills_with_jagai_and_the_clock_passes_the_turn(live_asgi, new_page):
    server = live_asgi(GAME_PUBLIC_COUNTDOWN_SECONDS=COUNTDOWN, GAME_MOVE_SECONDS=MOVE_SECONDS)
    load_deck()
    member = UserFactory(gamer_tag="Dorcas")
    page = new_page()
    sign_in(page, server, member)
    page.goto(server.url + "/")

    page.get_by_role("button", name="Play now").click()
    expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
    countdown = page.locator("#countdown")
    expect(countdown).to_be_visible()
    expect(countdown).to_contain_text(re.compile(r"The game starts in \d+ seconds?"))
    expect(page.get_by_role("button", name="Start now")).to_be_visible()
    screenshot(page, "play-now-countdown")

    # Another member's start screen lists the open table live, with its host and time left.
    other = new_page()
    sign_in(other, server, UserFactory(gamer_tag="Tabitha"))
    other.goto(server.url + "/")
    open_table = other.locator(".lobby-table")
    expect(open_table).to_contain_text("Dorcas's table")
    expect(open_table).to_contain_text(re.compile(r"3 seats free · starts in \d+ s"))
    expect(open_table.get_by_role("button", name="Join Dorcas's table")).to_be_visible()
    screenshot(other, "start-with-open-table")

    # The countdown ends: JagAI fills the three empty seats and the game begins, without a reload.
    expect(page.locator("#game")).to_be_visible(timeout=(COUNTDOWN + 10) * 1000)
    expect(page.locator(".seat-chip")).to_have_count(4)
    expect(page.locator(".seat-chip .badge-jagai")).to_have_count(3)
    expect(page.locator("#turn-banner")).to_contain_text("Your turn")
    expect(page.locator(".seat-avatar.has-clock")).to_have_count(1)
    screenshot(page, "play-now-game")
    assert axe_violations(page) == []

    # Nobody moves: the clock runs out and the turn passes.
    expect(page.locator("#log")).to_contain_text("Your time ran out", timeout=(MOVE_SECONDS + 10) * 1000)
    expect(page.locator("#log")).to_contain_text("JagAI")
    # Once the game has begun the table leaves the open list.
    expect(other.locator(".lobby-table")).to_have_count(0)
