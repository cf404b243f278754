"""The browser's LiveSocket against sockets that go quiet or never open, on a controlled clock:
it gives them up, and waits longer each time, so a stalled server is not asked again at once by
every page (static/js/socket.js)."""

from __future__ import annotations

import itertools

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

# A WebSocket that opens ("open") or hangs while connecting ("hang"), and never says a word.
SILENT_SOCKETS = """(mode) => {
  window.socketsMade = [];
  class Silent {
    constructor(url) {
      this.readyState = 0;
      this.listeners = {};
      window.socketsMade.push(Date.now());
      if (mode === "open") setTimeout(() => { this.readyState = 1; this.fire("open", {}); }, 10);
    }
    addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
    fire(type, event) { (this.listeners[type] || []).forEach((fn) => fn(event)); }
    send() {}
    close(code) { this.readyState = 3; setTimeout(() => this.fire("close", { code: code || 1006 }), 0); }
  }
  Object.assign(Silent, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Silent;
}"""

START = """async () => {
  const { LiveSocket } = await import("/static/js/socket.js");
  window.statuses = [];
  const socket = new LiveSocket("/ws/table/ABCD/", {
    onMessage() {}, onStatus: (s) => window.statuses.push(s), lastVersion: () => 1,
  });
  socket.connect();
}"""


@pytest.fixture
def quiet_page(live_asgi, new_page):
    server = live_asgi()
    page = new_page()
    page.clock.install()
    page.goto(server.url + "/how-to-play/")
    return page


def test_a_socket_that_opens_and_never_answers_is_given_up_with_longer_waits_each_time(quiet_page):
    page = quiet_page
    page.evaluate(SILENT_SOCKETS, "open")
    page.evaluate(START)
    page.clock.run_for(300_000)
    made = page.evaluate("() => window.socketsMade")
    gaps = [b - a for a, b in itertools.pairwise(made)]
    assert len(gaps) >= 8, gaps
    # The first socket is given up 5 s after its first ping (10 s), each later one 5 s after its
    # hello; then comes the backoff: 1, 2, 4 and 8 s (give or take a fifth), then 15 s at most.
    assert all(later > earlier for earlier, later in itertools.pairwise(gaps[1:5])), gaps
    assert min(gaps[5:]) >= 5_000 + 0.8 * 15_000, gaps
    assert "reconnecting" in page.evaluate("() => window.statuses")


def test_a_socket_that_never_opens_is_given_up_after_ten_seconds(quiet_page):
    page = quiet_page
    page.evaluate(SILENT_SOCKETS, "hang")
    page.evaluate(START)
    page.clock.run_for(9_000)
    assert len(page.evaluate("() => window.socketsMade")) == 1
    page.clock.run_for(3_000)
    assert len(page.evaluate("() => window.socketsMade")) == 2


def test_a_page_back_on_screen_asks_its_socket_at_once(quiet_page):
    """A phone's tab shown again after its network went: noticed within 5 s, not at the next ping."""
    page = quiet_page
    page.evaluate(SILENT_SOCKETS, "open")
    page.evaluate(START)
    page.clock.run_for(1_000)
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.clock.run_for(6_000)  # 7 s in all: before the first ping's own answer could be missed
    assert len(page.evaluate("() => window.socketsMade")) == 2
