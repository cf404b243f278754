"""What keeps a member's socket (table, watcher, lobby) honest about who is on it: one
`SessionWatch` each socket holds.

It lets the socket in only with a live session, listens for that session's sign-out and for changes
to the account (a new password, made inactive, restricted), wakes when the session is due to
expire, and counts against the member's limit of open sockets (the oldest closes first) and of new
sockets in a window (game/realtime/budgets.py; further ones close with 4429). Whenever told, it asks
game.services.authority afresh and closes the socket with the matching code if the member may no
longer act.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from django.utils import timezone

from accounts.sockets import account_group, session_group
from game.realtime import budgets, faults
from game.realtime.database import database_call
from game.realtime.frames import WHO_KEY
from game.services import authority
from game.sockets import open_sockets
from game.sockets.base import ServerSocket
from game.sockets.closing import REFUSAL_CLOSES, Close

log = logging.getLogger(__name__)

# A session's expiry is looked at again at least this often (a visit may have extended it).
SESSION_LOOK_SECONDS = 600
# After a look that met an outage, the next one comes this much sooner.
OUTAGE_LOOK_SECONDS = 10


class Watched(Protocol):
    """The socket a watch closes (a ServerSocket)."""

    scope: dict
    channel_layer: Any
    channel_name: str
    closed: bool

    async def refuse(self, code: Close, detail: str = "") -> None: ...


class SessionWatch:
    """One member's socket's watch on its session and account."""

    def __init__(self, socket: Watched) -> None:
        self.socket = socket
        self.member_id: int | None = None
        self.session_key = ""
        self._expiry_timer: asyncio.TimerHandle | None = None

    async def admit(self) -> bool:
        """Let the socket in only with a live session; False once it has been turned away."""
        socket = self.socket
        user, session = socket.scope.get("user"), socket.scope.get("session")
        if user is None or not user.is_authenticated or session is None or not session.session_key:
            await socket.refuse(Close.SIGNED_OUT)
            return False
        socket.scope[WHO_KEY] = f"member {user.pk}"
        if await budgets.too_many_connects(f"member {user.pk}"):
            await socket.refuse(Close.TOO_MANY, "too many new sockets")
            return False
        refusal = await database_call(authority.member_refusal)(
            user_id=user.pk, session_key=session.session_key
        )
        if refusal is not None:
            await socket.refuse(REFUSAL_CLOSES[refusal.code], refusal.code)
            return False
        self.member_id, self.session_key = user.pk, session.session_key
        await socket.channel_layer.group_add(account_group(user.pk), socket.channel_name)
        await socket.channel_layer.group_add(session_group(self.session_key), socket.channel_name)
        await open_sockets.opened(socket, open_sockets.MEMBER_KEY.format(user.pk))
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
        self._expiry_timer = loop.call_later(delay, lambda: asyncio.ensure_future(self.check()))

    async def check(self) -> None:
        """Told the account changed, or the session is due to expire: look again. A look that meets
        an outage (the database down, or a connection that died since its last answer) is tried
        again soon: the timer's look has nobody to answer it, and must not stop watching."""
        if self.socket.closed or self.member_id is None:
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
        await self.socket.refuse(REFUSAL_CLOSES[refusal.code], refusal.code)

    async def signed_out(self) -> None:
        """This browser signed out: its sockets close (the member's other browsers stay)."""
        if not self.socket.closed:
            await self.socket.refuse(Close.SIGNED_OUT, "signed out")

    async def leave(self) -> None:
        """The socket is closing: stop watching, and leave the member's groups and count."""
        if self.member_id is None:
            return
        if self._expiry_timer is not None:
            self._expiry_timer.cancel()
        socket = self.socket
        await socket.channel_layer.group_discard(account_group(self.member_id), socket.channel_name)
        await socket.channel_layer.group_discard(session_group(self.session_key), socket.channel_name)
        await open_sockets.closed(open_sockets.MEMBER_KEY.format(self.member_id), socket.channel_name)
        self.member_id = None


class MemberSocket(ServerSocket):
    """A member's socket (table, watcher, lobby): the channel layer's events about their session,
    answered through the `SessionWatch` each such socket holds as `self.session`."""

    session: SessionWatch

    async def account_check(self, event: dict) -> None:
        await self.session.check()

    async def session_ended(self, event: dict) -> None:
        await self.session.signed_out()

    async def socket_replaced(self, event: dict) -> None:
        """The member opened more sockets than allowed: this one, the oldest, gives way."""
        if not self.closed:
            await self.refuse(Close.REPLACED)
