"""The header's tag (the way to one's settings) is whole on a tablet or a computer, where there is
room for any tag (20 characters at most), and never pushes a phone's page sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import screenshot
from tests.e2e.live import sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

LONGEST = "Daddy_Mike_the_Great"  # 20 characters, the most a tag may have

SHOWN = """() => {
  const tag = document.querySelector(".site-header .tag-chip .tag");
  return { whole: tag.scrollWidth <= tag.clientWidth + 0.5, page: document.documentElement.scrollWidth };
}"""


@pytest.mark.parametrize("width", [320, 768, 1280])
def test_the_headers_tag_is_whole_wherever_there_is_room(live_asgi, new_page, width):
    server = live_asgi()
    page = new_page({"width": width, "height": 800})
    sign_in(page, server, UserFactory(gamer_tag=LONGEST))
    page.goto(f"{server.url}/me/settings/")
    expect(page.locator(".site-header .tag-chip")).to_be_visible()
    shown = page.evaluate(SHOWN)
    assert shown["page"] <= width, "the header pushes the page sideways"
    if width >= 768:
        assert shown["whole"], f"the tag is cut at {width} px though the header has room"
    screenshot(page, f"header-tag-{width}", full_page=False)
