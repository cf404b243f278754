"""Socket dispatch without a trip to the database thread for every message.

Channels (4.2 and later) runs `close_old_connections` in the database worker thread before it hands
any message to a consumer's handler. There is one such thread per process, so every frame and every
relayed update waited behind whatever query was running. Our consumers never touch the database on
the event loop: every query goes through `database_sync_to_async`, which closes stale connections
itself before and after the call, in the thread that holds them. So they skip the extra trip.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name


async def dispatch_at_once(consumer: Any, message: dict) -> None:
    """Run the consumer's handler of a message (Channels' name for its type) at once, in the order
    messages arrive."""
    handler = getattr(consumer, get_handler_name(message), None)
    if handler is None:
        raise ValueError(f"No handler for message type {message['type']}")
    await handler(message)


class DirectDispatch:
    """Mix in before an AsyncConsumer class (the benchmark's floors do): `dispatch_at_once`."""

    async def dispatch(self, message: dict) -> None:
        await dispatch_at_once(self, message)
