"""What a screen reader hears of the hand and the sign-up rules, and a QR image fetched only when shown."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.deck import load_deck
from tests.e2e.helpers import screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

HELD = re.compile(r"Person: (not )?held\. Place: (not )?held\. Moment: (not )?held\. Word: (not )?held\.")


def test_each_story_row_is_named_by_its_title_and_described_by_what_is_held(host_at_table):
    page, _, _ = host_at_table
    rows = page.locator("#hand .story-group")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 2
    # No list inside a summary: the pips beside the title are pictures, the list is outside.
    expect(page.locator("#hand summary ul, #hand summary li")).to_have_count(0)
    for i in range(rows.count()):
        summary = rows.nth(i).locator("summary")
        title = summary.locator(".story-group-name").inner_text()
        expect(summary).to_have_accessible_name(title)
        expect(summary).to_have_accessible_description(HELD)
        held = rows.nth(i).locator(".story-group-cards .held-card").count()
        expect(summary).to_have_accessible_description(re.compile(rf"Story \d+ of 20, {held} of 4: "))
    # Opening a row still shows its full cards, and nothing about the row's words changed.
    rows.first.locator("summary").click()
    expect(rows.first.locator(".game-card").first).to_be_visible()
    assert axe_violations(page) == []


def test_the_qr_code_is_fetched_only_when_the_host_opens_it(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    page = new_page()
    sign_in(page, server, UserFactory(gamer_tag="Mum"))
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server.url + "/")
    page.get_by_role("button", name="Start a private table").click()
    expect(page.get_by_role("heading", name="Waiting for players")).to_be_visible()
    expect(page.locator("#waiting-seats li")).to_have_count(4)
    page.wait_for_load_state("networkidle")
    assert not [url for url in asked if url.endswith("/qr.svg")]
    qr = page.get_by_role("img", name=re.compile("QR code"))
    expect(qr).to_be_hidden()
    screenshot(page, "waiting-room-qr-closed")

    page.get_by_text("Show a QR code to scan").click()
    expect(qr).to_be_visible()
    page.wait_for_function(
        "() => document.querySelector('img.qr').complete && document.querySelector('img.qr').naturalWidth > 0"
    )
    assert [url for url in asked if url.endswith("/qr.svg")]
    screenshot(page, "waiting-room-qr-open")
    assert axe_violations(page) == []


def test_sign_up_reads_the_password_rules_with_the_password_box(live_asgi, new_page):
    server = live_asgi()
    page = new_page({"width": 320, "height": 640})
    page.goto(server.url + "/accounts/signup/")
    password = page.get_by_label("Password (optional):", exact=True)
    expect(password).to_have_accessible_description(re.compile("at least 8 characters"))
    expect(page.locator("meta[name=description]")).to_have_attribute("content", re.compile("Sign up"))
    screenshot(page, "sign-up-320")
    assert axe_violations(page) == []
    # Sign-in's fields come from the same template: its help is the way to a new password.
    page.goto(server.url + "/accounts/login/")
    expect(page.get_by_label("Password:", exact=True)).to_have_accessible_description("Forgot your password?")
    expect(page.get_by_role("link", name="Forgot your password?")).to_be_visible()
    screenshot(page, "sign-in-320")
    assert axe_violations(page) == []
