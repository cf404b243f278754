"""Issue 46 item 2 in the browser: a TV opens /tv/ and shows a code; the host types it on their phone
and the TV becomes the table's screen by itself. The TV says nothing it claims to say until someone
touches it, then says the turns, tags as names and the end once; a watcher's "Go to the next game"
is within a phone's first screen. Speech is a spy put in the page before its scripts run: it
refuses (`not-allowed`) until the page was touched, as browsers do, and records what it said; the
page's `navigator.userActivation` is the spy's too, since Playwright's own calls into a page count
as a touch to Chromium."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from game import engine, services
from game.models import Game, Variant
from game.services import screens, watching
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import sign_in
from tests.factories import UserFactory, signed_in_session
from tests.realtime.sockets import Tab
from tests.trust import LiveBrowser, session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)

TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 320, "height": 640}

# The page's speech, as a browser with no voice of its own would have it, plus a record.
SPEECH_SPY = """
(() => {
  const record = { spoken: [], refused: [] };
  window.__speech = record;
  let touched = false;
  for (const type of ["pointerdown", "mousedown", "keydown", "touchend"]) {
    window.addEventListener(type, (event) => { if (event.isTrusted) touched = true; }, true);
  }
  const later = (work) => setTimeout(work, 5);
  const synth = {
    speaking: false, pending: false, paused: false,
    getVoices: () => [], addEventListener() {}, removeEventListener() {},
    cancel() {}, pause() {}, resume() {},
    speak(utterance) {
      if (!touched) {
        record.refused.push(utterance.text);
        later(() => utterance.dispatchEvent(new SpeechSynthesisErrorEvent("error", { error: "not-allowed", utterance })));
        return;
      }
      record.spoken.push(utterance.text);
      later(() => utterance.dispatchEvent(new SpeechSynthesisEvent("end", { utterance })));
    },
  };
  Object.defineProperty(window, "speechSynthesis", { configurable: true, get: () => synth });
  // Playwright's own calls into a page count as a touch to Chromium, so the page is told of real
  // input only (or, as some browsers do, told nothing at all).
  const activation = { get hasBeenActive() { return touched; }, get isActive() { return touched; } };
  const told = %(hide_activation)s ? undefined : activation;
  Object.defineProperty(Navigator.prototype, "userActivation", { configurable: true, get: () => told });
})();
"""


def _spied(new_page, viewport: dict, *, hide_activation: bool = False):
    page = new_page(viewport)
    page.add_init_script(SPEECH_SPY % {"hide_activation": "true" if hide_activation else "false"})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def _shot(page, name: str, *, full_page: bool = False) -> None:
    screenshot(page, f"tv/{name}", full_page=full_page)


def _spoken(page) -> list[str]:
    return page.evaluate("() => window.__speech.spoken")


def _said_as_a_name(tag: str) -> str:
    return re.sub(r"([a-z])([A-Z])", r"\1 \2", tag.replace("_", " "))


def _fits_sideways(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


def _no_scrolling(page) -> bool:
    return page.evaluate(
        "() => document.documentElement.scrollHeight <= innerHeight"
        " && document.documentElement.scrollWidth <= innerWidth"
    )


def _state(table_id: int) -> tuple[int, dict]:
    def read():
        game = Game.objects.get(table_id=table_id)
        return game.version, engine.from_json(game.state)

    return in_a_thread(read)


def _move(tabs: dict, table_id: int, rng: random.Random, k: int) -> int | None:
    """The member whose turn it is makes a random legal move over their own socket (the server's
    channel layer is in its own process: a move made here would reach no screen); the new version,
    or None once the game is over."""
    version, state = _state(table_id)
    if engine.is_over(state):
        return None
    seat = engine.current_seat(state)
    move = rng.choice(engine.legal_moves(state, seat))
    tabs[seat].send({"type": "move", "id": f"m{k}", "version": version, "move": move})
    answer = tabs[seat].until(lambda m: m["type"] in ("ack", "error") and m.get("id") == f"m{k}")
    assert answer["type"] == "ack", answer
    return answer["version"]


def test_a_tv_pairs_by_its_code_then_speaks_after_one_touch(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest, uncle = in_a_thread(
        lambda: [UserFactory(gamer_tag=tag) for tag in ("Grandma_Ruth", "GrandpaJoe", "Uncle_Bo")]
    )

    def open_table():
        made = services.create_private_table(user=host, variant=Variant.QUICK, remember_word=False).table
        services.join_by_code(user=guest, code=made.code)
        watching.watch_by_invitation(
            user=uncle, session_key=signed_in_session(uncle), token=made.invite_token
        )
        return made

    table = in_a_thread(open_table)

    # The small TV's /tv/, for its picture: a code and nothing of any table.
    small, _ = _spied(new_page, SMALL_TV)
    small.goto(f"{server.url}/tv/")
    expect(small.locator("#tv-code")).to_have_text(re.compile(r"^[A-Z0-9]{3} [A-Z0-9]{3}$"))
    assert _no_scrolling(small)
    assert table.code not in small.content() and "Grandma" not in small.content()
    _shot(small, "tv-1280x720")

    tv, tv_errors = _spied(new_page, TV)
    tv.goto(f"{server.url}/tv/")
    code = tv.locator("#tv-code").inner_text()
    assert re.fullmatch(r"[ACEFHJKMNPRTWXY34679]{3} [ACEFHJKMNPRTWXY34679]{3}", code)
    assert _no_scrolling(tv)
    _shot(tv, "tv-1920x1080")

    # The host's form on the narrowest phone, and a code no TV shows said beside the box.
    narrow = new_page(NARROW)
    sign_in(narrow, server, host)
    narrow.goto(f"{server.url}/t/{table.code}/tv/")
    assert _fits_sideways(narrow)
    _shot(narrow, "host-form-320", full_page=True)
    narrow.get_by_label("The code on the TV").fill("AAA AAA")
    narrow.get_by_role("button", name="Show on TV").click()
    expect(narrow.get_by_role("alert")).to_have_text(re.compile("No TV shows that code just now"))
    expect(narrow.get_by_label("The code on the TV")).to_have_value("AAA AAA")
    assert _fits_sideways(narrow)
    _shot(narrow, "host-form-320-wrong-code", full_page=True)

    # The host, at the table on a phone: Show on TV, then the code.
    phone = new_page(PHONE)
    seen: list[str] = []
    phone.on("request", lambda request: seen.append(request.url))
    sign_in(phone, server, host)
    phone.goto(f"{server.url}/t/{table.code}/")
    phone.get_by_role("link", name="Show on TV").click()
    expect(phone).to_have_url(f"{server.url}/t/{table.code}/tv/")
    expect(phone.get_by_role("button", name="Make a link and QR code")).to_be_visible()
    _shot(phone, "host-form-390", full_page=True)
    phone.get_by_label("The code on the TV").fill(code.lower())
    phone.get_by_role("button", name="Show on TV").click()
    expect(phone).to_have_url(f"{server.url}/t/{table.code}/")
    expect(phone.get_by_text("is on the TV now")).to_be_visible()

    # The TV opens the table by itself, with a secret the host's phone never had in an address.
    tv.wait_for_url(re.compile(r"/s/[A-Za-z0-9_-]{40,}/$"))
    secret = tv.url.rstrip("/").rsplit("/", 1)[1]
    assert not [url for url in seen if secret in url]
    expect(tv.locator("#screen-app")).to_have_attribute("data-state", "waiting")
    expect(tv.locator("#join-code")).to_have_text(table.code)

    # Nobody has touched the TV: it asks, with the remote's OK in reach, and claims nothing.
    prompt = tv.get_by_role("button", name="Tap here to let the TV read aloud")
    expect(prompt).to_be_visible()
    expect(prompt).to_be_focused()
    expect(tv.locator(".voice-switch")).to_have_attribute("aria-pressed", "false")
    assert _no_scrolling(tv)
    _shot(tv, "screen-1920x1080-waiting")
    tv.set_viewport_size(SMALL_TV)
    assert _no_scrolling(tv)
    _shot(tv, "screen-1280x720-waiting")
    tv.set_viewport_size(TV)

    watcher = new_page(PHONE)
    sign_in(watcher, server, uncle)
    watcher.goto(f"{server.url}/t/{table.code}/watch/")
    expect(watcher.locator("#screen-app")).to_have_attribute("data-state", "waiting")

    host_browser = LiveBrowser(server, in_a_thread(lambda: signed_in_client(host)))
    table_page = f"/t/{table.code}/"
    assert host_browser.post_form(f"{table_page}start/", {}, page=table_page) == 302
    expect(tv.locator("#screen-app")).to_have_attribute("data-state", "playing")
    tv.wait_for_function("() => window.jagScreen.view && window.jagScreen.cards")
    expect(prompt).to_be_visible()
    assert _spoken(tv) == []
    expect(tv.locator(".voice-switch")).to_have_attribute("aria-pressed", "false")
    _shot(tv, "screen-1920x1080-playing-before-the-tap")
    tv.set_viewport_size(SMALL_TV)
    _shot(tv, "screen-1280x720-playing-before-the-tap")
    tv.set_viewport_size(TV)

    # The remote's OK: the prompt goes, the switch reads as on, and whose turn it is is said.
    tv.keyboard.press("Enter")
    expect(prompt).to_be_hidden()
    expect(tv.locator(".voice-switch")).to_have_attribute("aria-pressed", "true")
    turn = tv.evaluate(
        "() => window.jagScreen.table.seats.find((s) => s.seat === window.jagScreen.view.turn).tag"
    )
    tv.wait_for_function(
        "(words) => window.__speech.spoken.includes(words)", arg=f"It's {_said_as_a_name(turn)}'s turn."
    )

    # The game, to its end, a move at a time as the TV draws it.
    tabs = {
        seat: Tab(server, table.code, in_a_thread(lambda m=m: session_cookie_of(signed_in_client(m))))
        for seat, m in ((1, host), (2, guest))
    }
    rng = random.Random(46)
    for k in range(2000):
        version = _move(tabs, table.pk, rng, k)
        if version is None:
            break
        tv.wait_for_function(f"() => window.jagScreen.version >= {version}")
    expect(tv.locator("#screen-app")).to_have_attribute("data-state", "over")
    tv.wait_for_function("() => window.__speech.spoken.some((s) => s.startsWith('The game is over'))")
    spoken = _spoken(tv)
    assert any("Grandma Ruth" in s for s in spoken), spoken
    assert any("Grandpa Joe" in s for s in spoken), spoken
    assert not [s for s in spoken if "_" in s or "GrandpaJoe" in s]

    # A welcome again (a network blip) says the end no more.
    tv.evaluate("() => { window.jagScreen.audience = null; window.jagScreen.socket.reconnect(); }")
    tv.wait_for_function("() => window.jagScreen.audience !== null && !!window.jagScreen.view")
    ends = [s for s in _spoken(tv) if s.startswith("The game is over")]
    assert len(ends) == 1, ends
    _shot(tv, "screen-1920x1080-end")

    # Play again: the watcher's way to the next game is on the phone's first screen.
    assert host_browser.post_form(f"{table_page}again/", {}, page=table_page) == 302
    link = watcher.get_by_role("link", name=re.compile("Go to the next game"))
    expect(link).to_be_visible()
    watcher.evaluate("() => window.scrollTo(0, 0)")
    box = watcher.evaluate(
        "() => { const r = document.querySelector('#next-game a').getBoundingClientRect(); return r.bottom; }"
    )
    assert box <= PHONE["height"], f"'Go to the next game' ends at y={box}"
    _shot(watcher, "watcher-390-next-game")
    assert tv_errors == [], tv_errors


def test_a_refused_voice_shows_the_prompt_again_and_never_claims_to_speak(live_asgi, new_page):
    """A browser that cannot tell whether the page was touched: the first sentence is refused
    (`not-allowed`), and the switch and the prompt then say so; a tap lets it speak."""
    server = live_asgi()
    load_deck()
    host, guest = in_a_thread(lambda: [UserFactory(gamer_tag=t) for t in ("Mum_Jo", "LittleSam")])

    def dealt():
        made = services.create_private_table(user=host).table
        services.join_by_code(user=guest, code=made.code)
        services.start_table(user=host, code=made.code)
        return made, screens.show_on_screen(user=host, session_key=signed_in_session(host), code=made.code)

    table, shown = in_a_thread(dealt)
    tv, errors = _spied(new_page, TV, hide_activation=True)
    tv.goto(f"{server.url}/s/{shown.secret}/")
    expect(tv.locator("#screen-app")).to_have_attribute("data-state", "playing")
    tv.wait_for_function("() => window.__speech.refused.length > 0")
    prompt = tv.get_by_role("button", name="Tap here to let the TV read aloud")
    expect(prompt).to_be_visible()
    expect(tv.locator(".voice-switch")).to_have_attribute("aria-pressed", "false")
    assert _spoken(tv) == []
    prompt.click()
    expect(prompt).to_be_hidden()
    expect(tv.locator(".voice-switch")).to_have_attribute("aria-pressed", "true")
    tv.wait_for_function("() => window.__speech.spoken.includes('Read aloud is on.')")
    tv.wait_for_function('() => window.__speech.spoken.some((s) => s.endsWith("\'s turn."))')
    assert not [s for s in _spoken(tv) if "_" in s or "LittleSam" in s]
    assert table.code and errors == [], errors
