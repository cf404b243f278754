"""Handing group messages from database threads to the server's event loop, in order, without waiting.

Services run in worker threads and send after their transaction commits. Waiting there for the event
loop (asgiref's async_to_sync) held the single database thread until the loop got round to the send,
so every move queued behind every socket's traffic. Instead, each server process attaches its event
loop here (asgi.py does, on every connection) and a thread only appends to a queue and wakes the
loop; one task per loop drains the queue in order, so messages still leave in commit order.

With no attached loop running (a management command, a separate `run_clock` process, a plain test),
the send happens in the calling thread as before.

What is sent is the protocol's business (game/protocol/publish.py builds the group messages, each
already encoded); the outbox only carries them, and knows no message type.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from game import metrics

log = logging.getLogger(__name__)

# Channel-layer group messages, (group, event), in the order they must leave.
Sends = list[tuple[str, dict]]


def to_text(message: dict) -> str:
    """A message as it goes on the wire: compact JSON."""
    return json.dumps(message, separators=(",", ":"))


async def group_send_all(sends: Sends) -> None:
    """Send each group message to its group, in order. A layer that can send them all in one go
    (game/realtime/redis_layer.py: one round trip to Redis) does; if that fails (Redis is down),
    each is logged as failed. Otherwise one after another, and one that fails does not stop the
    others."""
    layer = get_channel_layer()
    if layer is None or not sends:
        return
    send_together = getattr(layer, "group_send_all", None)
    if send_together is not None:
        try:
            await send_together(sends)
        except Exception:
            # Logged before counted: whoever watches the count then finds the line.
            log.exception("group send to %s failed", ", ".join(sorted({group for group, _ in sends})))
            metrics.LAYER_SEND_FAILURES.inc(len(sends))
        return
    for group, message in sends:
        try:
            await layer.group_send(group, message)
        except Exception:
            log.exception("group send to %s failed", group)
            metrics.LAYER_SEND_FAILURES.inc()


class Outbox:
    """One event loop's queue of sends from other threads, drained by at most one task at a time."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.thread_id = threading.get_ident()
        self.pending: deque[Sends] = deque()
        self.draining: asyncio.Task | None = None
        # Threads inside a socket's database call (`one_wake`): they queue, and wake the loop once
        # when the call returns.
        self.quiet: set[int] = set()

    def usable(self) -> bool:
        """Whether a thread can hand work to this loop: it is running and this is not its thread."""
        return self.loop.is_running() and threading.get_ident() != self.thread_id

    def put(self, sends: Sends) -> None:
        """From any thread: queue the sends and wake the loop (at once, or see `one_wake`)."""
        self.pending.append(sends)
        if threading.get_ident() not in self.quiet:
            self.loop.call_soon_threadsafe(self.wake)

    def wake(self) -> None:
        """On the loop: start draining unless a drain is already going (one at a time keeps the order)."""
        if self.draining is None or self.draining.done():
            self.draining = self.loop.create_task(self._drain())

    async def _drain(self) -> None:
        """Everything queued so far leaves together, in the order it was queued; what is queued
        while that is on its way leaves next, together again."""
        while self.pending:
            sends: Sends = []
            while self.pending:
                sends.extend(self.pending.popleft())
            await group_send_all(sends)


_current: Outbox | None = None  # the process's one outbox, on its event loop (`attach`)
_lock = threading.Lock()


@contextmanager
def one_wake() -> Iterator[None]:
    """Around a socket's call on the database thread: what it commits is queued in order as usual,
    but the loop is woken once, when the call returns, not at each commit. Waking it at the commit
    made the loop take the GIL from the database thread while that thread was still finishing, and
    the two took turns (docs/performance.md). This carries nothing back: the call's messages come
    back as its return value (game/services/play.py `Played`)."""
    outbox = _current
    if outbox is None:
        yield
        return
    me = threading.get_ident()
    outbox.quiet.add(me)
    try:
        yield
    finally:
        outbox.quiet.discard(me)
        if outbox.pending and outbox.usable():
            outbox.loop.call_soon_threadsafe(outbox.wake)


def attach() -> None:
    """Called on the event loop: make it the loop this process's threads hand their sends to."""
    global _current
    loop = asyncio.get_running_loop()
    if _current is not None and _current.loop is loop:
        return
    with _lock:
        if _current is None or _current.loop is not loop:
            _current = Outbox(loop)


def send_all(sends: Sends) -> None:
    """Send group messages in order: through the attached loop if there is one, else right here."""
    if not sends:
        return
    outbox = _current
    if outbox is not None and outbox.usable():
        try:
            outbox.put(sends)
            return
        except RuntimeError:  # the loop closed after the check: send from here instead
            pass
    async_to_sync(group_send_all)(sends)
