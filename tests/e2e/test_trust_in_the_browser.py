"""Trust as a person meets it in the browser: signing out in one tab stops the table in another,
and the QR code's link asks before it seats anyone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from game import services
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server(live_asgi):
    load_deck()
    return live_asgi()


def test_signing_out_in_another_tab_stops_the_table_and_says_so(host_at_table):
    table_tab, table, _members = host_at_table
    other_tab = table_tab.context.new_page()
    other_tab.goto(table_tab.url.replace(f"/t/{table.code}/", "/rules/"))
    other_tab.get_by_role("button", name="Sign out").click()
    notice = table_tab.locator("#closed-notice")
    expect(notice).to_be_visible(timeout=5000)
    expect(notice).to_contain_text("You signed out")
    expect(notice.get_by_role("link", name="Sign in")).to_be_visible()
    assert table_tab.locator("#game").evaluate("el => el.inert")
    screenshot(table_tab, "trust-signed-out-table")
    assert axe_violations(table_tab) == []


def test_the_qr_link_shows_the_table_and_seats_only_on_join(server, new_page):
    host = UserFactory(gamer_tag="Priscilla")
    table = in_a_thread(lambda: services.create_private_table(user=host, seats=5).table)
    page = new_page()
    sign_in(page, server, UserFactory(gamer_tag="Aquila"))
    page.goto(f"{server.url}/invite/{table.invite_token}/")  # the link the QR code carries
    expect(page.get_by_role("heading", name=f"Join table {table.code}?")).to_be_visible()
    expect(page.get_by_text("Priscilla invited you")).to_be_visible()
    screenshot(page, "trust-join-confirm")
    assert axe_violations(page) == []
    page.get_by_role("button", name="Join the table").click()
    expect(page).to_have_url(re.compile(f"/t/{table.code}/$"))
    expect(page.locator("#waiting-seats")).to_contain_text("Aquila")
