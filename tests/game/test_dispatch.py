"""Sockets hand on what they are sent at once: no trip through the database thread for each message."""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from game import broadcast, outbox, services
from tests.factories import UserFactory
from tests.game.support import seated

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def waiting_table():
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host)
    services.join_by_code(user=guest, code=table.code)
    return table, host


async def test_a_relayed_message_arrives_while_the_database_thread_is_busy(live_deck):
    table, host = await waiting_table()
    player = await seated(host, table.code)
    await player.drain()
    busy, release = threading.Event(), threading.Event()

    def hold_the_database_thread() -> None:
        busy.set()
        release.wait(5)

    holding = asyncio.ensure_future(database_sync_to_async(hold_the_database_thread)())
    await asyncio.get_running_loop().run_in_executor(None, busy.wait, 5)
    [(group, message)] = outbox.relays(
        [(broadcast.table_group(table.pk), {"type": "reaction", "version": 0})]
    )
    await get_channel_layer().group_send(group, message)
    got = await player.next_of("reaction", limit=2.0)
    assert not holding.done()  # it came through while the thread was still held
    assert got == {"type": "reaction", "version": 0}
    release.set()
    await holding
    await player.close()
