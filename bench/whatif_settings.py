"""What-if settings for `python -m bench --what-if ...`: NOT used by the site.

Each option puts back one thing the site changed for speed, so anyone can measure what that change
buys on their own machine (docs/performance.md):
- python-switch-interval: Python's default GIL switch interval (5 ms) instead of the site's
  SERVER_SWITCH_INTERVAL_US (0.5 ms).
- upstream-layer: Channels' own InMemoryChannelLayer, which sweeps every channel and group for
  expired messages on every send and receive and queues every message for the consumer's receive
  loop, instead of game.realtime.layers.SweptInMemoryChannelLayer (swept once a second, messages handed
  straight to the sockets).
- per-call-db: a new database connection for every call (conn_max_age 0), as before the
  benchmark's first findings.
"""

import os

from justalllowgod.settings import *  # noqa: F403
from justalllowgod.settings import CHANNEL_LAYERS, DATABASES, REDIS_URL

WHAT_IF = set(filter(None, os.environ.get("BENCH_WHAT_IF", "").split(",")))

if "python-switch-interval" in WHAT_IF:
    SERVER_SWITCH_INTERVAL_US = 5000
if "upstream-layer" in WHAT_IF and not REDIS_URL:
    CHANNEL_LAYERS["default"]["BACKEND"] = "channels.layers.InMemoryChannelLayer"
if "per-call-db" in WHAT_IF:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
