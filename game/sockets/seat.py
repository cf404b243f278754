"""What every seat's socket shares (a member's and an agent's): moves, and the seat's catch-up."""

from __future__ import annotations

import time
from functools import cached_property
from typing import Any

from django.conf import settings

from game import services
from game.devices import device_from_scope
from game.protocol import client
from game.protocol.messages import ack_message
from game.realtime import faults
from game.realtime.database import database_call
from game.services import authority, snapshots
from game.sockets.closing import REFUSAL_CLOSES, Close
from game.sockets.viewer import ViewerSocket
from justalllowgod.lib.refusals import Code, Refusal


class SeatSocket(ViewerSocket):
    """What every seat's socket shares: moves, and the seat's catch-up (parsing, hello, ping and
    errors are every viewer's, game/sockets/viewer.py)."""

    # The group that carries this socket's own seat's view, once it is seated.
    seat_group: str | None = None
    # Who is sitting, as the services take it: {"user": member} or {"agent": agent}.
    who: dict[str, Any]
    # What the services check at every act: the member's session, or the agent's token.
    credentials: dict[str, Any]
    # When a stale move last brought a catch-up (monotonic seconds).
    stale_catchup_at = float("-inf")

    @cached_property
    def device_id(self) -> str:
        """The browser's signed device id, checked once per socket rather than on every move."""
        return device_from_scope(self.scope)

    async def on_move(self, message: client.Move) -> str:
        try:
            played = await database_call(services.play_move)(
                table_id=self.table_id,
                **self.credentials,
                move_id=message.id,
                version=message.version,
                move=message.move,
                device_id=self.device_id,
            )
        except Refusal as error:
            await self.refused(error, ref=message.id)
            if error.code == Code.STALE_VERSION and self.may_catch_up():
                # From what this socket was sent, never from the version the client named (a
                # made-up -5 would be a full catch-up), one per hello window: a stale move sooner
                # gets only its error and version, and the layer's updates.
                await self.catch_up(max(self.update_sent, 0))
            return error.code
        # The mover's own update first, from the messages the move returned (the seat's other
        # sockets get it through the layer, and this one skips that copy by its version), then
        # the ack with the version as play_move left it: no second trip to the database.
        # A socket whose earlier updates are still queued (an agent that moved on a version it
        # learned from a pong) gets them all through the layer, in order, instead.
        for sent in played.messages:
            # Only if it follows what this socket already sent; otherwise the relays, in order.
            if sent.group == self.seat_group and sent.update == self.update_sent + 1:
                await self.send_update(sent.update, sent.text)
        await self.send_json(ack_message(message.id, played.game.version))
        return "ok"

    def may_catch_up(self) -> bool:
        """Whether a stale move may bring a catch-up now: one per WS_HELLO_SECONDS, on a window of
        its own, so a stale move right after a hello still gets one (its updates may have been
        lost) but a run of them cannot stand in for hellos."""
        now = time.monotonic()
        if self.stale_catchup_at + settings.WS_HELLO_SECONDS > now:
            return False
        self.stale_catchup_at = now
        return True

    async def read_catchup(self, last: int) -> dict | None:
        # None once the seat is no longer this member's or agent's (services.snapshots.catchup
        # asks, as the door did): JagAI took it and its seat_taken never came (R38).
        return await database_call(snapshots.catchup)(table_id=self.table_id, since=last, **self.who)

    async def gone(self) -> None:
        await self.refuse(Close.NOT_SEATED, "JagAI plays the seat now")

    async def seat_taken(self, event: dict) -> None:
        """JagAI took this seat (left, missed turns, R38): it closes and never sees the seat again,
        with the code of a restriction or revocation that came with it (R38), else 4403."""
        if self.closed:
            return
        code, detail = Close.NOT_SEATED, "JagAI plays the seat now"
        try:
            await database_call(authority.require_may_act)(**self.credentials)
        except Refusal as refusal:
            code, detail = REFUSAL_CLOSES.get(refusal.code, code), refusal.code
        except faults.OUTAGES:
            pass  # the seat is gone either way
        await self.refuse(code, detail)
