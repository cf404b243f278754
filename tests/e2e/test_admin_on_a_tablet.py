"""Issue 45 item 2: the story page's four card rows fit a tablet (820x1180): every field inside the
content box, nothing past the screen's edge, the Word card's Reference input whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import screenshot
from tests.e2e.live import sign_in
from tests.factories import FullStoryFactory, StaffFactory

pytestmark = pytest.mark.django_db(transaction=True)

TABLET = {"width": 820, "height": 1180}
DESKTOP = {"width": 1280, "height": 800}

# Every field of every card row, with how far it reaches past the content box and the screen.
OVERFLOW = """() => {
  const box = document.querySelector("#content").getBoundingClientRect();
  const rows = [...document.querySelectorAll(".card-inline tbody tr.form-row:not(.empty-form)")];
  const past = [];
  for (const row of rows) {
    for (const field of row.querySelectorAll("input:not([type=hidden]), select, textarea")) {
      const r = field.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > box.right + 0.5 || r.right > innerWidth || r.left < box.left - 0.5) {
        past.push(`${field.name}: ${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(box.left)}-${Math.round(box.right)}`);
      }
    }
  }
  return {rows: rows.length, past, scroll: document.scrollingElement.scrollWidth - innerWidth};
}"""


@pytest.mark.parametrize("size", [TABLET, DESKTOP], ids=["820x1180", "1280x800"])
def test_the_four_card_rows_fit_the_story_page(live_asgi, new_page, size):
    server = live_asgi()
    story = FullStoryFactory(title="Zacchaeus climbs a tree to see Jesus pass by in Jericho")
    page = new_page(size)
    sign_in(page, server, StaffFactory(email="team@example.org", is_superuser=True))
    page.goto(f"{server.url}/admin/content/story/{story.pk}/change/")
    expect(page.locator(".card-inline tbody tr.form-row").first).to_be_visible()
    screenshot(page, f"admin-story-{size['width']}")
    found = page.evaluate(OVERFLOW)
    assert found["rows"] == 4
    assert found["past"] == [], found
    assert found["scroll"] <= 0, found
    reference = page.locator(".card-inline tbody tr.form-row:not(.empty-form)").last.locator(
        "input[name$='-reference']"
    )
    expect(reference).to_be_visible()
    reference.fill("John 3:16")  # an editor can type in it where it is
