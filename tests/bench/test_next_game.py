"""A table whose members cannot sit down again after a game is an error, not a silent stop, and
the old game's versions are not counted as lost (bench/load.py TableRun._next_game)."""

from __future__ import annotations

import asyncio
import random

from bench.load import Stats, TableRun, Window
from bench.setup_db import Member, TableInfo


def _run(stats: Stats, reopen) -> TableRun:
    members = [Member(user_id=1, cookie="sessionid=a"), Member(user_id=2, cookie="sessionid=b")]
    info = TableInfo(code="ABCDEF", table_id=1, members=members)
    urls = [("ws://127.0.0.1:9", "http://127.0.0.1:9")]
    return TableRun(
        info, urls, stats, Window(0, 0), hot=False, pace=(2, 5), rng=random.Random(1), reopen=reopen, index=0
    )


def test_a_table_that_cannot_sit_down_again_counts_an_error_and_loses_nothing():
    async def refused(members):
        raise ConnectionRefusedError("the server is gone")

    stats = Stats()

    async def play() -> bool:
        run = _run(stats, refused)
        run.version = 40
        for seat in run.seats:
            seat.version = 40  # every seat saw the game's end
        ok = await run._next_game()
        run.settle()
        return ok

    assert asyncio.run(play()) is False
    assert stats.error_codes == {"reopen:ConnectionRefusedError": 1}
    assert stats.lost_events == 0
