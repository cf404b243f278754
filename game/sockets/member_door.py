"""What every member's socket (lobby, table) does to stay honest about who is on it.

It is let in only with a live session, listens for that session's sign-out and for changes to the
account (a new password, made inactive, restricted), wakes when the session is due to expire, and
counts against the member's limit of open sockets (the oldest closes first) and of new sockets
in a window (game/realtime/budgets.py; further ones close with 4429). Whenever told, it asks
game.services.authority afresh and closes with the matching code if the member may no longer act.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import sync_to_async
from django.conf import settings
from django.utils import timezone

from accounts.sockets import account_group, session_group
from game.realtime import budgets, faults
from game.realtime.database import database_call
from game.realtime.frames import WHO_KEY
from game.services import authority
from game.sockets.closing import REFUSAL_CLOSES, Close
from justalllowgod.lib.limits import limits as cache

log = logging.getLogger(__name__)

# A session's expiry is looked at again at least this often (a visit may have extended it).
SESSION_LOOK_SECONDS = 600
# After a look that met an outage, the next one comes this much sooner.
OUTAGE_LOOK_SECONDS = 10
SOCKETS_KEY = "sockets:member:{}"
SOCKETS_KEPT_SECONDS = 24 * 3600


def _note_opened(member_id: int | str, channel: str, limit: int | None = None) -> list[str]:
    """Count a socket opened for a member (or for any key, e.g. an agent token's, with its own
    limit); the channels of the oldest sockets past the limit, to be closed."""
    key = member_id if isinstance(member_id, str) else SOCKETS_KEY.format(member_id)
    channels = [c for c in (cache.get(key) or []) if c != channel] + [channel]
    limit = limit or settings.WS_MAX_SOCKETS_PER_MEMBER
    excess, channels = channels[:-limit], channels[-limit:]
    cache.set(key, channels, timeout=SOCKETS_KEPT_SECONDS)
    return excess


def _note_closed(member_id: int | str, channel: str) -> None:
    key = member_id if isinstance(member_id, str) else SOCKETS_KEY.format(member_id)
    channels = cache.get(key) or []
    if channel in channels:
        cache.set(key, [c for c in channels if c != channel], timeout=SOCKETS_KEPT_SECONDS)


# The member's open sockets, shared through the cache so the limit holds across server processes
# (best effort: two sockets opened at the same instant on two processes may both be counted once).
# Run on a pool thread, never the database thread: a socket may close while it relays a message
# that a service's thread is still sending.
note_socket_opened = sync_to_async(_note_opened, thread_sensitive=False)
note_socket_closed = sync_to_async(_note_closed, thread_sensitive=False)


class MemberDoor:
    """Mixed into a ServerSocket for signed-in members."""

    member_id: int | None = None
    session_key = ""
    _expiry_timer: asyncio.TimerHandle | None = None

    async def admit_member(self) -> bool:
        """Let the socket in only with a live session; False once it has been turned away."""
        user, session = self.scope.get("user"), self.scope.get("session")
        if user is None or not user.is_authenticated or session is None or not session.session_key:
            await self.refuse(Close.SIGNED_OUT)
            return False
        self.scope[WHO_KEY] = f"member {user.pk}"
        if await budgets.too_many_connects(f"member {user.pk}"):
            await self.refuse(Close.TOO_MANY, "too many new sockets")
            return False
        refusal = await database_call(authority.member_refusal)(
            user_id=user.pk, session_key=session.session_key
        )
        if refusal is not None:
            await self.refuse(REFUSAL_CLOSES[refusal.code], refusal.code)
            return False
        self.member_id, self.session_key = user.pk, session.session_key
        await self.channel_layer.group_add(account_group(user.pk), self.channel_name)
        await self.channel_layer.group_add(session_group(self.session_key), self.channel_name)
        for oldest in await note_socket_opened(user.pk, self.channel_name):
            await self.channel_layer.send(oldest, {"type": "socket.replaced"})
        await self._watch_expiry()
        return True

    async def _watch_expiry(self) -> None:
        expires = await database_call(authority.session_expiry)(self.session_key)
        delay = SESSION_LOOK_SECONDS
        if expires is not None:
            delay = min(delay, max(0.0, (expires - timezone.now()).total_seconds()) + 0.5)
        self._look_again_in(delay)

    def _look_again_in(self, delay: float) -> None:
        if self._expiry_timer is not None:
            self._expiry_timer.cancel()
        loop = asyncio.get_running_loop()
        self._expiry_timer = loop.call_later(
            delay, lambda: asyncio.ensure_future(self.account_check({"type": "account.check"}))
        )

    async def account_check(self, message: dict) -> None:
        """Told the account changed, or the session is due to expire: look again. A look that meets
        an outage (the database down, or a connection that died since its last answer) is tried
        again soon: the timer's look has nobody to answer it, and must not stop watching."""
        if self.closed or self.member_id is None:
            return
        try:
            refusal = await database_call(authority.member_refusal)(
                user_id=self.member_id, session_key=self.session_key
            )
            if refusal is None:
                await self._watch_expiry()
                return
        except faults.OUTAGES as error:
            log.warning("looking at a session met an outage (%s: %s)", type(error).__name__, error)
            self._look_again_in(OUTAGE_LOOK_SECONDS)
            return
        await self.refuse(REFUSAL_CLOSES[refusal.code], refusal.code)

    async def resume(self) -> None:
        """The channel layer is back: the session first (a sign-out or a restriction that the outage
        kept from this socket), then what the socket itself sends again (its catch-up)."""
        await self.account_check({"type": "account.check"})
        if not self.closed:
            await super().resume()  # type: ignore[misc]  (a mixin: the socket class after it)

    async def session_ended(self, message: dict) -> None:
        """This browser signed out: its sockets close (the member's other browsers stay)."""
        if not self.closed:
            await self.refuse(Close.SIGNED_OUT, "signed out")

    async def socket_replaced(self, message: dict) -> None:
        """The member opened more sockets than allowed: this one, the oldest, gives way."""
        if not self.closed:
            await self.refuse(Close.REPLACED)

    async def leave_member_groups(self) -> None:
        if self.member_id is None:
            return
        if self._expiry_timer is not None:
            self._expiry_timer.cancel()
        await self.channel_layer.group_discard(account_group(self.member_id), self.channel_name)
        await self.channel_layer.group_discard(session_group(self.session_key), self.channel_name)
        await note_socket_closed(self.member_id, self.channel_name)
        self.member_id = None
