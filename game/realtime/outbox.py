"""Handing group messages from database threads to the server's event loop, in order, without waiting.

Services run in worker threads and send after their transaction commits. Waiting there for the event
loop (asgiref's async_to_sync) held the single database thread until the loop got round to the send,
so every move queued behind every socket's traffic. Instead, each server process attaches its event
loop here (asgi.py does, on every connection) and a thread only appends to a queue and wakes the
loop; one task per loop drains the queue in order, so messages still leave in commit order.

With no attached loop running (a management command, a separate `run_clock` process, a plain test),
the send happens in the calling thread as before.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import threading
from collections import deque

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from game import metrics

log = logging.getLogger(__name__)

Sends = list[tuple[str, dict]]


def to_text(message: dict) -> str:
    """A message as it goes on the wire: compact JSON."""
    return json.dumps(message, separators=(",", ":"))


def relays(sends: Sends) -> Sends:
    """Each message as a group message for the consumers' `relay` handler, encoded once here rather
    than once by every socket that gets it (and never copied or re-encoded by the channel layer).
    A seat's update also names its version, so a socket that already sent it can skip it."""
    out = []
    for group, message in sends:
        relay = {"type": "relay", "text": to_text(message)}
        if message.get("type") == "update":
            relay["update"] = message["version"]
        out.append((group, relay))
    return out


async def group_send_all(sends: Sends) -> None:
    """Send each group message to its group, one after another; one that fails (the layer is down)
    is logged and does not stop the others."""
    layer = get_channel_layer()
    if layer is None:
        return
    for group, message in sends:
        try:
            await layer.group_send(group, message)
        except Exception:
            metrics.LAYER_SEND_FAILURES.inc()
            log.exception("group send to %s failed", group)


class Outbox:
    """One event loop's queue of sends from other threads, drained by at most one task at a time."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.thread_id = threading.get_ident()
        self.pending: deque[Sends] = deque()
        self.draining: asyncio.Task | None = None

    def usable(self) -> bool:
        """Whether a thread can hand work to this loop: it is running and this is not its thread."""
        return self.loop.is_running() and threading.get_ident() != self.thread_id

    def put(self, sends: Sends) -> None:
        """From any thread: queue the sends and wake the loop (at once, or see `for_socket`)."""
        self.pending.append(sends)
        if getattr(_held, "own", None) is None:  # not inside a `for_socket` call
            self.loop.call_soon_threadsafe(self.wake)

    def wake(self) -> None:
        """On the loop: start draining unless a drain is already going (one at a time keeps the order)."""
        if self.draining is None or self.draining.done():
            self.draining = self.loop.create_task(self._drain())

    async def _drain(self) -> None:
        while self.pending:
            await group_send_all(self.pending.popleft())


_current: Outbox | None = None
_lock = threading.Lock()
_held = threading.local()


def for_socket(fn, own_group: str):
    """Wrap a service that a socket awaits; the wrapper returns (its result, own updates).

    What the call commits is queued in order as usual, with two differences. The loop is woken once,
    when the call returns, not at the commit: waking it at the commit made the loop take the GIL from
    the database thread while that thread was still finishing, and the two took turns. And the
    updates it commits for `own_group` (the socket's own seat) come back as (version, text), so the
    socket can send its mover's update at once instead of after its own turn through the channel
    layer; the relayed copy still reaches the seat's other sockets, and this one skips it.
    """

    @functools.wraps(fn)
    def held(*args, **kwargs):
        own: list[tuple[int, str]] = []
        _held.group, _held.own = own_group, own
        try:
            return fn(*args, **kwargs), own
        finally:
            _held.group = _held.own = None
            outbox = _current
            if outbox is not None and outbox.pending and outbox.usable():
                outbox.loop.call_soon_threadsafe(outbox.wake)

    return held


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
    """Send messages to groups in order: through the attached loop if there is one, else right here."""
    if not sends:
        return
    sends = relays(sends)
    own = getattr(_held, "own", None)
    if own is not None:
        mine = _held.group
        own.extend((m["update"], m["text"]) for group, m in sends if group == mine and "update" in m)
        # The mover's socket sends its own update itself; the relayed copy only reaches the seat's
        # other tabs. So the other seats' messages are published first. Each socket is in one seat
        # group, and each group's messages keep their order, so no socket sees a different order.
        sends = [s for s in sends if s[0] != mine] + [s for s in sends if s[0] == mine]
    outbox = _current
    if outbox is not None and outbox.usable():
        try:
            outbox.put(sends)
            return
        except RuntimeError:  # the loop closed after the check: send from here instead
            pass
    async_to_sync(group_send_all)(sends)
