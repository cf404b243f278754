"""Every odd frame gets an answer (issue 28, item 8): a frame that cannot be parsed for any reason is
answered `malformed_message` with one warning line, the socket stays open and nothing changes."""

from __future__ import annotations

import json
import logging

import pytest
from asgiref.sync import sync_to_async

from game.models import Game
from tests.game.support import seated, two_member_game

pytestmark = pytest.mark.django_db(transaction=True)

ODD_TEXT = {
    "4000 [": "[" * 4000,
    "4000 { nested": '{"a":' * 800,
    "deep but closed": json.dumps({"type": "move", "move": [[[[[[[[[[1]]]]]]]]]]}),
    "not json": "{nope",
    "number too long": "1" * 4090,
    # json.loads accepts an escaped lone surrogate, but no UTF-8 text (nor the database) can hold it.
    "lone surrogate move id": '{"type": "move", "id": "\\ud800", "version": 1, "move": {"draw": true}}',
    "lone surrogate key": '{"type": "ping", "\\udfff": 1}',
    "lone surrogate deep": '{"type": "move", "id": "m", "version": 1, "move": {"ask": {"seat": "\\ud83d"}}}',
}
ODD_BYTES = {"bad utf-8": b'{"type": "ping", "x": "\xff\xfe"}', "lone continuation": b"\x80"}


@sync_to_async
def version_of(table) -> int:
    return Game.objects.get(table=table).version


@pytest.mark.parametrize("name", [*ODD_TEXT, *ODD_BYTES])
async def test_an_unparseable_frame_is_answered_malformed_with_one_warning(live_deck, caplog, name):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    before = await version_of(table)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        if name in ODD_TEXT:
            await player.send(ODD_TEXT[name])
        else:
            await player.comm.send_to(bytes_data=ODD_BYTES[name])
        error = await player.next_of("error")
    assert error["code"] == "malformed_message" and error["message"]
    assert error["version"] == before
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1, [r.getMessage() for r in lines]
    assert lines[0].levelno == logging.WARNING and "malformed frame" in lines[0].getMessage()
    assert lines[0].exc_info is None
    # The socket is still open and still answers; nothing changed at the table.
    await player.send({"type": "ping"})
    assert (await player.next_of("pong"))["version"] == before
    assert await version_of(table) == before
    await player.close()


async def test_a_json_value_that_is_not_a_message_is_answered_malformed_once(live_deck, caplog):
    table, host, _guest = await two_member_game()
    player = await seated(host, table.code)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        await player.send("[1, 2]")
        assert (await player.next_of("error"))["code"] == "malformed_message"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
        f"malformed frame from member {host.pk} at ? on /ws/table/{table.code}/: not a JSON object"
    ]
    await player.close()
