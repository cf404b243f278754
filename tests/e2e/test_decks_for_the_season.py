"""Issue 45, item 4 and R42 in the browser at 1280x800: the content team sets a deck's go-live in the
admin, a host picks it on the new-table form, and the table names it in the waiting room."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from content.models import Deck
from game.models import Table
from tests.deck import load_deck
from tests.e2e.helpers import screenshot
from tests.e2e.live import sign_in
from tests.factories import DealableStoryFactory, DeckFactory, StaffFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = {"width": 1280, "height": 800}


def test_the_team_sets_a_decks_go_live_and_a_host_picks_it_for_a_table(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    advent = DeckFactory(name="Advent", slug="advent")
    for n in range(8):
        DealableStoryFactory(deck=advent, position=n + 1, title=f"Advent story {n + 1}")

    # The content team: the deck goes live an hour ago, and ends in a month.
    admin = new_page(DESKTOP)
    sign_in(admin, server, StaffFactory(email="team@example.org", is_superuser=True))
    admin.goto(f"{server.url}/admin/content/deck/{advent.pk}/change/")
    start = timezone.localtime(timezone.now() - timedelta(hours=1))
    end = start + timedelta(days=30)
    admin.locator("#id_live_from_0").fill(f"{start:%Y-%m-%d}")
    admin.locator("#id_live_from_1").fill(f"{start:%H:%M:%S}")
    admin.locator("#id_live_until_0").fill(f"{end:%Y-%m-%d}")
    admin.locator("#id_live_until_1").fill(f"{end:%H:%M:%S}")
    expect(admin.locator(".field-dealable")).to_contain_text("8 of 8 stories dealable")
    screenshot(admin, "deck-go-live")
    admin.get_by_role("button", name="Save", exact=True).click()
    expect(admin.locator(".messagelist")).to_contain_text("changed successfully")
    advent.refresh_from_db()
    assert advent.live_from is not None and advent.live_until is not None

    # A host picks it on the new-table form (the main deck is chosen until they do).
    host = new_page(DESKTOP)
    sign_in(host, server, UserFactory(gamer_tag="Lydia"))
    host.goto(server.url + "/")
    choice = host.get_by_label("Deck")
    expect(choice).to_have_value("")
    main = Deck.objects.get(is_live=True)
    expect(choice.locator("option")).to_have_text([main.name, "Advent"])
    choice.select_option(label="Advent")
    screenshot(host, "deck-choice")
    host.locator(".private-form").get_by_role("button", name="Start a private table").click()
    expect(host.locator("#waiting-chips")).to_contain_text("Deck: Advent")
    screenshot(host, "deck-on-the-table")
    assert Table.objects.get(host__gamer_tag="Lydia").deck_id == advent.pk
