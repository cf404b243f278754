"""Transport addressing: the channel-layer groups a message is published to, by name."""

from __future__ import annotations

LOBBY_GROUP = "lobby"  # every start screen: the open public tables


def table_group(table_id: int) -> str:
    """Everyone connected to a table: the public table facts and reactions."""
    return f"table-{table_id}"


def member_group(table_id: int, user_id: int) -> str:
    """One member's sockets at one table: their own seat's view."""
    return f"table-{table_id}-user-{user_id}"


def agent_seat_group(table_id: int, agent_id: int) -> str:
    """One approved agent's socket at one table: its own seat's view."""
    return f"table-{table_id}-agent-{agent_id}"


def audience_group(table_id: int, language: str = "en") -> str:
    """A table's screens and watchers reading `language`: the public view (engine.public_view) of
    every move, its cards and verses in that language (R43)."""
    return f"table-{table_id}-public" if language == "en" else f"table-{table_id}-public-{language}"


def screen_group(screen_id: int) -> str:
    """One big-screen link's socket, to close it when the link is turned off."""
    return f"screen-{screen_id}"


def watcher_group(table_id: int, user_id: int) -> str:
    """One watcher's sockets at one table, to close them when the host removes them."""
    return f"table-{table_id}-watcher-{user_id}"
