"""Report how they played in the browser (issue 45, item 5): at a live table on the narrowest phone a
member opens another seat's menu, picks what went wrong from the list (nothing to type) and is
thanked; once the game is over the reviewers' queue marks it "Reported by players" and its case
page shows the report with its reason."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.services import end_game
from moderation.models import Case, PlayReport
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import LiveServer, axe_violations, sign_in
from tests.moderation.conftest import reviewer

pytestmark = pytest.mark.django_db(transaction=True)

LATER = "Thanks. A reviewer will look at this game once it is over."
NARROWEST = {"width": 320, "height": 640}
DESKTOP = {"width": 1280, "height": 800}


def test_a_member_reports_how_a_seat_played_and_the_queue_marks_it(host_at_table, new_page):
    page, table, members = host_at_table  # Priscilla in seat 1, Aquila in seat 2, JagAI after
    base = page.url.split("/t/")[0]
    page.set_viewport_size(NARROWEST)
    page.get_by_role("button", name="More about Aquila").click()
    dialog = page.get_by_role("dialog", name="Aquila")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Report how they played").click()
    reasons = dialog.get_by_role("group", name="What went wrong?")
    expect(reasons.get_by_role("radio")).to_have_count(5)
    expect(reasons.get_by_role("radio").first).to_be_focused()
    assert dialog.locator("textarea, input[type=text]").count() == 0  # nothing to type, children too

    # Sent with nothing chosen: the site says what to do, and nothing is kept.
    reasons.get_by_role("button", name="Send the report").click()
    expect(dialog.get_by_role("status")).to_have_text("Please choose what went wrong.")
    expect(reasons.get_by_role("radio").first).to_be_focused()
    assert in_a_thread(lambda: PlayReport.objects.count()) == 0

    reasons.get_by_label("They spoiled the game on purpose").check()
    assert fits_sideways(page)
    assert axe_violations(page) == []
    screenshot(page, "report-play-320", full_page=False)
    reasons.get_by_role("button", name="Send the report").click()
    expect(dialog.get_by_role("status")).to_have_text(LATER)
    expect(dialog.get_by_role("button", name="Close")).to_be_focused()
    expect(dialog.get_by_role("button", name="Report how they played")).to_be_hidden()
    [report] = in_a_thread(lambda: list(PlayReport.objects.values("seat", "reason", "reporter_id")))
    assert report == {"seat": 2, "reason": "spoiled", "reporter_id": members[1].pk}
    # Opened again, it says it is done; the name can still be reported.
    page.keyboard.press("Escape")
    page.get_by_role("button", name="More about Aquila").click()
    expect(dialog.get_by_role("status")).to_have_text(LATER)
    expect(dialog.get_by_role("button", name="Report this name")).to_be_visible()
    page.keyboard.press("Escape")

    # No reviewer reads a game in play: the case opens when it is over (here the host ends it).
    assert in_a_thread(lambda: Case.objects.count()) == 0
    in_a_thread(lambda: end_game(user=members[1], code=table.code))

    queue = new_page(DESKTOP)
    sign_in(queue, LiveServer(url=base, ws_url=""), in_a_thread(lambda: reviewer(gamer_tag="Shepherd")))
    queue.goto(f"{base}/review/")
    row = queue.locator(".case-row", has_text=f"table {table.code}")
    expect(row.locator(".flag-reported")).to_have_text("Reported by players")
    row.get_by_role("link").click()
    expect(queue.locator(".play-reports")).to_contain_text("They spoiled the game on purpose")
    expect(queue.locator(".play-reports")).to_contain_text("Priscilla")
    assert axe_violations(queue) == []
    screenshot(queue, "report-play-case-1280")
