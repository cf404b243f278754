"""Two members at one private table with two JagAI helpers play a whole game, then Play again."""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from tests.deck import load_deck
from tests.e2e.helpers import screenshot, table_model
from tests.e2e.live import axe_violations, sign_in
from tests.e2e.mailbox import mailed_code
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

GAME_TIME_LIMIT = 240  # seconds for the whole game

STATE = """(app) => {
  const dialog = document.getElementById("word-dialog");
  if (!app || !app.view || !app.table) return null;
  return {
    moves: (app.view.legal_moves || []).length,
    pending: !!app.pending,
    over: !!app.view.result || ["finished", "ended"].includes(app.table.status),
    word: dialog.open ? dialog.dataset.state : null,
    version: app.version,
  };
}"""


OVERFLOW = """() => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .filter((el) => !el.closest(".story-cards, .log, dialog:not([open])"))
  .slice(0, 5).map((el) => el.outerHTML.slice(0, 120))"""


def shoot(page, name: str, *, full_page: bool = True) -> None:
    """A phone-size screenshot, after checking nothing spills off the side of the screen."""
    assert page.evaluate(OVERFLOW) == [], f"{name}: something is wider than the phone"
    screenshot(page, name, full_page=full_page)  # a dialog is best seen as the screen shows it


def sign_up(page, base: str, email: str, tag: str, outbox) -> None:
    """Sign up by email and the mailed code; `outbox` is the server's mail folder, or a function
    that finds the code mailed to an address (the production stack reads its servers' logs)."""
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Email").fill(email)
    page.get_by_text("Add a password too").click()  # a password is optional: it folds away
    page.locator("#id_password1").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    code = outbox(email) if callable(outbox) else mailed_code(outbox, email)
    page.get_by_label("Code").fill(code)  # every address proves itself
    page.get_by_role("button", name="Confirm").click()
    page.get_by_label("Gamer tag").fill(tag)
    page.get_by_role("button", name="Save my tag").click()
    expect(page.get_by_role("heading", name=re.compile(tag))).to_be_visible()


class Driver:
    """Plays one seat by clicking whatever legal buttons the page shows."""

    def __init__(self, page, name: str, rng: random.Random) -> None:
        self.page, self.name, self.rng = page, name, rng
        self.answered = 0
        self.shots: set[str] = set()

    def state(self) -> dict | None:
        return table_model(self.page, STATE)

    def shoot_once(self, name: str, *, full_page: bool = True) -> None:
        if name not in self.shots:
            self.shots.add(name)
            shoot(self.page, name, full_page=full_page)

    def step(self) -> bool:
        """Make one move if this seat has one; True when something was clicked."""
        state = self.state()
        if state is None or state["over"]:
            return False
        page = self.page
        if state["word"] == "question":
            self.shoot_once("game-remember-the-word", full_page=False)
            page.locator("#word-dialog .word-choice").first.click()
            expect(page.locator("#word-dialog .word-result")).to_be_visible()
            self.answered += 1
            self.shoot_once("game-remember-the-word-answer", full_page=False)
            page.get_by_role("button", name="Back to the game").click()
            return True
        if state["word"] == "answer":
            page.get_by_role("button", name="Back to the game").click()
            return True
        if not state["moves"] or state["pending"]:
            return False
        if page.locator("#verse-moment").is_visible():
            self.shoot_once("game-verse")
        return self._click_a_move(state["version"])

    def _click_a_move(self, version: int) -> bool:
        body = self.page.locator("#actions-body")
        done = body.locator(".action-done")
        order = [".action-stone", ".action-well", ".seat-choice", ".story-choice"]
        if done.count() and self.rng.random() < 0.45:
            order.insert(0, ".action-done")
        order.append(".action-done")
        for selector in order:
            buttons = body.locator(f"{selector}:not([disabled])")
            count = buttons.count()
            if not count:
                continue
            pick = 0 if selector in (".action-stone", ".action-well") else self.rng.randrange(count)
            try:
                buttons.nth(pick).click(timeout=3000)
            except Exception:
                return False  # the panel was redrawn under us; look again
            if selector != ".story-choice":
                table_model(self.page, "(m, v) => !m.pending || m.version > v", version, until=True)
            return True
        return False


def test_two_members_play_a_private_game_to_the_end_and_play_again(live_asgi, new_page, tmp_path):
    outbox = tmp_path / "outbox"
    server = live_asgi(
        GAME_FIXED_SEED=20261129,
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(outbox),
    )
    load_deck()

    host = new_page()
    errors: list[str] = []
    host.on("pageerror", lambda error: errors.append(f"host: {error}"))
    sign_up(host, server.url, "miriam@example.org", "Miriam", outbox)
    host.reload()  # the start screen itself, without the one-off "signed in" message
    shoot(host, "start")
    assert axe_violations(host) == []

    expect(host.get_by_label("Remember the Word")).to_be_checked()
    host.get_by_role("button", name="Start a private table").click()
    code_box = host.locator(".table-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z]{4}$"))
    code = code_box.inner_text()
    expect(host.locator("#waiting-seats .is-taken")).to_have_count(1)

    guest_user = UserFactory(gamer_tag="Barnabas")
    guest = new_page()
    guest.on("pageerror", lambda error: errors.append(f"guest: {error}"))
    sign_in(guest, server, guest_user)
    guest.goto(server.url + "/")
    guest.get_by_label("Table code").fill(code.lower())
    guest.get_by_role("button", name="Join", exact=True).click()
    expect(guest.locator(".table-code")).to_have_text(code)

    # The host sees Barnabas sit down without a reload.
    expect(host.locator("#waiting-seats")).to_contain_text("Barnabas")
    assert errors == []
    expect(host.locator("#waiting-seats .is-taken")).to_have_count(2)
    shoot(host, "waiting-room")
    assert axe_violations(host) == []
    expect(guest.get_by_role("button", name="Start the game")).to_have_count(0)

    host.get_by_role("button", name="Start the game").click()
    for page in (host, guest):
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator(".seat-chip")).to_have_count(4)
    expect(guest.locator("#seats")).to_contain_text("JagAI")
    # One compact row per story on a phone; a tap opens its full cards.
    expect(host.locator(".game-card").first).to_be_hidden()
    host.locator(".story-group > summary").first.click()
    expect(host.locator(".game-card").first).to_be_visible()
    expect(host.locator(".game-card-of").first).to_have_text(re.compile(r"Story \d+ of 20"))
    expect(host.locator(".story-group .game-card .game-card-pips").first.locator("li")).to_have_count(4)
    expect(host.locator("#turn-banner")).to_have_text("Your turn")
    shoot(host, "game")
    assert axe_violations(host) == []

    # A reaction reaches the other seat.
    host.get_by_role("button", name="Amen!").click()
    expect(guest.locator("#toasts")).to_contain_text("Miriam: Amen!")

    # The guest's connection drops: the page says so and comes back by itself, without a reload.
    guest.evaluate("() => { window.stillThisPage = true; }")
    guest.context.set_offline(True)
    table_model(guest, "(m, _, t) => t.socket.ws.close(4000)")
    expect(guest.locator("#conn-status")).to_be_visible()
    expect(guest.locator("#conn-status")).to_contain_text("Reconnecting…")
    guest.context.set_offline(False)
    expect(guest.locator("#conn-status")).to_be_hidden()
    assert guest.evaluate("() => window.stillThisPage === true")

    players = [Driver(host, "host", random.Random(1)), Driver(guest, "guest", random.Random(2))]
    deadline = time.monotonic() + GAME_TIME_LIMIT
    while time.monotonic() < deadline:
        states = [p.state() for p in players]
        if all(s and s["over"] for s in states):
            break
        if not any(p.step() for p in players):
            time.sleep(0.1)
    else:
        pytest.fail("the game did not reach its end in time")

    assert sum(p.answered for p in players) >= 1, "nobody was asked a Remember the Word question"
    assert {"game-verse"} & (players[0].shots | players[1].shots)
    for page in (host, guest):
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator(".rank-row")).to_have_count(2)
    expect(host.locator("#end-reason")).to_contain_text(re.compile("Twelve stones|no more stones|wins"))
    expect(host.locator("#log")).to_contain_text("asked")
    shoot(host, "end-screen")
    assert axe_violations(host) == []

    host.get_by_role("button", name="Play again").click()
    expect(host.locator(".table-code")).to_have_text(re.compile(r"^[A-Z]{4}$"))
    new_code = host.locator(".table-code").inner_text()
    guest.get_by_role("button", name="Join the new table").click()
    expect(guest.locator(".table-code")).to_have_text(new_code)
    expect(host.locator("#waiting-seats")).to_contain_text("Barnabas")
    assert errors == []

    # The finished game is listed under My games, and the new table is one tap away.
    host.goto(server.url + "/")
    finished = host.get_by_role("region", name="My games").locator(".my-game")
    expect(finished).to_have_count(1)
    expect(finished).to_contain_text(code)
    expect(finished).to_contain_text(re.compile(r"Won|Shared win|Place \d"))
    waiting = host.get_by_role("region", name="Your tables").locator(".my-game")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text(new_code)
    expect(waiting.get_by_role("link", name=re.compile("Back to your table"))).to_be_visible()
    shoot(host, "start-my-games")
