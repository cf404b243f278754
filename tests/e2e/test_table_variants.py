"""A young-children table and a Together table, each opened from the start screen and played to its end
screen by two members in real browsers against a real server (V1-V3)."""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from tests.deck import load_deck
from tests.e2e.helpers import table_model
from tests.e2e.live import axe_violations, sign_in
from tests.e2e.test_table_two_members import GAME_TIME_LIMIT, Driver, shoot
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = {"width": 1280, "height": 900}


def open_table(server, new_page, choose) -> tuple:
    """The host opens a private table with the options `choose` ticks; a guest joins by its code."""
    load_deck()
    errors: list[str] = []
    host, guest = new_page(), new_page()
    for page, tag in ((host, "Miriam"), (guest, "Barnabas")):
        page.on("pageerror", lambda error, tag=tag: errors.append(f"{tag}: {error}"))
        sign_in(page, server, UserFactory(gamer_tag=tag))
    host.goto(server.url + "/")
    choose(host)
    host.get_by_role("button", name="Start a private table").click()
    code_box = host.locator(".table-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z]{4}$"))
    guest.goto(server.url + "/")
    guest.get_by_label("Table code").fill(code_box.inner_text())
    guest.get_by_role("button", name="Join", exact=True).click()
    expect(host.locator("#waiting-seats")).to_contain_text("Barnabas")
    return host, guest, errors


BACK = re.compile("^(Back to the game|See how the game ended)$")


class Player(Driver):
    """The two-member test's driver; a question on the stone that ends the game (R34) closes with
    "See how the game ended" rather than "Back to the game"."""

    def step(self) -> bool:
        state = self.state()
        if state is None or not state["word"]:
            return super().step()
        if state["word"] == "question":
            self.page.locator("#word-dialog .word-choice").first.click()
            expect(self.page.locator("#word-dialog .word-result")).to_be_visible()
            self.answered += 1
        self.page.get_by_role("button", name=BACK).click()
        return True


def play_to_the_end(players: list[Player], watch=lambda: None) -> None:
    deadline = time.monotonic() + GAME_TIME_LIMIT
    while time.monotonic() < deadline:
        watch()
        states = [p.state() for p in players]
        if all(s and s["over"] for s in states):
            return
        if not any(p.step() for p in players):
            time.sleep(0.1)
    pytest.fail("the game did not reach its end in time")


def at_both_widths(page, name: str) -> None:
    """Screenshots at phone and desktop width (nothing may spill off the side), back to the phone."""
    shoot(page, f"{name}-phone")
    size = page.viewport_size
    page.set_viewport_size(DESKTOP)
    shoot(page, f"{name}-desktop")
    page.set_viewport_size(size)


def test_a_young_children_table_plays_to_its_end_with_its_options_shown(live_asgi, new_page):
    server = live_asgi(GAME_FIXED_SEED=20261130)

    def young(page):
        for label in ("Deal 7", "Ask for any story", "Read the verse together"):
            page.get_by_label(label).check()
        page.locator(".private-form").scroll_into_view_if_needed()
        at_both_widths(page, "variants-start-form")

    host, guest, errors = open_table(server, new_page, young)
    chips = host.locator("#waiting-chips")
    for label in ("Deal 7", "Ask for any story", "Read the verse together"):
        expect(chips).to_contain_text(label)
        expect(guest.locator("#waiting-chips")).to_contain_text(label)
    at_both_widths(host, "variants-young-waiting")
    assert axe_violations(host) == []

    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("#game-chips")).to_contain_text("Read the verse together")
    assert table_model(host, "(m) => m.view.hand.length") == 7
    expect(host.locator("#actions-prompt")).to_contain_text("any story")
    at_both_widths(host, "variants-young-game")

    players = [Player(host, "host", random.Random(1)), Player(guest, "guest", random.Random(2))]
    prompts: list[str] = []

    def watch():
        if not prompts and host.locator(".read-together").is_visible():
            prompts.append(host.locator(".read-together").inner_text())
            at_both_widths(host, "variants-read-it-together")

    play_to_the_end(players, watch)
    assert sum(p.answered for p in players) == 0, "Read the verse together asks no Remember the Word question"
    expect(host.locator("#log")).to_contain_text("Read it together")
    assert prompts in ([], ["Read it together"])
    for page in (host, guest):
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#end-title")).to_have_text(re.compile("The game is over"))
    at_both_widths(host, "variants-young-end")
    assert errors == []


def test_a_together_table_passes_a_card_to_anyone_and_ends_with_the_tables_result(live_asgi, new_page):
    server = live_asgi(GAME_FIXED_SEED=20261131)
    host, guest, errors = open_table(
        server, new_page, lambda page: page.locator("label[for=variant-together]").click()
    )
    expect(host.locator("#waiting-chips")).to_contain_text("Together")
    expect(host.locator("#waiting-note")).to_contain_text("fill the circle of twelve")
    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("#game-chips")).to_contain_text("Together")

    # Seat 1 passes a card face down to the guest; the guest's log names the card, nobody else's would.
    host.get_by_role("button", name="Pass a card to someone").click()
    host.locator("#actions-body .seat-choice").filter(has_text="Barnabas").click()
    at_both_widths(host, "variants-together-pass")
    host.locator("#actions-body .card-choice").first.click()
    expect(guest.locator("#log")).to_contain_text("Miriam passed you")
    expect(host.locator("#log")).to_contain_text("You passed")
    expect(host.get_by_role("button", name="Pass a card to someone")).to_have_count(0)

    players = [Player(host, "host", random.Random(3)), Player(guest, "guest", random.Random(4))]
    play_to_the_end(players)
    for page in (host, guest):
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#end-title")).to_have_text(
            re.compile(r"^(We filled the circle!|The Well ran dry)$")
        )
        expect(page.locator("#end-reason")).to_contain_text("The table's best so far")
        # One side against the Well: no places and no points of one's own (issue 34).
        expect(page.locator("#end .rank-points, #end .podium-points, #end .rank-place")).to_have_count(0)
        expect(page.locator("#end")).not_to_contain_text(re.compile(r"\d+ points?\b"))
        expect(page.locator("#end .end-facts")).to_contain_text("stones laid")
        if page.locator("#end-title").inner_text() == "We filled the circle!":
            expect(page.locator("#end-podium")).to_have_text(re.compile("Everyone, together"))
    at_both_widths(host, "variants-together-end")
    assert axe_violations(host) == []
    assert errors == []
