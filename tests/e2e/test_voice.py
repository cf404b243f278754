"""Issue 31, the voice and the chime, with a stub speechSynthesis in the browser that records what
would be spoken (and a stub play() that counts chimes): at a Young children table the voice reads
whose turn it is, every move as the live region words it, and the verse, and the card a child taps;
elsewhere it is off until switched on, and off it says nothing more. The host has the Show on TV
button; nobody else does. Browsers let a page speak only once it was touched (issue 46): the stub's
`navigator.userActivation` counts real input only (Playwright's own calls into a page count as a
touch to Chromium), and tags are said as names ("Little_Sam" as "Little Sam")."""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from game import services
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import sign_in
from tests.e2e.test_family_screen import _one_move, _screen_link, _state, _tab
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

STUB = """
window.__spoken = [];
window.__announced = [];
window.__cancelled = 0;
window.__chimes = 0;
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(u) { window.__spoken.push(u.text); setTimeout(() => u.onend && u.onend(), 0); },
  cancel() { window.__cancelled += 1; },
  getVoices() { return [{ name: "Test English", lang: "en-GB" }]; },
  addEventListener() {},
} });
HTMLMediaElement.prototype.play = function () { window.__chimes += 1; return Promise.resolve(); };
window.__touched = false;
for (const type of ["pointerdown", "mousedown", "keydown", "touchend"]) {
  window.addEventListener(type, (event) => { if (event.isTrusted) window.__touched = true; }, true);
}
Object.defineProperty(Navigator.prototype, "userActivation", { configurable: true, get: () => ({
  get hasBeenActive() { return window.__touched; }, get isActive() { return window.__touched; },
}) });
document.addEventListener("DOMContentLoaded", () => {
  const live = document.getElementById("announcer");
  if (live) new MutationObserver(() => { const t = live.textContent.trim(); if (t) window.__announced.push(t); })
    .observe(live, { childList: true, characterData: true, subtree: true });
});
"""
PAGE = {"width": 1280, "height": 900}
# The Read aloud switch ("✓ Read aloud" while on), never the "Tap here to let the TV read aloud" prompt.
SWITCH = re.compile(r"^\W*Read aloud$")


def _as_said(text: str) -> str:
    """A sentence as the voice says it: tags' underscores as spaces, camelCase apart (voice.js)."""
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text.replace("_", " "))
    return " ".join(re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", text).split())


def _spoken(page) -> list[str]:
    """What was said aloud, without the silent sentence a first touch says to be let speak."""
    return [s for s in page.evaluate("() => window.__spoken") if s.strip()]


def _table(read_aloud: bool):
    host, guest = in_a_thread(
        lambda: [UserFactory(gamer_tag="Grandma_Ruth"), UserFactory(gamer_tag="Little_Sam")]
    )

    def deal():
        table = services.create_private_table(user=host, read_aloud=read_aloud).table
        services.join_by_code(user=guest, code=table.code)
        services.start_table(user=host, code=table.code)
        return table

    return in_a_thread(deal), host, guest


def _page(new_page, server, member, path: str, viewport=PAGE):
    page = new_page(viewport)
    page.add_init_script(STUB)
    if member is not None:
        sign_in(page, server, member)
    page.goto(f"{server.url}{path}")
    return page


def test_at_a_young_children_table_the_voice_reads_the_turn_the_moves_the_verse_and_a_tapped_card(
    live_asgi, new_page
):
    server = live_asgi()
    load_deck()
    table, host, guest = _table(read_aloud=True)
    page = _page(new_page, server, host, f"/t/{table.code}/")
    switch = page.get_by_role("button", name=SWITCH)
    # On, but nobody has touched the page yet: the browser would refuse, so it does not read as on.
    expect(switch).to_have_attribute("aria-pressed", "false")
    # A story in the child's own hand, tapped, is said by its title: that first touch lets it speak.
    summary = page.locator("#hand summary.story-group-title").first
    title = summary.locator(".story-group-name").inner_text()
    summary.click()
    page.wait_for_function("(t) => window.__spoken.includes(t)", arg=title)
    expect(switch).to_have_attribute("aria-pressed", "true")

    tabs = {1: _tab(server, table, host), 2: _tab(server, table, guest)}
    rng = random.Random(11)
    turns = "() => window.__spoken.some((s) => s === 'Your turn' || s === \"Little Sam's turn\")"
    verse_shown = "() => !!document.querySelector('#verse-moment:not([hidden]) blockquote')"
    # Until a verse is up and the turn has changed hands at least once: the bar's first words are
    # on the page before the voice starts, and a deal can give the host a stone before the turn
    # ever passes.
    for k in range(400):
        over = in_a_thread(lambda: table.__class__.objects.get(pk=table.pk).status) != "playing"
        if over or (page.evaluate(verse_shown) and page.evaluate(turns)):
            break
        time.sleep(0.05)
        _one_move(tabs, table.pk, rng, k)
    page.wait_for_timeout(800)
    spoken = _spoken(page)
    announced = [_as_said(a) for a in page.evaluate("() => window.__announced")]
    assert announced, "the live region said nothing"
    assert all(sentence in spoken for sentence in announced), (announced, spoken)
    assert any(s in ("Your turn", "Little Sam's turn") for s in spoken), spoken
    assert not [s for s in spoken if "_" in s], spoken
    verse = page.locator("#verse-moment blockquote")
    expect(verse).to_be_visible()
    shown = _as_said(verse.inner_text())
    assert any(" ".join(s.split()) == shown for s in spoken), (shown, spoken)
    screenshot(page, "voice-young-table-1280")
    # Nothing is said that the page has not shown: the live region's words, the turn bar, the verse,
    # the story tapped.
    body = _as_said(page.inner_text("body"))
    for sentence in spoken:
        said = " ".join(sentence.split())
        assert sentence in announced or said in body or said == title or said.endswith("turn"), sentence


def test_elsewhere_the_voice_is_off_until_switched_on_and_off_it_stops(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    table, host, guest = _table(read_aloud=False)
    page = _page(new_page, server, guest, f"/t/{table.code}/", viewport={"width": 390, "height": 844})
    switch = page.get_by_role("button", name=SWITCH)
    expect(switch).to_have_attribute("aria-pressed", "false")
    # Only the host may put the table on a TV.
    for role in ("button", "link"):
        assert page.get_by_role(role, name=re.compile("big screen|on TV", re.I)).count() == 0
    tabs = {1: _tab(server, table, host), 2: _tab(server, table, guest)}
    rng = random.Random(2)
    _one_move(tabs, table.pk, rng, 0)
    page.wait_for_timeout(600)
    assert page.evaluate("() => window.__spoken") == []
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => window.__spoken.includes('Read aloud is on.')")
    _one_move(tabs, table.pk, rng, 1)
    page.wait_for_function("() => window.__spoken.length > 1")
    screenshot(page, "voice-switch-390")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => window.__cancelled") >= 1
    heard = page.evaluate("() => window.__spoken.length")
    _one_move(tabs, table.pk, rng, 2)
    page.wait_for_timeout(800)
    assert page.evaluate("() => window.__spoken.length") == heard
    # The choice is kept on this device: a reload stays off.
    page.reload()
    expect(page.get_by_role("button", name=SWITCH)).to_have_attribute("aria-pressed", "false")

    host_page = _page(new_page, server, host, f"/t/{table.code}/")
    expect(host_page.get_by_role("link", name="Show on TV")).to_be_visible()


def test_the_screen_speaks_by_default_and_chimes_only_when_chosen(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    table, host, guest = _table(read_aloud=False)
    screen = _page(
        new_page, server, None, f"/s/{_screen_link(table, host)}/", viewport={"width": 1280, "height": 720}
    )
    # On by default on a screen, but a browser says nothing until the TV is touched: it asks.
    switch = screen.get_by_role("button", name=SWITCH)
    expect(switch).to_have_attribute("aria-pressed", "false")
    # Tapped once the game is drawn, as a person would: until then the prompt stands in the waiting
    # room's corner, and under load a tap aimed there landed on the circle drawn over it.
    expect(screen.locator("#screen-game")).to_be_visible()
    screen.get_by_role("button", name="Tap here to let the TV read aloud").click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    screen.wait_for_function("() => window.__spoken.includes('Read aloud is on.')")
    chime = screen.get_by_role("button", name="Chime")
    expect(chime).to_have_attribute("aria-pressed", "false")
    tabs = {1: _tab(server, table, host), 2: _tab(server, table, guest)}
    rng = random.Random(4)
    _one_move(tabs, table.pk, rng, 0)
    # What just happened is read out, as the feed shows it.
    screen.wait_for_function(
        "() => window.__spoken.some((s) => s.endsWith('.') && !s.endsWith(' turn.') && s !== 'Read aloud is on.')"
    )
    feed = _as_said(screen.locator("#feed").inner_text())
    assert any(sentence in feed for sentence in _spoken(screen))
    assert screen.evaluate("() => window.__chimes") == 0
    chime.click()
    assert (
        screen.evaluate("() => window.__chimes") == 1
    )  # the tap lets the browser play, and shows how it sounds
    stones = lambda: _state(table.pk)[1]["stones"]  # noqa: E731
    for k in range(1, 400):
        if stones() or _state(table.pk)[1]["over"] is not None:
            break
        time.sleep(0.05)
        _one_move(tabs, table.pk, rng, k)
    screen.wait_for_function("() => window.__chimes >= 2")
