"""Redis restarts under a live server running the site's own channel layer (pub/sub, built by
game/realtime/redis_layer.py as settings build it), with a socket held open through the restart or
with none: the first socket after the restart is welcomed the first time, the first move after it
reaches the other seat (and the held socket) live, not at a later resync (these test clients never
resync), and a socket that closed while Redis was down leaves a warning, not our traceback.

The live server uses a Redis of the test's own (tests/realtime/own_redis.py) for its channel layer
and cache. tests/realtime/test_redis_layer.py restarts Redis under the layer alone, many times.
"""

from __future__ import annotations

import pytest

from game.realtime.redis_layer import redis_channel_layer
from tests.realtime.own_redis import wait_for
from tests.realtime.sockets import Tab, move_over
from tests.trust import session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE_LINES = (
    "WARNING game.sockets.base a websocket.disconnect message met an outage",
    "WARNING game.realtime.presence presence: could not note a member leaving",
    "WARNING game.realtime.redis_layer Redis subscriber connection: ConnectionError",
)


@pytest.mark.parametrize("hold", [True, False], ids=["a-socket-held-open", "no-socket-open"])
def test_the_site_layer_carries_on_when_redis_restarts(deck, live_asgi, server_log, table, own_redis, hold):
    made, host, guest = table
    # Signed in before the server's settings point the cache at this Redis: on PostgreSQL + Redis
    # a sign-in goes through axes, whose handler keeps the cache it first meets for good.
    cookies = {user: session_cookie_of(signed_in_client(user)) for user in (host, guest)}
    url = own_redis.url
    server = live_asgi(
        TEST_SERVER_LOG=str(server_log),
        CHANNEL_LAYERS={"default": redis_channel_layer(url)},
        CACHES=own_redis.caches(),
    )

    def tab(user) -> Tab:
        return Tab(server, made.code, cookies[user])

    host_tab, guest_tab = tab(host), tab(guest)
    leaving = tab(host)  # the host's second tab
    version = move_over({1: host_tab, 2: guest_tab}, made.pk, "before")
    guest_tab.until_version(version)
    host_tab.close()
    if hold:
        held = [guest_tab]  # open through the restart; the second tab closes while Redis is down
    else:
        held = []  # the process listens to nothing when Redis stops: its connections sit idle
        guest_tab.close()
        leaving.close()
        wait_for(own_redis.listens_to_nothing, "unsubscribing")

    own_redis.stop()
    if hold:
        closes = server_log.read_text().count("socket closed by client")
        leaving.close()
        wait_for(lambda: server_log.read_text().count("socket closed by client") > closes, "the close")
    own_redis.start()
    restarted = len(server_log.read_text())

    # The first sockets on the process after the restart, each welcomed the first time.
    host_tab, guest_tab = tab(host), tab(guest)
    assert host_tab.welcome["version"] == version
    assert guest_tab.welcome["version"] == version
    # The first move after the restart: its update reaches the other seat, and a socket held open
    # through the restart (the other seat's, or the mover's seat's other tab), as it is sent.
    after = move_over({1: host_tab, 2: guest_tab}, made.pk, "after")
    for tab in [host_tab, guest_tab, *held]:
        tab.until_version(after)

    log = server_log.read_text()
    # A socket closed before the restart may still be handled after it on a busy machine: the lines
    # its close leaves about the outage (one each) are not the restart's, whenever they land.
    since = "\n".join(line for line in log[restarted:].splitlines() if not line.startswith(OUTAGE_LINES))
    assert "failed" not in since and "Traceback" not in since and "4500" not in since, since
    # A socket that closed while Redis was down leaves one warning, never our traceback.
    assert "a websocket.disconnect message failed" not in log, log
    assert "HTTP 500" not in log and " 500 " not in log, log
