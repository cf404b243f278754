"""The header's tag (the way to one's settings) is whole wherever the header has room for it: on a
tablet or a computer any tag (20 characters at most), on a phone a short one. Where it has not, it
is cut in the middle as every tag is (static/js/header-tag.js with names.js: "Dad…reat", six
letters or more), measured in place, never at its end by the browser; the whole tag stays the
link's name and title, or a child's tag's own title. The names check of every other place
(tests/e2e/test_names_fit_everywhere.py) holds for the header at 320 and 390 px, and the header
never pushes a phone's page sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts import family
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import sign_in
from tests.e2e.test_names_fit_everywhere import CHECK
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

LONGEST = "Daddy_Mike_the_Great"  # 20 characters, the most a tag may have
# The family of issue 46, and a second tag of twenty characters.
TAGS = [LONGEST, "Grandma_Ruth", "Sam", "Abcdefghijklmnopqrst"]
# The longest tag each width must show whole (a longer one may be cut, in the middle only).
WHOLE_UP_TO = {320: 3, 390: 3, 768: 20, 1280: 20}

# What the header shows of the tag, the link's name and title, and whether the tag is drawn in
# names.js's way (a tag the script fitted: the browser's own end cut is never used).
SHOWN = """() => {
  const chip = document.querySelector(".site-header .tag-chip");
  const tag = chip.querySelector(".tag");
  return {
    fitted: tag.dataset.tag !== undefined && !!tag.querySelector(".tag-shown"),
    shown: tag.querySelector(".tag-shown")?.textContent ?? tag.textContent,
    title: tag.title || chip.title,
    page: document.documentElement.scrollWidth,
  };
}"""


def header_problems(page) -> list[str]:
    """What the names check finds wrong with the header's tag."""
    return page.evaluate(CHECK, ".site-header")["problems"]


@pytest.mark.parametrize("width", [320, 390, 768, 1280])
def test_the_headers_tag_is_whole_where_it_fits_and_cut_in_the_middle_where_not(live_asgi, new_page, width):
    server = live_asgi()
    for tag in TAGS:
        page = new_page({"width": width, "height": 800})
        sign_in(page, server, in_a_thread(lambda tag=tag: UserFactory(gamer_tag=tag)))
        page.goto(f"{server.url}/me/settings/")
        link = page.locator(".site-header a.tag-chip")
        expect(link).to_be_visible()
        expect(link.locator(".tag[data-tag]")).to_be_attached()  # the script has fitted it
        page.evaluate("() => document.fonts.ready")
        shown = page.evaluate(SHOWN)
        assert shown["page"] <= width, f"the header pushes the page sideways at {width} px"
        assert shown["fitted"], f"{tag} at {width} px is not fitted by the script"
        assert header_problems(page) == [], f"{tag} at {width} px"
        if len(tag) <= WHOLE_UP_TO[width]:
            assert shown["shown"] == tag, f"{tag} is cut at {width} px though the header has room"
        head, _, tail = shown["shown"].partition("…")
        assert tag.startswith(head) and tag.endswith(tail), f"{shown['shown']!r} is not a cut in the middle"
        # The whole tag, for a screen reader and under the pointer.
        expect(link).to_have_accessible_name(tag)
        assert shown["title"] == f"{tag}: your settings"
        screenshot(page, f"header-tag/{width}-{tag}", full_page=False)
        page.context.close()


@pytest.mark.parametrize("width", [320, 390])
def test_a_childs_tag_in_the_header_is_cut_in_the_middle_with_the_whole_tag_as_its_title(
    live_asgi, new_page, width
):
    server = live_asgi()
    parent = in_a_thread(lambda: UserFactory(gamer_tag="Grandma_Ruth"))
    child = in_a_thread(lambda: family.add_child(parent=parent, tag="Little_Bea_the_Brave"))
    page = new_page({"width": width, "height": 800})
    sign_in(page, server, child)
    page.goto(f"{server.url}/")
    tag = page.locator(".site-header span.tag-chip .tag[data-tag]")
    expect(tag).to_be_visible()
    page.evaluate("() => document.fonts.ready")
    shown = page.evaluate(SHOWN)
    assert shown["page"] <= width
    assert header_problems(page) == [], f"at {width} px"
    assert shown["title"] == "Little_Bea_the_Brave"
    expect(tag.locator(".visually-hidden")).to_have_text("Little_Bea_the_Brave")
    screenshot(page, f"header-tag/{width}-child", full_page=False)


def test_a_tag_shown_whole_after_the_window_widens_and_cut_again_after_it_narrows(live_asgi, new_page):
    server = live_asgi()
    page = new_page({"width": 390, "height": 800})
    sign_in(page, server, in_a_thread(lambda: UserFactory(gamer_tag=LONGEST)))
    page.goto(f"{server.url}/me/settings/")
    shown = page.locator(".site-header .tag-chip .tag-shown")
    expect(shown).not_to_have_text(LONGEST)
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(shown).to_have_text(LONGEST)
    page.set_viewport_size({"width": 320, "height": 800})
    expect(shown).not_to_have_text(LONGEST)
    assert header_problems(page) == []
