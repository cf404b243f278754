"""What a member's and an agent's seat socket do alike: play a move, catch up their seat, and close
once JagAI has taken the seat. Plain functions of the socket and its state (game/sockets/table.py's
`TableState`, game/sockets/agent.py's `AgentState`)."""

from __future__ import annotations

from typing import Any, Protocol

from game import services
from game.devices import device_from_scope
from game.protocol import client
from game.protocol.messages import ack_message
from game.realtime import faults
from game.realtime.database import database_call
from game.services import authority, snapshots
from game.sockets.answers import Shows, refused
from game.sockets.closing import REFUSAL_CLOSES, Close
from justalllowgod.lib.refusals import Code, Refusal


class Seat(Protocol):
    """A seat socket's state, as far as these functions read it."""

    table_id: int | None
    # The group that carries this socket's own seat's view, once it is seated.
    seat_group: str | None
    # Who is sitting, as the services take it: {"user": member} or {"agent": agent}.
    who: dict[str, Any]
    # What the services check at every act: the member's session, or the agent's token.
    credentials: dict[str, Any]
    # The browser's signed device id, read once per socket (at its first move).
    device_id: str | None


async def move(socket: Shows, seat: Seat, message: client.Move) -> str:
    """Play a move: its update, then its ack; a stale one is answered with a catch-up (one per
    WS_HELLO_SECONDS)."""
    if seat.device_id is None:
        seat.device_id = device_from_scope(socket.scope)
    delivery = socket.delivery
    try:
        played = await database_call(services.play_move)(
            table_id=seat.table_id,
            **seat.credentials,
            move_id=message.id,
            version=message.version,
            move=message.move,
            device_id=seat.device_id,
        )
    except Refusal as error:
        await refused(socket, seat, error, ref=message.id)
        if error.code == Code.STALE_VERSION and delivery.may_catch_up_after_stale_move():
            # From what this socket was sent, never from the version the client named (a
            # made-up -5 would be a full catch-up), one per hello window: a stale move sooner
            # gets only its error and version, and the layer's updates.
            await catch_up(socket, seat, delivery.version_sent)
        return error.code
    # The mover's own update first, from the messages the move returned (the seat's other
    # sockets get it through the layer, and this one skips that copy by its version), then
    # the ack with the version as play_move left it: no second trip to the database.
    # A socket whose earlier updates are still queued (an agent that moved on a version it
    # learned from a pong) gets them all through the layer, in order, instead.
    for sent in played.messages:
        # Only if it follows what this socket already sent; otherwise the relays, in order.
        if sent.group == seat.seat_group and sent.update == delivery.update_sent + 1:
            await delivery.send_update(sent.update, sent.text)
    await delivery.send_json(ack_message(message.id, played.game.version))
    return "ok"


async def catch_up(socket: Shows, seat: Seat, last: int) -> None:
    """The seat's catch-up since `last`; none once the seat is no longer this member's or agent's
    (services.snapshots.catchup asks, as the door did): JagAI took it and its seat_taken never came
    (R38)."""

    async def read(since: int) -> dict | None:
        return await database_call(snapshots.catchup)(table_id=seat.table_id, since=since, **seat.who)

    async def gone() -> None:
        await socket.refuse(Close.NOT_SEATED, "JagAI plays the seat now")

    await socket.delivery.catch_up(last, read, gone)


async def taken(socket: Shows, seat: Seat) -> None:
    """JagAI took this seat (left, missed turns, R38): the socket closes and never sees the seat
    again, with the code of a restriction or revocation that came with it (R38), else 4403."""
    if socket.closed:
        return
    code, detail = Close.NOT_SEATED, "JagAI plays the seat now"
    try:
        await database_call(authority.require_may_act)(**seat.credentials)
    except Refusal as refusal:
        code, detail = REFUSAL_CLOSES.get(refusal.code, code), refusal.code
    except faults.OUTAGES:
        pass  # the seat is gone either way
    await socket.refuse(code, detail)
