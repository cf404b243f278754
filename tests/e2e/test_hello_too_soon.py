"""The browser's LiveSocket and the server's one catch-up per socket every few seconds (issue 28,
item 7): a second hello too soon is refused `hello_too_soon`; the page shows no error for it and
asks again at the next newer version (static/js/socket.js)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

SECOND_SOCKET = """async (path) => {
  const { LiveSocket } = await import("/static/js/socket.js");
  window.got = [];
  const socket = new LiveSocket(path, {
    onMessage: (m) => window.got.push(m.type === "error" ? m.code : m.type),
    onStatus() {},
    lastVersion: () => 0,
  });
  window.second = socket;
  socket.connect();
}"""


def test_a_hello_too_soon_is_refused_quietly_and_asked_again_later(host_at_table):
    page, table, _members = host_at_table
    page.evaluate(SECOND_SOCKET, f"/ws/table/{table.code}/")
    page.wait_for_function("() => window.got.includes('welcome')")
    # An update seen lost: the first hello on this socket is answered with its catch-up.
    page.evaluate("() => window.second.resyncIfBehind(0, 1000)")
    page.wait_for_function("() => window.got.includes('catchup')")
    # Another loss seen at once: that hello is refused, and the page's onMessage (which would show
    # an error toast) never hears of it...
    page.evaluate("() => window.second.resyncIfBehind(0, 1001)")
    page.wait_for_function("() => window.second.askedFor === -1", timeout=10_000)
    assert page.evaluate("() => window.got") == ["welcome", "catchup"]
    # ...while the socket will ask again at the next newer version (its next pong).
    assert page.evaluate("() => window.second.isOpen()")
