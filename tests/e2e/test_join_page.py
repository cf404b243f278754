"""The join page tells the truth (issue 34 item 7), on a 390 px phone and a 1280 px laptop: every
seat by its name with JagAI named, "invited you" only on the host's link, and a started game says
why there is no seat and what to do instead, with no Join button. A member throttled for typed
codes still comes in by the link (issue 28 item 5)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from game import services
from tests.deck import load_deck
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE_390 = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SIZES = [pytest.param(PHONE_390, id="390px"), pytest.param(LAPTOP, id="1280px")]


@pytest.fixture
def server(live_asgi):
    load_deck()
    return live_asgi()


def started_table():
    """Grandma_Ruth's four seats: her, Sam, and two JagAI seats, the game under way."""

    def work():
        host = UserFactory(gamer_tag="Grandma_Ruth")
        table = services.create_private_table(user=host, seats=4).table
        services.join_by_code(user=UserFactory(gamer_tag="Sam"), code=table.code)
        services.start_table(user=host, code=table.code)
        table.refresh_from_db()
        return table

    return in_a_thread(work)


@pytest.mark.parametrize("viewport", SIZES)
def test_a_started_game_names_every_seat_says_why_and_has_no_join_button(server, new_page, viewport):
    table = started_table()
    page = new_page(viewport)
    sign_in(page, server, in_a_thread(lambda: UserFactory(gamer_tag="Grandpa_Bob")))
    page.goto(f"{server.url}/invite/{table.invite_token}/")
    expect(page.get_by_role("heading", name=f"Table {table.code} has already begun")).to_be_visible()
    seats = page.locator(".join-seat")
    expect(seats).to_have_count(4)
    names = [text.strip() for text in seats.all_inner_texts()]
    assert names == ["Grandma_Ruth", "Sam", "JagAI", "JagAI"]
    expect(page.get_by_text("Grandma_Ruth invited you")).to_be_visible()
    expect(page.get_by_text("there is no seat for you in it")).to_be_visible()
    expect(page.get_by_role("link", name="Open your own table")).to_be_visible()
    expect(page.get_by_role("button", name="Join the table")).to_have_count(0)
    assert fits_sideways(page)
    screenshot(page, f"join-started-{viewport['width']}")
    assert axe_violations(page) == []
    page.get_by_role("link", name="Open your own table").click()
    expect(page.get_by_role("heading", name=re.compile("Start a private table"))).to_be_in_viewport()


@pytest.mark.parametrize("viewport", SIZES)
def test_a_typed_code_is_no_invitation_and_the_hosts_link_is(server, new_page, viewport):
    table = in_a_thread(
        lambda: services.create_private_table(user=UserFactory(gamer_tag="Mum"), seats=5).table
    )
    page = new_page(viewport)
    sign_in(page, server, in_a_thread(lambda: UserFactory(gamer_tag="Grandma_Ruth")))
    page.goto(f"{server.url}/join/{table.code}/")
    expect(page.get_by_role("heading", name=f"Join table {table.code}?")).to_be_visible()
    expect(page.get_by_text("Mum's table, a game of 5 seats.")).to_be_visible()
    expect(page.get_by_text("invited you")).to_have_count(0)
    page.goto(f"{server.url}/invite/{table.invite_token}/")
    expect(page.get_by_text("Mum invited you to a game of 5 seats.")).to_be_visible()
    expect(page.locator(".join-seat")).to_have_text(["Mum"])
    assert fits_sideways(page)
    screenshot(page, f"join-invited-{viewport['width']}")
    page.get_by_role("button", name="Join the table").click()
    expect(page).to_have_url(re.compile(f"/t/{table.code}/$"))


def test_a_member_throttled_for_typed_codes_joins_by_the_link(server, new_page):
    table = in_a_thread(
        lambda: services.create_private_table(user=UserFactory(gamer_tag="Mum"), seats=5).table
    )
    page = new_page(PHONE_390)
    sign_in(page, server, in_a_thread(lambda: UserFactory(gamer_tag="Sam")))
    wrong = "ZZZZ" if table.code != "ZZZZ" else "YYYY"
    for _ in range(10):
        page.goto(f"{server.url}/join/{wrong}/")
    page.goto(f"{server.url}/join/{table.code}/")
    expect(page.get_by_text("Typing a code works again in about 10 minutes.")).to_be_visible()
    expect(page.get_by_text("The QR code or link from the host works now.")).to_be_visible()
    screenshot(page, "join-throttled-390")
    page.goto(f"{server.url}/invite/{table.invite_token}/")
    page.get_by_role("button", name="Join the table").click()
    expect(page).to_have_url(re.compile(f"/t/{table.code}/$"))
    expect(page.locator("#waiting-seats")).to_contain_text("Sam")
