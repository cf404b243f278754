"""WebSocket routes."""

from __future__ import annotations

from django.urls import path

from game.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/table/<str:code>/", TableConsumer.as_asgi()),
]
