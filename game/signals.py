"""What the game tells other apps, so that it never imports them (moderation listens; see its apps.py)."""

from __future__ import annotations

from django.dispatch import Signal

# Sent by the service that finishes a game, inside its transaction: game_id.
game_finished = Signal()
