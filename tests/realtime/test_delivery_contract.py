"""The delivery contract (docs/realtime.md) through a real daphne process over real sockets.

It runs on whichever channel layer the settings choose: the embedded in-memory layer, or Redis when
REDIS_URL is set (CI's second pass), with PostgreSQL when DATABASE_URL is set.
"""

from __future__ import annotations

import time

import pytest

from game import services
from game.models import Game
from game.realtime import outbox
from tests.e2e.helpers import in_a_thread
from tests.factories import signed_in_session
from tests.game.support import play_one_move
from tests.realtime.sockets import WAIT, assert_in_order, move_over, next_move, tab_for, versions_reached

pytestmark = pytest.mark.django_db(transaction=True)

# The keep-alive interval of the browser and of examples/agent.py (docs/realtime.md).
PING_SECONDS = 10


def test_each_socket_gets_every_update_in_order_and_a_second_tab_the_same(server, table):
    made, host, guest = table
    host_tab, second_tab, guest_tab = (
        tab_for(server, made, host),
        tab_for(server, made, host),
        tab_for(server, made, guest),
    )
    tabs = {1: host_tab, 2: guest_tab}
    for k in range(8):
        version = move_over(tabs, made.pk, f"m{k}")
        if Game.objects.get(table_id=made.pk).table.status != "playing":
            break
    for tab in (host_tab, second_tab, guest_tab):
        tab.until_version(version)
        assert_in_order(tab)
    for tab in (host_tab, second_tab, guest_tab):
        assert versions_reached(tab.views()) == list(range(1, version + 1))
    # Each seat sees its own hand only: the two tabs of one member agree, the guest's differs.
    assert second_tab.views()[-1]["view"] == host_tab.views()[-1]["view"]
    assert guest_tab.views()[-1]["view"]["seat"] != host_tab.views()[-1]["view"]["seat"]


def test_nothing_is_lost_across_a_reconnect(server, table):
    made, host, guest = table
    host_tab, guest_tab = tab_for(server, made, host), tab_for(server, made, guest)
    seen = move_over({1: host_tab, 2: guest_tab}, made.pk, "before")
    guest_tab.until_version(seen)
    guest_tab.close()
    # The game goes on while the guest's socket is away.
    missed = [play_one_move(made.pk, {1: host, 2: guest}) for _ in range(3)]
    back = tab_for(server, made, guest)
    assert back.welcome["version"] == missed[-1]
    back.send({"type": "hello", "version": seen})
    catchup = back.until(lambda m: m["type"] == "catchup")
    assert catchup["complete"] is True
    assert sorted({e["version"] for e in catchup["events"]}) == missed == [seen + 1, seen + 2, seen + 3]
    assert catchup["version"] == missed[-1]


def test_a_snapshot_is_never_overtaken_while_moves_go_on(server, table):
    made, host, guest = table
    host_tab, guest_tab = tab_for(server, made, host), tab_for(server, made, guest)
    tabs = {1: host_tab, 2: guest_tab}
    for k in range(6):
        # The guest asks for a catchup just before every move: the move's update and the catchup
        # race on the guest's socket, and the contract says which order they may arrive in.
        guest_tab.send({"type": "hello", "version": 0})
        version = move_over(tabs, made.pk, f"r{k}")
        if Game.objects.get(table_id=made.pk).table.status != "playing":
            break
    guest_tab.until_version(version)
    catchups = [m for m in guest_tab.got if m["type"] == "catchup"]
    assert catchups, "every hello is answered"
    assert_in_order(guest_tab)


def test_a_socket_closed_mid_send_costs_the_others_nothing(server, table, server_log):
    made, host, guest = table
    host_tab, guest_tab = tab_for(server, made, host), tab_for(server, made, guest)
    doomed = tab_for(server, made, guest)
    tabs = {1: host_tab, 2: guest_tab}
    seat, version, move = next_move(made.pk)
    tabs[seat].send({"type": "move", "id": "mid", "version": version, "move": move})
    # Gone without a goodbye, while the update for its seat is on its way to it.
    doomed.ws.socket.close()
    tabs[seat].until(lambda m: m.get("id") == "mid")
    for k in range(3):
        version = move_over(tabs, made.pk, f"after{k}")
    for tab in (host_tab, guest_tab):
        tab.until_version(version)
        assert_in_order(tab)
    time.sleep(0.5)
    log = server_log.read_text() if server_log.exists() else ""
    assert "Traceback" not in log


def _commit_without_publishing(table_id: int, members: dict, monkeypatch) -> int:
    """A move that commits while its update is lost: as if the process that committed it died
    (kill -9) before it published. The publish is dropped in this process only; the server that
    holds the sockets is another process and hears nothing of it."""
    dropped = []
    monkeypatch.setattr(outbox, "send_all", dropped.append)
    seat, version, move = next_move(table_id)
    result = services.play_move(
        table_id=table_id,
        user=members[seat],
        session_key=signed_in_session(members[seat]),
        move_id="lost",
        version=version,
        move=move,
    )
    monkeypatch.undo()
    played, applied = result.game, result.applied
    assert applied and dropped, "the move committed and its publish was dropped"
    return played.version


def test_a_lost_update_is_seen_at_the_next_ping_and_caught_up(server, table, monkeypatch):
    made, host, guest = table
    guest_tab = tab_for(server, made, guest)
    held = guest_tab.welcome["version"]
    lost = in_a_thread(lambda: _commit_without_publishing(made.pk, {1: host, 2: guest}, monkeypatch))
    assert lost == held + 1
    with pytest.raises(TimeoutError):
        guest_tab.until(lambda m: m["type"] == "update", within=1)  # it really was lost
    # What every client does within one keep-alive interval: a ping, whose pong names the version.
    started = time.monotonic()
    guest_tab.send({"type": "ping"})
    pong = guest_tab.until(lambda m: m["type"] == "pong")
    assert pong["version"] == lost > held
    guest_tab.send({"type": "hello", "version": held})
    catchup = guest_tab.until(lambda m: m["type"] == "catchup")
    assert catchup["version"] == lost
    assert {e["version"] for e in catchup["events"]} == {lost}
    assert time.monotonic() - started < PING_SECONDS


def test_every_message_names_the_version(server, table):
    made, host, guest = table
    host_tab, guest_tab = tab_for(server, made, host), tab_for(server, made, guest)
    version = move_over({1: host_tab, 2: guest_tab}, made.pk, "v1")
    guest_tab.until_version(version)
    for tab in (host_tab, guest_tab):
        tab.send({"type": "ping"})
        assert tab.until(lambda m: m["type"] == "pong")["version"] == version
        tab.send({"type": "move", "id": "bad", "version": version, "move": {"nonsense": {}}})
        assert tab.until(lambda m: m["type"] == "error")["version"] == version
    assert all(type(m.get("version")) is int for tab in (host_tab, guest_tab) for m in tab.got)
    assert WAIT >= PING_SECONDS
