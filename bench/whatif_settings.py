"""What-if settings for `python -m bench --what-if ...`: NOT used by the site.

Each option changes one thing the site does for speed, so anyone can measure what it buys on their
own machine (docs/performance.md):
- switch-interval-500: a GIL switch interval of 0.5 ms instead of Python's 5 ms (the site set it
  until 2026-11-30; the benchmark could not tell it from noise, so it went).
- upstream-layer: Channels' own InMemoryChannelLayer, which sweeps every channel and group for
  expired messages on every send and receive and queues every message for the consumer's receive
  loop, instead of game.realtime.layers.SweptInMemoryChannelLayer (swept once a second, messages handed
  straight to the sockets).
- per-call-db: a new database connection for every call (conn_max_age 0), as before the
  benchmark's first findings.
- no-gc-freeze: asgi.py's `gc.freeze()` after start-up does nothing.
- default-gc-thresholds: Python's own collection thresholds (700, 10, 10) instead of asgi.py's
  (700, 10, 100), which make full collections ten times rarer.
- list-layer (with --services): channels-redis's RedisChannelLayer (a list per channel, a Lua
  script per group message) instead of its pub/sub layer.
- server-side-binding (with --services): psycopg binds parameters on the server, and prepares a
  statement run five times (Django's OPTIONS["server_side_binding"]).
- no-prepare (with --services): a move's statements are never prepared (prepare_threshold None, as
  DJANGO_DB_PREPARE_THRESHOLD=off does): PostgreSQL parses and plans each one every time.
"""

import gc
import os
import sys

from justalllowgod.settings import *  # noqa: F403
from justalllowgod.settings import CHANNEL_LAYERS, DATABASES, REDIS_URL

WHAT_IF = set(filter(None, os.environ.get("BENCH_WHAT_IF", "").split(",")))

if "switch-interval-500" in WHAT_IF:
    sys.setswitchinterval(0.0005)  # the server process imports its settings before it serves
if "upstream-layer" in WHAT_IF and not REDIS_URL:
    CHANNEL_LAYERS["default"]["BACKEND"] = "channels.layers.InMemoryChannelLayer"
if "per-call-db" in WHAT_IF:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
if "no-gc-freeze" in WHAT_IF:
    gc.freeze = lambda: None  # this module is imported before asgi.py calls it
if "default-gc-thresholds" in WHAT_IF:
    _set_threshold = gc.set_threshold
    gc.set_threshold = lambda *thresholds: _set_threshold(700, 10, 10)  # asgi.py's call keeps Python's
if "list-layer" in WHAT_IF and REDIS_URL:
    from game.realtime.redis_layer import connection_options

    # The site's layer adds its timeouts and retry to each host itself; the list layer is given them.
    hosts = [connection_options(host) for host in CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]]
    CHANNEL_LAYERS["default"]["BACKEND"] = "channels_redis.core.RedisChannelLayer"
    CHANNEL_LAYERS["default"]["CONFIG"].update(hosts=hosts, capacity=1500, expiry=30)
if "server-side-binding" in WHAT_IF and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
if "no-prepare" in WHAT_IF and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = None
if "async-commit" in WHAT_IF and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # How much of a move's time is PostgreSQL waiting for its WAL flush at commit (never for the site:
    # an acknowledged move could be lost in a crash).
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"
