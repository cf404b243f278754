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
    story = FullStoryFactory(title="Zacchaeus climbs a tree in Jericho")
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


@pytest.mark.parametrize("size", [TABLET, DESKTOP], ids=["820x1180", "1280x800"])
def test_a_save_over_another_editors_change_is_refused_with_the_difference(live_asgi, new_page, size):
    """Two editors open one card; Deborah saves first; the second save is refused, saying who
    changed what, and the form comes back with her change and the second editor's own words."""
    server = live_asgi()
    card = FullStoryFactory(title="Ruth and Naomi").cards.get(kind="person")
    url = f"{server.url}/admin/content/card/{card.pk}/change/"
    mine, theirs = new_page(size), new_page(size)
    sign_in(mine, server, StaffFactory(email="miriam@example.org", is_superuser=True))
    sign_in(theirs, server, StaffFactory(email="deborah@example.org", gamer_tag="Deborah", is_superuser=True))
    mine.goto(url)
    theirs.goto(url)
    theirs.locator("#id_title").fill("Naomi, who came home")
    theirs.get_by_role("button", name="Save and continue editing").click()
    expect(theirs.locator(".messagelist")).to_contain_text("changed successfully")

    mine.locator("#id_description").fill("She went with Naomi to Bethlehem.")
    mine.get_by_role("button", name="Save and continue editing").click()
    refusal = mine.locator(".errornote, .errorlist.nonfield")
    expect(refusal.first).to_be_visible()
    expect(mine.locator(".errorlist.nonfield")).to_contain_text("Deborah changed this since you opened it")
    expect(mine.locator(".errorlist.nonfield")).to_contain_text("Naomi, who came home")
    expect(mine.locator("#id_description")).to_have_value("She went with Naomi to Bethlehem.")
    expect(mine.locator("#id_title")).to_have_value("Naomi, who came home")  # theirs, merged in
    assert mine.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth")
    screenshot(mine, f"admin-edited-meanwhile-{size['width']}")
    # Having read it, they save again: both changes are kept.
    mine.get_by_role("button", name="Save and continue editing").click()
    expect(mine.locator(".messagelist")).to_contain_text("changed successfully")
    expect(mine.locator("#id_description")).to_have_value("She went with Naomi to Bethlehem.")
    expect(mine.locator("#id_title")).to_have_value("Naomi, who came home")
