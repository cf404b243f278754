"""A whole game played with the keyboard alone, as a screen reader user would: Tab, arrows, Enter and
Space; the live region says every other seat's move in the log's words; axe finds nothing on any screen."""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from game import services
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot, table_model
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

GAME_TIME_LIMIT = 300
MAX_PRESSES = 80

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

# Records what the live region says and what the log gains, from now on.
LISTEN = """() => {
  window.spoken = [];
  window.logged = [];
  const announcer = document.getElementById("announcer");
  new MutationObserver(() => {
    if (announcer.textContent) window.spoken.push(announcer.textContent);
  }).observe(announcer, { childList: true, characterData: true, subtree: true });
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) window.logged.push(node.textContent);
  }).observe(document.getElementById("log"), { childList: true });
  // Every focus stop, and those left out of view (or under the pinned bar) once the page settles.
  window.stops = 0;
  window.offscreen = [];
  document.addEventListener("focusin", (event) => {
    const el = event.target;
    window.stops += 1;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (document.activeElement !== el || el.closest("dialog")) return;
      const bar = document.getElementById("game").hidden || el.closest(".game-top") ? null : document.querySelector(".game-top");
      const pin = bar ? bar.getBoundingClientRect() : { top: 0, bottom: 0 };
      const top = pin.top <= 1 ? pin.bottom : 0; // the bar covers the page only once it is pinned
      const box = el.getBoundingClientRect();
      const tall = box.height > innerHeight - top;
      const under = box.top < pin.bottom - 1 && box.bottom > pin.top + 1;
      const out = tall ? box.bottom < top + 20 || box.top > innerHeight - 20 : under || box.top < -1 || box.bottom > innerHeight + 1;
      if (out) window.offscreen.push(`${el.outerHTML.slice(0, 60)} top ${Math.round(box.top)} bottom ${Math.round(box.bottom)} bar ${Math.round(top)} of ${innerHeight} at ${Math.round(scrollY)}`);
    }));
  });
}"""

# Where the focus is, relative to the button the player wants.
WHERE = """() => {
  const target = document.querySelector("[data-kb-target]");
  const active = document.activeElement;
  if (!target) return "gone";
  if (active === target) return "there";
  const group = target.closest("[data-arrows]");
  if (group && active && group.contains(active) && active.tagName === "BUTTON") {
    const buttons = [...group.querySelectorAll("button:not([disabled])")];
    return buttons.indexOf(target) > buttons.indexOf(active) ? "arrow-next" : "arrow-back";
  }
  if (!active || active === document.body) return "tab";
  return target.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? "shift-tab" : "tab";
}"""

FOCUS_IN_ACTIONS = """() => {
  const active = document.activeElement;
  return !!active && (active.closest("#actions-body") !== null || active.id === "actions-title");
}"""


def press_until_focused(page, selector: str, nth: int) -> bool:
    """Mark one button, then move the focus to it with Tab, Shift+Tab or arrows only."""
    marked = page.evaluate(
        """([selector, nth]) => {
          for (const el of document.querySelectorAll("[data-kb-target]")) el.removeAttribute("data-kb-target");
          const el = document.querySelectorAll(selector)[nth];
          if (el) el.setAttribute("data-kb-target", "");
          return !!el;
        }""",
        [selector, nth],
    )
    if not marked:
        return False
    keys = {"tab": "Tab", "shift-tab": "Shift+Tab", "arrow-next": "ArrowRight", "arrow-back": "ArrowLeft"}
    for _ in range(MAX_PRESSES):
        where = page.evaluate(WHERE)
        if where == "there":
            return True
        if where == "gone":
            return False  # the panel was redrawn under us; look again
        page.keyboard.press(keys[where])
    return False


class KeyboardPlayer:
    """Plays one seat with key presses only; reads the page to decide, never clicks."""

    def __init__(self, page, rng: random.Random) -> None:
        self.page, self.rng = page, rng
        self.moves_made = 0
        self.just_moved = False
        self.answered = 0
        self.misplaced_focus: list[str] = []
        self.shot_word = False

    def state(self) -> dict | None:
        return table_model(self.page, STATE)

    def step(self) -> bool:
        state = self.state()
        if state is None or state["over"]:
            return False
        page = self.page
        if state["word"] == "question":
            return self._answer()
        if state["word"] == "answer":
            expect(page.get_by_role("button", name="Back to the game")).to_be_focused()
            page.keyboard.press("Enter")
            return True
        if not state["moves"] or state["pending"]:
            return False
        if self.just_moved and not page.evaluate(FOCUS_IN_ACTIONS):
            self.misplaced_focus.append(page.evaluate("() => document.activeElement?.outerHTML.slice(0, 80)"))
        self.just_moved = False
        return self._move(state["version"])

    def _answer(self) -> bool:
        page = self.page
        dialog = page.get_by_role("dialog", name="Remember the Word")
        expect(dialog).to_be_visible()
        expect(dialog.locator(".word-choice").first).to_be_focused()
        if not self.shot_word:
            self.shot_word = True
            screenshot(page, "keyboard-remember-the-word", full_page=False)
            assert axe_violations(page) == [], "Remember the Word"
        for _ in range(self.rng.randrange(3)):
            page.keyboard.press("ArrowDown")
        page.keyboard.press(self.rng.choice(["Enter", "Space"]))
        expect(dialog.locator(".word-result")).to_be_visible()
        self.answered += 1
        return True

    def _move(self, version: int) -> bool:
        body = self.page.locator("#actions-body")
        order = [".action-stone", ".action-well", ".seat-choice", ".story-choice"]
        if body.locator(".action-done").count() and self.rng.random() < 0.45:
            order.insert(0, ".action-done")
        order.append(".action-done")
        for selector in order:
            count = body.locator(f"{selector}:not([disabled])").count()
            if not count:
                continue
            nth = 0 if selector in (".action-stone", ".action-well") else self.rng.randrange(count)
            if not press_until_focused(self.page, f"#actions-body {selector}:not([disabled])", nth):
                return False
            self.page.keyboard.press(self.rng.choice(["Enter", "Space"]))
            if selector == ".story-choice":
                # The seats to ask come next, and the focus goes to the first of them.
                expect(self.page.locator("#actions-body .seat-choice").first).to_be_focused()
            else:
                self.moves_made += 1
                self.just_moved = True
                table_model(self.page, "(m, v) => !m.pending || m.version > v", version, until=True)
            return True
        return False


def test_two_members_play_a_whole_game_with_the_keyboard_and_hear_every_move(live_asgi, new_page):
    server = live_asgi(GAME_FIXED_SEED=20261130)
    load_deck()
    miriam, barnabas = UserFactory(gamer_tag="Miriam"), UserFactory(gamer_tag="Barnabas")

    def seat_both() -> str:
        table = services.create_private_table(user=miriam, seats=4, remember_word=True).table
        services.join_by_code(user=barnabas, code=table.code)
        return table.code

    code = in_a_thread(seat_both)
    pages = {}
    for member in (miriam, barnabas):
        page = new_page()
        sign_in(page, server, member)
        page.goto(f"{server.url}/t/{code}/")
        pages[member.gamer_tag] = page
    host, guest = pages["Miriam"], pages["Barnabas"]
    expect(host.locator("#waiting-seats")).to_contain_text("Barnabas")
    assert axe_violations(host) == [], "waiting room"

    # The host starts the game from the keyboard.
    host.keyboard.press("Tab")  # the skip link comes first
    assert press_until_focused(host, "#waiting-actions button", 0)
    expect(host.get_by_role("button", name="Start the game")).to_be_focused()
    host.keyboard.press("Enter")
    for page in (host, guest):
        expect(page.locator("#game")).to_be_visible()
        page.evaluate(LISTEN)
    assert axe_violations(host) == [], "the game, my turn"
    assert axe_violations(guest) == [], "the game, someone else's turn"

    players = [KeyboardPlayer(host, random.Random(1)), KeyboardPlayer(guest, random.Random(2))]
    deadline = time.monotonic() + GAME_TIME_LIMIT
    axe_mid_game = False
    while time.monotonic() < deadline:
        states = [p.state() for p in players]
        if all(s and s["over"] for s in states):
            break
        if not axe_mid_game and states[0] and len(table_model(host, "(m) => m.view.stones")) >= 2:
            axe_mid_game = True
            assert axe_violations(host) == [], "mid-game, with stones in the circle"
        if not any(p.step() for p in players):
            time.sleep(0.1)
    else:
        pytest.fail("the game did not reach its end in time")

    for player in players:
        assert player.moves_made > 5
        assert player.misplaced_focus == [], "after a move, the next choice should have the focus"
    assert axe_mid_game
    # Issue 34: the focus is never put on a control out of view (5 of 197 stops were, before).
    for page in (host, guest):
        page.wait_for_timeout(100)
        assert page.evaluate("() => window.stops") > 20
        assert page.evaluate("() => window.offscreen") == [], "the focus went out of view"

    # The live region said every sentence the log gained, in the same words, and that includes every
    # move the other seats made.
    for me, other, page in (("Miriam", "Barnabas", host), ("Barnabas", "Miriam", guest)):
        expect(page.locator("#end")).to_be_visible()
        spoken = " ".join(page.evaluate("() => window.spoken"))
        logged = [
            line for line in page.evaluate("() => window.logged") if not line.startswith("The game is over")
        ]
        unsaid = [line for line in logged if line not in spoken]
        assert unsaid == [], f"{me}'s live region did not say: {unsaid[:3]}"
        theirs = [line for line in logged if line.startswith((other, "JagAI"))]
        assert any(re.match(rf"{other} asked", line) for line in theirs), f"{me} never heard {other} ask"
        assert any(line.startswith("JagAI") for line in theirs)

    # The end screen opens at its heading (after the last stone's Remember the Word answer, R34,
    # if the game ended on a Word card), and passes axe.
    if host.locator("#word-dialog").evaluate("dialog => dialog.open"):
        expect(host.get_by_role("button", name="See how the game ended")).to_be_focused()
        host.keyboard.press("Enter")
    expect(host.locator("#end-title")).to_be_focused()
    assert axe_violations(host) == [], "the end screen"

    # The replay, reached by keyboard from the start page.
    host.goto(server.url + "/")
    assert press_until_focused(host, ".my-game a", 0)
    host.keyboard.press("Enter")
    expect(host.locator("#replay")).to_be_visible()
    assert axe_violations(host) == [], "the replay"
    expect(host.locator("#rp-turn")).to_have_text("The deal")
    assert press_until_focused(host, "#rp-forward", 0)
    host.keyboard.press("Enter")
    expect(host.locator("#rp-turn")).to_have_text(re.compile("was to move|You were to move|The game is over"))
    assert axe_violations(host) == [], "the replay, one step in"
