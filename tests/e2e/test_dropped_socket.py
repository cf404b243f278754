"""The table in the browser keeps going when its socket drops mid-move or an update is lost: no
reload, the move applied once, the buttons free again (docs/realtime.md)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.models import Game, GameEvent
from tests.e2e.helpers import in_a_thread, table_model
from tests.game.support import commit_without_publishing

pytestmark = pytest.mark.django_db(transaction=True)

# The page's keep-alive interval (static/js/socket.js), and room for a slow machine after it.
PING_SECONDS = 10
SLACK_SECONDS = 5

# Break the page's socket at the next move: the frame is dropped ("before") or sent ("after"), and
# the connection closes at once, as a network that went away would.
DROP_AT_NEXT_MOVE = """(when) => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (JSON.parse(data).type !== "move") return send.call(this, data);
    WebSocket.prototype.send = send;
    window.droppedMove = JSON.parse(data).id;
    if (when === "after") send.call(this, data);
    this.close(3000);
  };
}"""


def game_row(table_id: int) -> Game:
    return in_a_thread(lambda: Game.objects.get(table_id=table_id))


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_socket_dropped_mid_move_comes_back_and_the_move_is_applied_once(host_at_table, when):
    page, table, _members = host_at_table
    version = table_model(page, "(m) => m.version")
    page.evaluate(DROP_AT_NEXT_MOVE, when)
    table_model(page, "(m, _, t) => t.sendMove(m.view.legal_moves[0])")
    move_id = page.evaluate("() => window.droppedMove")
    assert move_id and table_model(page, "(m) => m.pending !== null")
    table_model(page, "(m, v) => m.version > v && m.pending === null", version, until=True)
    assert page.evaluate("() => window.notReloaded") is True
    expect(page.locator("#conn-status")).to_be_hidden()
    game = game_row(table.pk)
    assert game.version == version + 1
    assert in_a_thread(lambda: GameEvent.objects.filter(game=game, move_id=move_id).count()) == 1
    # The buttons answer again: the next move goes through on the new socket.
    if table_model(page, "(m) => m.view.turn === m.view.seat"):
        table_model(page, "(m, _, t) => t.sendMove(m.view.legal_moves[0])")
        table_model(page, "(m, v) => m.version > v", version + 1, until=True)


def test_an_update_lost_on_its_way_reaches_the_page_within_the_keep_alive(host_at_table):
    page, table, members = host_at_table
    version = table_model(page, "(m) => m.version")

    lost = in_a_thread(lambda: commit_without_publishing(table.pk, members))
    assert lost == version + 1
    table_model(
        page, "(m, v) => m.version === v", lost, until=True, timeout=(PING_SECONDS + SLACK_SECONDS) * 1000
    )
    assert page.evaluate("() => window.notReloaded") is True
    assert table_model(page, "(m) => m.logVersion") == lost


# How long the page waits for an answer to a ping or a move before taking its socket as lost.
ANSWER_SECONDS = 5


def test_a_network_that_goes_quiet_is_noticed_and_the_move_goes_once_it_is_back(host_at_table):
    """A phone that loses its network keeps its socket "open": the page must notice by itself."""
    page, table, _members = host_at_table
    version = table_model(page, "(m) => m.version")
    page.context.set_offline(True)
    table_model(page, "(m, _, t) => t.sendMove(m.view.legal_moves[0])")
    move_id = table_model(page, "(m) => m.pending.id")

    status = page.locator("#conn-status")
    expect(status).to_be_visible(timeout=(ANSWER_SECONDS + SLACK_SECONDS) * 1000)
    expect(status).to_contain_text("Your move will go as soon as you're back")
    assert game_row(table.pk).version == version  # nothing reached the server

    page.context.set_offline(False)
    table_model(
        page,
        "(m, v) => m.version > v && m.pending === null",
        version,
        until=True,
        timeout=(ANSWER_SECONDS + SLACK_SECONDS) * 1000,
    )
    expect(status).to_be_hidden()
    assert page.evaluate("() => window.notReloaded") is True
    game = game_row(table.pk)
    assert game.version == version + 1
    assert in_a_thread(lambda: GameEvent.objects.filter(game=game, move_id=move_id).count()) == 1
