"""CPU per move through a Redis channel layer, in one process (docs/performance.md, session 4).

    python -m bench.layer_cpu redis://127.0.0.1:6379/0 [--moves 1000] [--tables 200]

Each table has two member sockets, each in its seat's group. A move sends an update-sized relay to
its table's four seat groups (two of them have a socket) and both sockets receive it. Sender and
receivers share this process, so the figure is what the server processes together spend; Redis's
own CPU is not counted. The list and pub/sub layers run in turn, twice, so drift shows.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time

from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

TEXT = "x" * 1800  # about a seat's update as it goes on the wire


def make(kind: str, url: str):
    hosts = [{"address": url, "socket_timeout": None}]
    if kind == "list":
        return RedisChannelLayer(hosts=hosts, capacity=1500, expiry=30)
    return RedisPubSubChannelLayer(hosts=hosts)


async def cpu_ms_per_move(kind: str, url: str, tables: int, moves: int) -> float:
    layer = make(kind, url)
    channels = []
    for t in range(tables):
        for seat in (1, 2):
            channel = await layer.new_channel()
            await layer.group_add(f"bench.{t}.seat.{seat}", channel)
            channels.append(channel)
    want, got, done = moves * 2, 0, asyncio.Event()

    async def read(channel: str) -> None:
        nonlocal got
        while True:
            await layer.receive(channel)
            got += 1
            if got == want:
                done.set()

    readers = [asyncio.create_task(read(c)) for c in channels]
    await asyncio.sleep(0.5)
    rng = random.Random(1)
    start = time.process_time()
    for i in range(moves):
        t = rng.randrange(tables)
        for seat in (1, 2, 3, 4):
            await layer.group_send(f"bench.{t}.seat.{seat}", {"type": "relay", "text": TEXT, "update": i})
        if i % 20 == 0:
            await asyncio.sleep(0)
    await asyncio.wait_for(done.wait(), 120)
    spent = time.process_time() - start
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    await layer.flush()
    return round(spent / moves * 1000, 3)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.layer_cpu")
    parser.add_argument("redis_url")
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=200)
    args = parser.parse_args(argv)
    out = {"list": [], "pubsub": []}
    for kind in ("list", "pubsub", "list", "pubsub"):
        out[kind].append(asyncio.run(cpu_ms_per_move(kind, args.redis_url, args.tables, args.moves)))
    print(json.dumps({"cpu_ms_per_move": out, "tables": args.tables, "moves": args.moves}))


if __name__ == "__main__":
    main()
