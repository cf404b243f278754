"""ASGI entry point: HTTP to Django, WebSockets through the origin check, the session and the router."""

import gc
import os

from django.core.asgi import get_asgi_application

from justalllowgod.env import load_settings_or_exit, set_up_or_exit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "justalllowgod.settings")
# Under daphne too, a setting start-up refuses is one line naming the variable (exit status 78),
# whether the settings refuse it or an app as it is made ready.
load_settings_or_exit()
django_asgi_app = set_up_or_exit(get_asgi_application)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from game.metrics import open_sockets_of  # noqa: E402
from game.realtime import outbox  # noqa: E402
from game.sockets.agent import AgentConsumer  # noqa: E402
from game.sockets.doors import FrameGuard, OriginCheck, OutageDoor  # noqa: E402
from justalllowgod.lib.addresses import without_forged_forwarding  # noqa: E402
from justalllowgod.lib.logs import log_sockets, note_member  # noqa: E402
from justalllowgod.routing import websocket_urlpatterns  # noqa: E402

AGENT_PATH = "/ws/agent/"
# Frames are capped and counted as they arrive (FrameGuard), inside the session so its log lines
# can name the member. log_sockets, outermost, writes one line per socket opened and one per socket
# closed or refused (refused at the origin check too), counted open by kind in /metrics; note_member
# tells it who the member is.
# OutageDoor, outside the session, answers an outage met before a consumer runs with close 4500
# instead of HTTP 500.
browser_sockets = log_sockets(
    OriginCheck(OutageDoor(AuthMiddlewareStack(note_member(FrameGuard(URLRouter(websocket_urlpatterns)))))),
    open_sockets_of,
)
agent_sockets = log_sockets(OutageDoor(FrameGuard(AgentConsumer.as_asgi())), open_sockets_of)


async def websocket_app(scope, receive, send):
    """Browsers prove who they are with a session cookie from our own origin; agents with a token."""
    app = agent_sockets if scope["path"] == AGENT_PATH else browser_sockets
    return await app(scope, receive, send)


router = ProtocolTypeRouter({"http": django_asgi_app, "websocket": websocket_app})


async def application(scope, receive, send):
    """Every connection first attaches the server's event loop to the outbox, so that services in
    worker threads hand it their messages without waiting for it (game/realtime/outbox.py), and
    loses the forwarding headers of anyone but our proxy (justalllowgod/lib/addresses.py)."""
    outbox.attach()
    return await router(without_forged_forwarding(scope), receive, send)


# Everything loaded so far lives as long as the process: the collector need not scan it again.
gc.freeze()
# A full collection stops every socket of the process while it scans every live object: 200-300 ms
# with 1,200 sockets on the benchmark machine, to free a few hundred objects. Python considers one
# after every 10 collections of the middle generation; here after every 100 (and still only once a
# quarter more objects have outlived them since the last). docs/performance.md has the figures.
gc.set_threshold(700, 10, 100)
