"""WebSocket routes."""

from __future__ import annotations

from django.conf import settings
from django.urls import path

from game.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/table/<str:code>/", TableConsumer.as_asgi()),
]

if settings.BENCH_ECHO:  # benchmark only: the transport floor (bench/echo.py)
    from bench.echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/bench/echo/", EchoConsumer.as_asgi()))
