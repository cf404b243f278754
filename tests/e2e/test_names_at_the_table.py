"""Names that always read (issue 34, item 1): at 320 and 390 px, with family tags of 3-20 characters
that share beginnings and endings, every seat's name as it is drawn on screen is its own: on the seat
tiles, the Ask buttons, the stone list, the end screen, the replay and the waiting room. What is
measured is what is painted: the shown text's own box inside every box that clips it."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.deck import load_deck
from tests.e2e.helpers import screenshot, table_model
from tests.e2e.live import sign_in
from tests.e2e.test_table_on_a_phone import PHONES, deal, no_overflow, open_table, play_out
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

# Four tables' worth of family tags: shared beginnings, shared endings, 3 to 20 characters.
FAMILIES = {
    "beginnings": ["Grandma_Ruth", "Grandma_Rose", "Sam", "Bartholomew_the_Kind"],
    "endings": ["Leader52680", "Leaver52680", "Mum", "Grandpa_Bob"],
}

# For each `.tag` under `scope`: its whole tag, the text painted, whether any of it is clipped by its
# own box or by a box around it, and the painted box (to test that a badge never overlaps it).
SHOWN = """(scope) => [...document.querySelectorAll(scope)].filter((el) => el.getClientRects().length).map((el) => {
  const shown = el.querySelector(".tag-shown");
  const range = document.createRange();
  range.selectNodeContents(shown);
  const text = range.getBoundingClientRect();
  let clipped = el.scrollWidth > el.clientWidth + 1 || text.right > innerWidth + 1 || text.left < -1;
  for (let box = el; box && box !== document.body; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const edge = box.getBoundingClientRect();
    if (text.left < edge.left - 1 || text.right > edge.right + 1) clipped = true;
  }
  const badge = el.parentElement.querySelector(".badge-you");
  const b = badge && badge.getBoundingClientRect();
  const overlaps = !!b && b.left < text.right - 1 && b.right > text.left + 1 && b.top < text.bottom - 1 && b.bottom > text.top + 1;
  return { tag: el.dataset.tag, shown: shown.textContent, clipped, overlaps };
})"""


# The names are fitted again on the frame after a resize.
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def assert_names_read(page, scope: str, where: str, expected: int | None = None) -> list[dict]:
    """Every tag under `scope` is painted whole or cut in the middle to at least six characters,
    never clipped, never under a badge, and two different tags never look the same."""
    names = page.evaluate(SHOWN, scope)
    assert names, f"{where}: no names found under {scope}"
    if expected is not None:
        assert len({n["tag"] for n in names}) == expected, f"{where}: {names}"
    for name in names:
        tag, shown = name["tag"], name["shown"]
        assert not name["clipped"], f"{where}: {tag!r} is clipped ({shown!r})"
        assert not name["overlaps"], f"{where}: the You badge covers {tag!r}"
        if shown != tag:
            head, _, tail = shown.partition("…")
            assert tag.startswith(head) and tag.endswith(tail) and head and tail, f"{where}: {shown!r}"
            assert len(head) + len(tail) >= min(len(tag), 6), f"{where}: {tag!r} cut to {shown!r}"
    looks = {}
    for name in names:
        looks.setdefault(name["shown"], set()).add(name["tag"])
    same = {shown: tags for shown, tags in looks.items() if len(tags) > 1}
    assert not same, f"{where}: these tags look the same: {same}"
    return names


def the_end_celebrates(page, view: dict, tags: list[str]) -> None:
    """A podium with the winner in the middle and highest, Play again first (above everyone's points),
    the stones laid and the verses met."""
    result = view["result"]
    steps = page.locator("#end-podium .podium-step")
    expect(steps).to_have_count(min(3, len([r for r in result["ranking"] if r["rank"] <= 3])))
    first = page.locator("#end-podium .podium-1").first
    winner = result["ranking"][0]["seat"]
    expect(first.locator(".tag")).to_have_attribute("data-tag", tags[winner - 1])
    for other in page.locator("#end-podium .podium-step:not(.podium-1)").all():
        assert first.bounding_box()["y"] <= other.bounding_box()["y"], "the winner is not the highest"
    actions = page.locator("#end-actions .button")
    expect(actions.first).to_have_text("Play again")
    assert actions.first.bounding_box()["y"] < page.locator("#end-ranking").bounding_box()["y"]
    stones = len(view["stones"])
    expect(page.locator(".end-facts")).to_contain_text(f"{stones} stones laid")
    met = table_model(page, "(m) => m.view.stones.filter((s) => m.verses[String(s.story)]?.text).length")
    expect(page.locator(".end-facts")).to_contain_text(f"{met} verse{'' if met == 1 else 's'} met")


@pytest.fixture(autouse=True)
def _one_deal(settings) -> None:
    """The same deal every run, so the games played out by the services end the same way."""
    settings.GAME_FIXED_SEED = 20261201


def family(name: str) -> list:
    return [UserFactory(gamer_tag=tag) for tag in FAMILIES[name]]


@pytest.mark.parametrize("phone", PHONES)
@pytest.mark.parametrize("name", FAMILIES)
def test_family_tags_stay_apart_in_the_waiting_room_on_the_tiles_and_the_ask_buttons(
    live_asgi, new_page, phone, name
):
    server = live_asgi()
    load_deck()
    people = family(name)
    code = deal(people, start=False)
    page = open_table(new_page, server, people[0], code, PHONES[phone])
    expect(page.locator("#waiting-seats .waiting-seat.is-taken")).to_have_count(4)
    assert_names_read(page, "#waiting-seats .tag", f"waiting room at {phone}", expected=4)
    page.context.close()

    code = deal(people)
    page = open_table(new_page, server, people[0], code, PHONES[phone])
    expect(page.locator(".story-group").first).to_be_visible()
    assert_names_read(page, "#seats .tag", f"seat tiles at {phone}", expected=4)
    page.locator(".story-choice").first.click()
    expect(page.locator(".seat-choice")).to_have_count(3)
    assert_names_read(page, ".seat-choice .tag", f"Ask buttons at {phone}", expected=3)
    no_overflow(page, f"Ask buttons at {phone}")
    screenshot(page, f"names-{name}-{phone}-ask")
    # The tiles still read after the page is turned to a laptop's width and back.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate(TWO_FRAMES)
    assert_names_read(page, "#seats .tag", "seat tiles at 1280", expected=4)
    page.set_viewport_size(PHONES[phone])
    page.evaluate(TWO_FRAMES)
    assert_names_read(page, "#seats .tag", f"seat tiles back at {phone}", expected=4)


@pytest.mark.parametrize("phone", PHONES)
@pytest.mark.parametrize("name", FAMILIES)
def test_family_tags_stay_apart_on_the_stone_list_the_end_screen_and_the_replay(
    live_asgi, new_page, phone, name
):
    server = live_asgi()
    load_deck()
    people = family(name)
    code = deal(people)
    rng = random.Random(7)
    play_out(code, people, rng=rng, stop=lambda v: len({s["seat"] for s in v["stones"]}) >= 2 or v["result"])
    page = open_table(new_page, server, people[1], code, PHONES[phone])
    expect(page.locator("#stone-list .stone-row").first).to_be_visible()
    names = assert_names_read(page, "#stone-list .tag", f"stone list at {phone}")
    # The kind of stone never runs into the name: beside it, or under it when both do not fit.
    for row in page.locator("#stone-list .stone-row").all():
        who, kind = (
            row.locator(".stone-row-who").bounding_box(),
            row.locator(".stone-row-kind").bounding_box(),
        )
        beside = who["x"] + who["width"] <= kind["x"] + 1
        under = who["y"] + who["height"] <= kind["y"] + 1
        assert beside or under, f"stone list at {phone}: {names}"
    page.context.close()

    view = play_out(code, people, rng=rng)
    for member in (people[0], people[2]):
        page = open_table(new_page, server, member, code, PHONES[phone])
        expect(page.locator("#end")).to_be_visible()
        the_end_celebrates(page, view, FAMILIES[name])
        assert_names_read(page, "#end-ranking .tag", f"end screen at {phone}", expected=4)
        assert_names_read(page, "#end-podium .tag", f"podium at {phone}")
        no_overflow(page, f"end screen at {phone}")
        screenshot(page, f"names-end-{phone}-{member.gamer_tag}")
        page.context.close()

    page = new_page(PHONES[phone])
    sign_in(page, server, people[0])
    page.goto(server.url + "/me/games/")
    page.locator(".game-row").get_by_role("link", name="Replay").click()
    expect(page.locator("#rp-seats .seat-chip:not(.is-placeholder)")).to_have_count(4)
    assert_names_read(page, "#rp-seats .tag", f"replay at {phone}", expected=4)
    page.get_by_role("button", name="End").click()
    assert_names_read(page, "#rp-seats .tag", f"replay at the end at {phone}", expected=4)
