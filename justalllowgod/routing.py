"""WebSocket routes."""

from __future__ import annotations

from django.urls import path

from game.consumers import LobbyConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
]
