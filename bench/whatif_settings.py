"""What-if settings for `python -m bench --what-if ...`: NOT used by the site.

Each option is a change to measure before anyone makes it in the site itself:
- persistent-db: reuse each thread's database connection (conn_max_age 600 with Django's health
  check) instead of opening one for every trip to the database (the site's conn_max_age=0).
- switch-interval: sys.setswitchinterval(0.0005). The event loop thread waits up to the switch
  interval (5 ms by default) for the GIL after every system call while the database thread runs
  Python code; a shorter interval shortens that wait.
- redis-no-socket-timeout: redis-py 8 reads with a 5 s socket timeout by default, the same 5 s that
  channels_redis blocks for in BZPOPMIN, so a socket idle for 5 s can fail with "Timeout reading"
  and close with 1011. This gives the channel layer's connections no read timeout.
"""

import os
import sys

from justalllowgod.settings import *  # noqa: F403
from justalllowgod.settings import CHANNEL_LAYERS, DATABASES, REDIS_URL

WHAT_IF = set(filter(None, os.environ.get("BENCH_WHAT_IF", "").split(",")))

if "persistent-db" in WHAT_IF:
    DATABASES["default"]["CONN_MAX_AGE"] = 600
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if "switch-interval" in WHAT_IF:
    sys.setswitchinterval(0.0005)
if "redis-no-socket-timeout" in WHAT_IF and REDIS_URL:
    CHANNEL_LAYERS["default"]["CONFIG"]["hosts"] = [{"address": REDIS_URL, "socket_timeout": None}]
