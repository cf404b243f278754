"""What the sockets of those who watch a table without a seat do alike: a table screen's
(game/sockets/screen.py) and a watcher's (game/sockets/watcher.py). Both get the public view
(engine.public_view) through the same delivery as seats: versions, catch-up, resync. They may say
hello and ping, nothing else; every hello, ping and catch-up asks afresh whether the screen or the
watcher may still see the table, and closes 4410 once not. Plain functions of the socket and its
state."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.protocol.messages import reading
from game.protocol.types import ClientType
from game.realtime.groups import audience_group, table_group
from game.sockets.closing import Close

if TYPE_CHECKING:
    from game.sockets.base import ServerSocket

# What an audience's socket takes: a move or a reaction is refused `not_seated`, anything else is
# `unknown_type`.
TAKES = frozenset({ClientType.HELLO, ClientType.MOVE, ClientType.PING, ClientType.REACT})


class Audience(Protocol):
    """A screen's or a watcher's state, as far as these functions read it."""

    table_id: int | None
    # The groups it listens to: the table's, its public view's, and its own.
    groups: tuple[str, ...]


async def enter(socket: ServerSocket, state: Audience, table_id: int, *own: str) -> None:
    """Join the table's public groups (before the welcome is read, as a seat's socket does), the
    public view's in the socket's language."""
    await leave(socket, state)
    state.table_id = table_id
    # The public view in the socket's own language (R43: the TV reads its own).
    state.groups = (table_group(table_id), audience_group(table_id, reading(socket.language)), *own)
    for group in state.groups:
        await socket.channel_layer.group_add(group, socket.channel_name)


async def leave(socket: ServerSocket, state: Audience) -> None:
    for group in state.groups:
        await socket.channel_layer.group_discard(group, socket.channel_name)
    state.groups = ()


async def send_welcome(socket: ServerSocket, welcome: dict | None, join_qr: Callable[[str], str]) -> bool:
    """Send the audience's welcome, with the address of the join QR image its page may load (the
    waiting room only); none means what it showed is gone: close 4410."""
    if welcome is None:
        await socket.refuse(Close.TURNED_OFF)
        return False
    del welcome["table_id"]
    audience = welcome["audience"]
    audience["join_qr"] = join_qr(audience["code"]) if audience["join_url"] else None
    if not socket.accepted:
        await socket.accept()
    await socket.delivery.send_json(welcome)
    socket.delivery.welcomed(welcome)
    return True


async def gone(socket: ServerSocket) -> None:
    """What it showed is no longer its own (the screen turned off, the watcher sent away)."""
    await socket.refuse(Close.TURNED_OFF)


async def turned_off(socket: ServerSocket) -> None:
    """The host turned the screen off, removed the watcher, or ended the game early."""
    if not socket.closed:
        await socket.refuse(Close.TURNED_OFF)
