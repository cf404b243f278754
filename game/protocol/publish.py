"""Publishing after commit: the one way a service hands its messages to the transport.

Every function here registers its messages with `transaction.on_commit` (so a caller cannot forget
to publish, and nothing is sent for an act that rolled back) and returns them as `Addressed`
values, so the service can return what its act produced. The hooks run in commit order, and the
outbox (game/realtime/outbox.py) keeps that order per process.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction

from game.models import Game, Seat, Table
from game.protocol.messages import lobby_message, reading, seat_group, seat_update, table_message, table_wide
from game.protocol.types import Addressed
from game.realtime import faults, outbox
from game.realtime.groups import LOBBY_GROUP, audience_group, table_group

log = logging.getLogger(__name__)

SEAT_TAKEN = {"type": "seat_taken"}  # a group message for the consumers, never sent to a client
TURNED_OFF = {"type": "turned_off"}  # the same, for a screen turned off or a watcher removed


def relays(sends: list[tuple[str, dict]]) -> outbox.Sends:
    """Messages for groups as the consumers' `relay` events: each encoded once here, rather than
    once by every socket that gets it (and never copied or re-encoded by the channel layer)."""
    return [(group, Addressed.to(group, message).relay()) for group, message in sends]


def publish(messages: list[Addressed]) -> list[Addressed]:
    """Hand the messages to the transport once the current transaction has committed, in one
    piece and in order; returns them."""
    if messages:
        relays = [(m.group, m.relay()) for m in messages]
        transaction.on_commit(lambda: outbox.send_all(relays))
    return messages


def to_table(table_id: int, message: dict) -> list[Addressed]:
    """After commit: one message to everyone connected to a table."""
    return publish([Addressed.to(table_group(table_id), message)])


def game_update(
    game: Game, state: dict, seats: list[Seat], events: list[dict], *, mover: int | None = None
) -> list[Addressed]:
    """After commit: each seated member or agent gets their own seat's view; nobody gets another's.

    The mover's seat comes last: its socket sends its own update itself from what the move
    returned, so the other seats' go to the layer first. Each socket is in one seat group and each
    group's messages keep their order, so no socket sees a different order."""
    shared: dict[str, dict] = {}

    def shared_in(language: str) -> dict:
        """What the table shares, in one language (R43): built once per move and language."""
        if language not in shared:
            shared[language] = table_wide(game, state, language)
        return shared[language]

    ordered = sorted(seats, key=lambda seat: seat.position == mover)
    # A table a screen or a watcher follows also gets the public view (seat None), built the same
    # way, for each language a screen or a watcher may read.
    public = []
    if game.table.watched:
        public = [
            Addressed.to(
                audience_group(game.table_id, language),
                seat_update(game, state, None, events, shared=shared_in(language)),
            )
            for language in dict.fromkeys(reading(code) for code, _name in settings.LANGUAGES)
        ]
    return publish(
        public
        + [
            Addressed.to(
                group,
                seat_update(game, state, seat.position, events, shared=shared_in(reading(seat.language))),
            )
            for seat in ordered
            # A seat JagAI took is no longer its member's or agent's: they never see it again (R38).
            if (group := seat_group(seat)) is not None and seat.left_at is None
        ]
    )


def table_update(table: Table, seats: list[Seat], version: int = 0) -> list[Addressed]:
    """After commit: the table's public facts to everyone connected to it."""
    return to_table(table.pk, table_message(table, seats, version))


def lobby_update() -> None:
    """After commit: the open public tables to every start screen. Read after the commit (the list
    is every open table's, not this act's), so there is nothing to return."""

    def send() -> None:
        message = Addressed.to(LOBBY_GROUP, lobby_message())
        outbox.send_all([(message.group, message.relay())])

    transaction.on_commit(send)


def close_seat_sockets(seat: Seat) -> None:
    """After commit: the sockets of a seat JagAI has just taken close with 4403 (not_seated)."""
    _close_after_commit(seat_group(seat), SEAT_TAKEN)


def close_audience_sockets(group: str) -> None:
    """After commit: a turned-off screen's or a removed watcher's sockets close with 4410. Like
    seat_taken this can be lost; every hello, ping and catch-up of theirs asks again."""
    _close_after_commit(group, TURNED_OFF)


def _close_after_commit(group: str | None, event: dict) -> None:
    layer = get_channel_layer()
    if group is None or layer is None:
        return

    def send() -> None:
        # Straight to the consumers' handler (`seat_taken`, `turned_off`): the outbox relays text, which no
        # socket could be closed by (accounts/sockets.py sends its account checks the same way).
        # Redis down at commit loses it: one warning, never an error in leave_table or the clock.
        # The seat is safe anyway, since every welcome and catch-up asks `left_at` itself (and an
        # audience socket its screen's or watcher's row).
        try:
            async_to_sync(layer.group_send)(group, dict(event))
        except faults.OUTAGES as error:
            log.warning("%s for %s not sent (%s: %s)", event["type"], group, type(error).__name__, error)

    # robust: any other error is logged by Django, not raised into the act that committed.
    transaction.on_commit(send, robust=True)
