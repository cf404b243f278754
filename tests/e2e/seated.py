"""A host seated at a dealt private table in the browser, on their turn, for tests of the live page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, table_model
from tests.e2e.live import sign_in
from tests.factories import UserFactory
from tests.game.support import deal_private_table


@pytest.fixture
def host_at_table(live_asgi, new_page):
    load_deck()
    server = live_asgi(GAME_FIXED_SEED=20261130)
    host, guest = UserFactory(gamer_tag="Priscilla"), UserFactory(gamer_tag="Aquila")

    table = in_a_thread(lambda: deal_private_table(host, guest))
    page = new_page()
    sign_in(page, server, host)
    page.goto(f"{server.url}/t/{table.code}/")
    expect(page.locator("#game")).to_be_visible()
    table_model(page, "(m) => m && m.view && m.view.legal_moves.length > 0", until=True)
    page.evaluate("() => { window.notReloaded = true; }")
    return page, table, {1: host, 2: guest}
