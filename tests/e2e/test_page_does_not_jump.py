"""A page that does not jump (issue 34, item 3): the table and the replay reserve their space before
the socket (or the replay's script) fills them, so the cumulative layout shift of the first load, as
the browser's own layout-shift entries add it up (shifts right after an input excluded), stays under
0.1 at 320x640, 390x844, 1280x800, 1280x720 and 1920x1080; so does the largest burst of shifts while a
game plays, on the table page at each of those sizes and on the family screen (the TV) at 1920x1080
(issue 46, item 5)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import TimeoutError, expect

from game import engine
from game.models import Game, Table
from game.services import screens
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot, table_model
from tests.e2e.live import sign_in
from tests.e2e.test_table_on_a_phone import deal, play_out
from tests.factories import UserFactory, signed_in_session
from tests.realtime.sockets import Tab
from tests.trust import session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {
    "320": {"width": 320, "height": 640},
    "390": {"width": 390, "height": 844},
    "1280": {"width": 1280, "height": 800},
    "1280x720": {"width": 1280, "height": 720},
    "1920x1080": {"width": 1920, "height": 1080},
}
TV = {"width": 1920, "height": 1080}
MAX_CLS = 0.1

# Installed before the page's own scripts: every layout shift from the first paint on.
OBSERVE = """(() => {
  window.layoutShift = { total: 0, shifts: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.layoutShift.total += entry.value;
      const sources = (entry.sources || []).map((s) => (s.node && (s.node.id || s.node.className || s.node.nodeName)) || "?");
      window.layoutShift.shifts.push({ value: entry.value, at: entry.startTime, sources });
    }
  }).observe({ type: "layout-shift", buffered: true });
})()"""

# Settled: the fonts are in and two frames have been drawn since.
SETTLED = """() => document.fonts.ready.then(() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300)))))"""


def shift_after_load(page, url: str, ready: str) -> dict:
    page.add_init_script(OBSERVE)
    page.goto(url)
    expect(page.locator(ready).first).to_be_visible()
    page.evaluate(SETTLED)
    return page.evaluate("() => window.layoutShift")


@pytest.mark.parametrize("size", SIZES)
def test_the_table_and_the_replay_do_not_jump_as_they_fill(live_asgi, new_page, size):
    server = live_asgi(GAME_FIXED_SEED=20261130)
    load_deck()
    people = [UserFactory(gamer_tag=t) for t in ("Grandma_Ruth", "Leader52680")]
    code = deal(people)

    page = new_page(SIZES[size])
    sign_in(page, server, people[0])
    table = shift_after_load(page, f"{server.url}/t/{code}/", ".story-group")
    print(f"CLS table {size}: {table['total']:.4f} {table['shifts']}")

    waiting_code = deal(people, start=False)
    waiting = new_page(SIZES[size])
    sign_in(waiting, server, people[0])
    room = shift_after_load(waiting, f"{server.url}/t/{waiting_code}/", "#waiting-seats .waiting-seat")
    print(f"CLS waiting room {size}: {room['total']:.4f} {room['shifts']}")

    play_out(code, people, rng=random.Random(3))
    replay = new_page(SIZES[size])
    sign_in(replay, server, people[0])
    replay.goto(server.url + "/me/games/")
    url = replay.locator(".game-row").get_by_role("link", name="Replay").get_attribute("href")
    fresh = new_page(SIZES[size])
    sign_in(fresh, server, people[0])
    shown = shift_after_load(fresh, server.url + url, "#rp-seats .seat-chip:not(.is-placeholder)")
    print(f"CLS replay {size}: {shown['total']:.4f} {shown['shifts']}")

    assert table["total"] < MAX_CLS, f"the table jumps at {size}: {table}"
    assert room["total"] < MAX_CLS, f"the waiting room jumps at {size}: {room}"
    assert shown["total"] < MAX_CLS, f"the replay jumps at {size}: {shown}"


# The largest burst of layout shifts, as Core Web Vitals counts it: shifts less than 1 s apart, in a
# window of at most 5 s (shifts right after an input are left out by the observer above).
LARGEST_BURST = """() => {
  let best = 0, sum = 0, first = -1e9, last = -1e9;
  for (const { at, value } of window.layoutShift.shifts) {
    if (at - last > 1000 || at - first > 5000) [sum, first] = [0, at];
    sum += value; last = at; best = Math.max(best, sum);
  }
  return best;
}"""
# What the page has drawn: the game's version and the words of the move panel (a story picked for an
# ask changes only the panel).
DRAWN = """(m) => m && m.view
  ? `${m.version} ${document.getElementById("actions").textContent}` : "" """


@pytest.mark.parametrize("size", SIZES)
def test_the_table_does_not_jump_when_the_turn_comes_back(live_asgi, new_page, size):
    """The move panel keeps the room of its tallest turn while others play (the newest lines of the
    log in it), so the hand and the circle stay put when the turn comes back without a tap."""
    # Taps as fast as a test can make them: over the cap on messages a person never reaches.
    server = live_asgi(
        GAME_FIXED_SEED=20261130, WS_MAX_MESSAGES_PER_SECOND=200, WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND=200
    )
    load_deck()
    people = [UserFactory(gamer_tag=t) for t in ("Grandma_Ruth", "Daddy_Mike_the_Great")]
    code = deal(people)
    page = new_page(SIZES[size])
    sign_in(page, server, people[0])
    page.add_init_script(OBSERVE)
    page.goto(f"{server.url}/t/{code}/")
    other = new_page(SIZES["1280"])
    sign_in(other, server, people[1])
    other.goto(f"{server.url}/t/{code}/")
    for each in (page, other):
        expect(each.locator(".story-group").first).to_be_visible()
    rng = random.Random(3)
    turns_back, dead = 0, []
    for _ in range(60):
        buttons = {each: each.locator("#actions-body button:enabled") for each in (page, other)}
        actor = next((each for each in (page, other) if buttons[each].count()), page)
        drawn = table_model(actor, DRAWN)
        if buttons[actor].count():
            buttons[actor].nth(rng.randrange(buttons[actor].count())).click()
            turns_back += actor is other
        changed = f"(m, drawn) => ({DRAWN})(m) !== drawn || !!document.querySelector('#end:not([hidden])')"
        try:
            table_model(actor, changed, drawn, until=True)
        except TimeoutError:
            # A tap on a panel redrawn under it (on a loaded machine) is tried again, a few times.
            dead.append(f"{'the other' if actor is other else 'this'} page: {drawn[:200]}")
        if page.locator("#end").is_visible():
            break
    page.evaluate(SETTLED)
    burst = page.evaluate(LARGEST_BURST)
    print(f"largest burst at {size} over {turns_back} moves of the other member: {burst:.4f}")
    assert turns_back >= 5, "the game never handed the turn back and forth"
    assert len(dead) <= 2, f"taps that changed nothing: {dead}"
    assert burst < MAX_CLS, f"the table jumps at {size}: {page.evaluate('() => window.layoutShift')}"


# The family screen's feed has rolled down: no line on its way to its place.
ROLLED = "() => [...document.querySelectorAll('#feed .feed-item')].every((item) => !item.style.transform)"


def _move_over_a_socket(tabs: dict, table_id: int, k: int, rng: random.Random) -> int | None:
    """The member whose turn it is makes a random legal move over their own socket (the live
    server's channel layer is its own: a move made through the services here would reach no
    screen); the new version, or None once the game is over."""

    def read() -> tuple[int, dict]:
        game = Game.objects.get(table_id=table_id)
        return game.version, engine.from_json(game.state)

    version, state = in_a_thread(read)
    if engine.is_over(state):
        return None
    seat = engine.current_seat(state)
    move = rng.choice(engine.legal_moves(state, seat))
    tabs[seat].send({"type": "move", "id": f"m{k}", "version": version, "move": move})
    answer = tabs[seat].until(lambda m: m["type"] in ("ack", "error") and m.get("id") == f"m{k}")
    assert answer["type"] == "ack", answer
    return answer["version"]


def test_the_family_screen_does_not_jump_while_a_game_plays(live_asgi, new_page):
    """The TV in the living room, untouched (its "Tap here" button up throughout), from the first
    move to the end screen, each move drawn before the next is made: its largest burst of layout
    shifts stays under 0.1 (the feed rolls down, whose turn keeps its room, the button glides)."""
    server = live_asgi(GAME_FIXED_SEED=20261130)
    load_deck()
    family = [UserFactory(gamer_tag=t) for t in ("Grandma_Ruth", "Daddy_Mike_the_Great", "Sam", "Little_Bea")]
    code = deal(family)
    host = family[0]
    shown = in_a_thread(
        lambda: screens.show_on_screen(user=host, session_key=signed_in_session(host), code=code)
    )
    table_id = in_a_thread(lambda: Table.objects.get(code=code, status=Table.Status.PLAYING).pk)
    tv = new_page(TV)
    tv.add_init_script(OBSERVE)
    tv.goto(f"{server.url}/s/{shown.secret}/")
    expect(tv.locator("#screen-app")).to_have_attribute("data-state", "playing")
    tv.wait_for_function("() => window.jagScreen && window.jagScreen.view && window.jagScreen.cards")
    tabs = {
        seat: Tab(server, code, in_a_thread(lambda m=m: session_cookie_of(signed_in_client(m))))
        for seat, m in enumerate(family, start=1)
    }
    rng, moves = random.Random(3), 0
    for k in range(3000):
        version = _move_over_a_socket(tabs, table_id, k, rng)
        if version is None:
            break
        moves += 1
        tv.wait_for_function(f"() => window.jagScreen.version >= {version}")
        if moves == 30:
            tv.wait_for_function(ROLLED)
            screenshot(tv, "page-does-not-jump/screen-1920x1080-mid-game", full_page=False)
    expect(tv.locator("#screen-app")).to_have_attribute("data-state", "over")
    tv.evaluate(SETTLED)
    screenshot(tv, "page-does-not-jump/screen-1920x1080-end", full_page=False)
    burst = tv.evaluate(LARGEST_BURST)
    print(f"largest burst on the family screen at 1920x1080 over {moves} moves: {burst:.4f}")
    assert moves > 20, "the game ended before it was played"
    assert burst < MAX_CLS, f"the family screen jumps: {tv.evaluate('() => window.layoutShift')}"
