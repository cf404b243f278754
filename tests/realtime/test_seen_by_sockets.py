"""What the notices and Since you were here stand on (issue 32), through the real router: a
member's table socket notes them present while it is open (and its pings keep it so), and on
closing notes the version its page last showed; a watcher or a screen never does."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async

from game.models import Seat
from game.realtime import presence
from tests.game.support import play_one_move, seated, two_member_game

pytestmark = pytest.mark.django_db(transaction=True)


def seen(table_id: int, user) -> tuple[int, object]:
    seat = Seat.objects.get(table_id=table_id, user=user)
    return seat.seen_version, seat.seen_at


async def test_an_open_table_socket_is_present_and_closing_it_notes_what_its_page_last_showed(live_deck):
    table, host, guest = await two_member_game()
    assert not presence.is_here(table.pk, guest.pk)
    player = await seated(guest, table.code)
    welcomed = player.received[0]["version"]
    await player.send({"type": "ping"})  # answered once the socket's opening is all done
    await player.next_of("pong")
    assert presence.is_here(table.pk, guest.pk)
    assert await sync_to_async(seen)(table.pk, guest) != (0, None)
    version = await sync_to_async(play_one_move)(table.pk, {1: host, 2: guest})
    await player.until_version(version)
    await player.send({"type": "ping"})
    await player.next_of("pong")
    assert presence.is_here(table.pk, guest.pk)
    await player.close()
    assert not presence.is_here(table.pk, guest.pk)
    last, at = await sync_to_async(seen)(table.pk, guest)
    assert last == version > welcomed and at is not None
    # The host, who never opened the page, is not present and saw nothing.
    assert not presence.is_here(table.pk, host.pk)
    assert (await sync_to_async(seen)(table.pk, host))[1] is None


async def test_a_stale_socket_closing_late_never_takes_the_seen_version_back(live_deck):
    table, host, guest = await two_member_game()
    old = await seated(guest, table.code)
    version = await sync_to_async(play_one_move)(table.pk, {1: host, 2: guest})
    await sync_to_async(Seat.objects.filter(table=table, user=guest).update)(seen_version=version + 5)
    await old.close()
    assert (await sync_to_async(seen)(table.pk, guest))[0] == version + 5
