"""Report this name in the browser: a member taps a seat at a live table on a phone, reports its tag
and is thanked; a reviewer asks for a new tag from the queue and the seat says "a player" at once.
Screenshots of the seat rail (320 and 1280 px) and the queue (1280 px) are kept as artifacts."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from moderation.models import NameReport
from tests.deck import load_deck
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import LiveServer, axe_violations, sign_in
from tests.moderation.conftest import play_game, reviewer

pytestmark = pytest.mark.django_db(transaction=True)

THANKS = "Thanks. A reviewer will look at this name."
DESKTOP = {"width": 1280, "height": 900}
NARROWEST = {"width": 320, "height": 640}


def shot(page, selector: str, name: str) -> None:
    """Keep a picture of one part of the page with a little room round it, focus rings included
    (TEST_ARTIFACTS says where)."""
    box = page.locator(selector).bounding_box()
    left, top = max(0, box["x"] - 8), max(0, box["y"] - 8)
    clip = {"x": left, "y": top, "width": box["width"] + box["x"] - left + 8, "height": box["height"] + 16}
    screenshot(page, name, clip=clip)


def rail_fits(page) -> bool:
    """No seat is wider than its place in the rail, and the rail needs no sideways scroll."""
    return page.evaluate(
        """() => {
          const rail = document.getElementById("seats");
          const chips = [...rail.querySelectorAll(".seat-chip")];
          return rail.scrollWidth <= rail.clientWidth + 1 && chips.every((c) => c.scrollWidth <= c.clientWidth + 1);
        }"""
    )


def test_a_member_reports_a_seats_name_and_a_reviewer_asks_for_a_new_one(host_at_table, new_page):
    page, _, members = host_at_table  # Priscilla in seat 1 at 390 px, Aquila in seat 2, JagAI after
    base = page.url.split("/t/")[0]
    # Only Aquila's seat has a menu: not your own, not JagAI's.
    expect(page.locator("#seats [data-report-seat]")).to_have_count(1)
    seat = page.get_by_role("button", name="More about Aquila")
    seat.click()

    dialog = page.get_by_role("dialog", name="Aquila")
    expect(dialog).to_be_visible()
    assert axe_violations(page) == []
    dialog.get_by_role("button", name="Report this name").click()
    expect(dialog.get_by_role("status")).to_have_text(THANKS)
    expect(dialog.get_by_role("button", name="Report this name")).to_be_hidden()
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    screenshot(page, "report-dialog-390", full_page=False)
    [report] = in_a_thread(lambda: list(NameReport.objects.values("tag", "reporter_id", "seat")))
    assert report == {"tag": "Aquila", "reporter_id": members[1].pk, "seat": 2}

    # Escape closes it and the focus is back on the seat; asked again, it says it is done.
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator('[data-report-seat="2"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog.get_by_role("status")).to_have_text(THANKS)
    page.keyboard.press("Escape")

    for viewport, name in ((NARROWEST, "seat-rail-320"), (DESKTOP, "seat-rail-1280")):
        page.set_viewport_size(viewport)
        page.wait_for_function("() => document.getElementById('seats').getBoundingClientRect().width > 0")
        assert rail_fits(page) and fits_sideways(page), name
        shot(page, "#seats", name)

    judge = in_a_thread(lambda: reviewer(gamer_tag="Shepherd"))
    queue = new_page(DESKTOP)
    sign_in(queue, LiveServer(url=base, ws_url=""), judge)
    queue.goto(f"{base}/review/")
    names = queue.get_by_role("region", name="Names reported")
    expect(names).to_contain_text("Aquila")
    expect(names).to_contain_text("Reported by Priscilla")
    assert axe_violations(queue) == []
    screenshot(queue, "review-queue-names-1280")
    names.get_by_role("button", name="Ask for a new tag").click()
    expect(queue.locator(".messages")).to_contain_text("Aquila is gone from every seat")

    # The table sees it at once: the seat says "a player", and the old tag is nowhere on the page.
    expect(page.locator("#seats")).to_contain_text("a player")
    expect(page.locator("#seats [data-report-seat]")).to_have_count(0)
    assert "Aquila" not in page.locator("#game").inner_text()


def test_a_player_reports_a_name_from_their_replay(live_asgi, new_page):

    load_deck()
    server = live_asgi()
    played = in_a_thread(lambda: play_game(members=2, seed=5))
    page = new_page()
    sign_in(page, server, played.users[1])
    page.goto(f"{server.url}/replay/{played.game.pk}/")
    page.wait_for_function("() => window.jagReplay !== undefined")
    other = played.users[2].gamer_tag
    shot(page, "#rp-seats", "replay-seats-390")
    page.get_by_role("button", name=f"More about {other}").click()
    page.get_by_role("button", name="Report this name").click()
    expect(page.get_by_role("dialog", name=other).get_by_role("status")).to_have_text(THANKS)
    # Stepping the replay draws the seats again; the menu is still the seat's own.
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Forward").click()
    expect(page.get_by_role("button", name=f"More about {other}")).to_have_count(1)
    assert in_a_thread(lambda: NameReport.objects.get().reported_id) == played.users[2].pk
