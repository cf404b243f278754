"""R40 in the browser: at a family table a member leaves by mistake, is told to ask the host, the
host taps "Let Aquila back in", and the member plays on from their seat's next turn."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import expect

from game import engine
from game.models import Game
from tests.e2e.helpers import in_a_thread, screenshot, table_model
from tests.e2e.live import LiveServer, axe_violations, sign_in
from tests.e2e.test_table_two_members import Driver

pytestmark = pytest.mark.django_db(transaction=True)

TURN_LIMIT = 120  # seconds for the host's turn and the JagAI turns after it


def test_a_member_who_left_by_mistake_is_let_back_in_by_the_host_and_plays_on(host_at_table, new_page):
    host, table, members = host_at_table
    guest = new_page()
    errors: list[str] = []
    for name, page in (("host", host), ("guest", guest)):
        page.on("pageerror", lambda error, name=name: errors.append(f"{name}: {error}"))
    server_url = host.url.split("/t/")[0]  # host_at_table's server
    sign_in(guest, LiveServer(url=server_url, ws_url=""), members[2])
    guest.goto(f"{server_url}/t/{table.code}/")
    expect(guest.locator("#game")).to_be_visible()

    # The guest taps Leave and confirms: by mistake.
    guest.get_by_role("button", name="Leave table").click()
    guest.get_by_role("button", name="Leave the table").click()
    expect(guest.get_by_text("You left the table.")).to_be_visible()
    guest.goto(f"{server_url}/t/{table.code}/")
    expect(guest.get_by_role("heading", name="Ask the host to let you back")).to_be_visible()
    expect(guest.get_by_text("Let Aquila back in")).to_be_visible()
    expect(guest.locator("#table-app")).to_have_count(0)  # no cards of the seat JagAI plays
    screenshot(guest, "second-chance-ask-the-host")
    assert axe_violations(guest) == []

    # The host's page offers the one tap without a reload.
    back_in = host.get_by_role("button", name="Let Aquila back in")
    expect(back_in).to_be_visible()
    screenshot(host, "second-chance-let-back-in")
    assert axe_violations(host) == []
    back_in.click()
    expect(host.get_by_text("the seat is theirs again from its next turn")).to_be_visible()
    expect(host.get_by_role("button", name="Let Aquila back in")).to_have_count(0)

    guest.get_by_role("link", name="Open the table").click()
    expect(guest.locator("#game")).to_be_visible()

    # The host finishes their turn; then the seat is Aquila's again and she plays on.
    driver = Driver(host, "host", random.Random(3))
    end = time.monotonic() + TURN_LIMIT
    while table_model(guest, "(m) => (m?.view?.legal_moves || []).length") == 0:
        assert time.monotonic() < end, "the guest's turn never came"
        if not driver.step():
            time.sleep(0.2)
    state = in_a_thread(lambda: engine.from_json(Game.objects.get(table=table).state))
    assert state["turn"] == 2 and state["kinds"][1] == "person"
    expect(guest.locator("#turn-banner")).to_have_text("Your turn")
    before = table_model(guest, "(m) => m.version")
    player = Driver(guest, "guest", random.Random(4))
    end = time.monotonic() + TURN_LIMIT
    while table_model(guest, "(m) => m.version") == before:  # an ask is two taps
        assert time.monotonic() < end, "the guest's move was never made"
        if not player.step():
            time.sleep(0.2)
    expect(guest.locator("#log")).to_contain_text("back")
    assert errors == []
