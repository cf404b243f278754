"""Database lanes (game/realtime/database.py): a table's calls always run on its own lane's one
thread, in the order they were made; different tables no longer queue behind each other."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from django.test import override_settings

from game.realtime import database
from game.realtime.database import database_call

# No call here reads the database, but each goes through Channels' database_sync_to_async, which
# closes the calling thread's old connections first: a thread an earlier test on this worker left a
# connection in would look at it, and pytest-django refuses any database access without this mark.
pytestmark = pytest.mark.django_db


@pytest.fixture
def four_lanes():
    database.lanes.cache_clear()
    with override_settings(DATABASE_LANES=4):
        yield database.lanes()
    for lane in database.lanes():
        lane.shutdown(wait=True)
    database.lanes.cache_clear()


def _where(
    *, table_id: int | None = None, pause: float = 0.0, seen: list | None = None, mark: int = 0
) -> str:
    if pause:
        time.sleep(pause)
    if seen is not None:
        seen.append(mark)
    return threading.current_thread().name


def test_one_lane_is_channels_own_database_thread():
    database.lanes.cache_clear()
    with override_settings(DATABASE_LANES=1):
        assert database.lanes() == ()
        names = {asyncio.run(database_call(_where)(table_id=n)) for n in (1, 2, 3)}
    database.lanes.cache_clear()
    assert len(names) == 1 and not next(iter(names)).startswith("db-lane-")


def test_a_tables_calls_take_its_lane_and_no_table_takes_lane_0(four_lanes):
    async def run() -> dict:
        return {n: await database_call(_where)(table_id=n) for n in (0, 1, 2, 3, 4, 5, 9)}

    names = asyncio.run(run())
    assert names[1] == names[5] == names[9] == "db-lane-1_0"
    assert names[0] == names[4] == "db-lane-0_0"
    assert len({names[0], names[1], names[2], names[3]}) == 4
    assert asyncio.run(database_call(_where)()) == "db-lane-0_0"


def test_one_tables_calls_run_one_after_another_in_the_order_made(four_lanes):
    seen: list = []

    async def run() -> None:
        # The first call sleeps: the table's later calls wait for it rather than overtake it.
        calls = [
            database_call(_where)(table_id=6, pause=0.2 if i == 0 else 0.0, seen=seen, mark=i)
            for i in range(5)
        ]
        await asyncio.gather(*calls)

    asyncio.run(run())
    assert seen == [0, 1, 2, 3, 4]


def test_other_tables_do_not_wait_for_a_slow_one(four_lanes):
    order: list = []

    async def run() -> None:
        async def call(table: int, pause: float) -> None:
            await database_call(_where)(table_id=table, pause=pause)
            order.append(table)

        await asyncio.gather(call(1, 0.5), call(2, 0.0), call(3, 0.0))

    asyncio.run(run())
    assert order[-1] == 1  # tables 2 and 3 finished while table 1's call still ran


def _in_child(results) -> None:
    results.put(asyncio.run(database_call(_where)(table_id=1)))


def test_a_forked_child_makes_lanes_of_its_own(four_lanes):
    # A live test server is forked from a process whose lanes' threads it does not inherit.
    import multiprocessing

    asyncio.run(database_call(_where)(table_id=1))  # the parent's lane 1 has its thread now
    fork = multiprocessing.get_context("fork")
    results = fork.Queue()
    with override_settings(DATABASE_LANES=4):
        child = fork.Process(target=_in_child, args=(results,))
        child.start()
        child.join(20)
    assert child.exitcode == 0
    assert results.get(timeout=5) == "db-lane-1_0"
