"""kill -9 right after a move commits: the other seat, on another server process, has that version
within one keep-alive interval, without reconnecting.

Two daphne processes share the database (and Redis, when REDIS_URL is set). The host's socket is on
process A, the guest's on process B. Process A is made to kill itself with SIGKILL at the moment it
would publish its first move's update: after the commit, before anything is sent. The guest's
client does what every client does (docs/realtime.md): it pings every 10 seconds and says hello
when a pong names a newer version than it holds.
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from game.models import Game
from game.realtime import outbox
from tests.realtime.sockets import next_move, tab_for

pytestmark = pytest.mark.django_db(transaction=True)

PING_SECONDS = 10
SLACK_SECONDS = 3  # a loaded machine answers a ping and a hello within this


def die_instead_of_publishing(sends) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def test_after_kill_9_right_after_a_commit_the_other_seat_has_the_version_within_the_interval(
    deck, live_asgi, server_log, table, monkeypatch
):
    made, host, guest = table
    monkeypatch.setattr(outbox, "send_all", die_instead_of_publishing)
    process_a = live_asgi(TEST_SERVER_LOG=str(server_log))
    monkeypatch.undo()
    process_b = live_asgi(TEST_SERVER_LOG=str(server_log))
    host_tab, guest_tab = tab_for(process_a, made, host), tab_for(process_b, made, guest)
    held = guest_tab.welcome["version"]
    seat, version, move = next_move(made.pk)
    assert seat == 1, "the host plays first (R3)"
    host_tab.send({"type": "move", "id": "last-words", "version": version, "move": move})
    assert host_tab.closed_code() in (None, 1006), "process A died without a word"
    killed_at = time.monotonic()
    assert Game.objects.get(table_id=made.pk).version == version + 1, "the move committed"

    # The guest's client: a ping every PING_SECONDS (its timer can fire any time in the interval,
    # so the first comes at the end of it: the worst case), a hello on a newer pong.
    caught_up = None
    while caught_up is None and time.monotonic() - killed_at < PING_SECONDS + SLACK_SECONDS:
        wait = max(0.0, killed_at + PING_SECONDS - time.monotonic())
        try:
            caught_up = guest_tab.until(
                lambda m: m.get("view") is not None and m["version"] > held, within=wait
            )
            break
        except TimeoutError:
            pass
        guest_tab.send({"type": "ping"})
        pong = guest_tab.until(lambda m: m["type"] == "pong")
        assert pong["version"] == version + 1
        guest_tab.send({"type": "hello", "version": held})
        caught_up = guest_tab.until(lambda m: m["type"] == "catchup")
    assert caught_up is not None and caught_up["version"] == version + 1
    assert time.monotonic() - killed_at <= PING_SECONDS + SLACK_SECONDS
    assert {e["version"] for e in caught_up["events"]} == {version + 1}
