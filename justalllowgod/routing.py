"""WebSocket routes."""

from __future__ import annotations

from django.conf import settings
from django.urls import path, re_path

from game.sockets.doors import NotFoundSocket
from game.sockets.lobby import LobbyConsumer
from game.sockets.screen import ScreenConsumer
from game.sockets.table import TableConsumer
from game.sockets.watcher import WatcherConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/table/<str:code>/", TableConsumer.as_asgi()),
    path("ws/screen/<str:secret>/", ScreenConsumer.as_asgi()),
    path("ws/watch/<str:code>/", WatcherConsumer.as_asgi()),
]

if settings.BENCH_ECHO:  # benchmark only: the transport floor (bench/echo.py)
    from bench.durable import DurableConsumer
    from bench.echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/bench/echo/", EchoConsumer.as_asgi()))
    # The durable floor (bench/durable.py): the least durable move, on the move's database thread.
    websocket_urlpatterns.append(path("ws/bench/durable/", DurableConsumer.as_asgi()))

# Last: any other path is closed with 4404 instead of the router's error and a traceback.
websocket_urlpatterns.append(re_path(r"", NotFoundSocket.as_asgi()))
