"""What-if settings for `python -m bench --what-if ...`: NOT used by the site.

Each option is a change to measure before anyone makes it in the site itself:
- persistent-db: reuse each thread's database connection (conn_max_age 600 with Django's health
  check) instead of opening one for every trip to the database (the site's conn_max_age=0).
- switch-interval: sys.setswitchinterval(0.0005). The event loop thread waits up to the switch
  interval (5 ms by default) for the GIL after every system call while the database thread runs
  Python code; a shorter interval shortens that wait.
"""

import os
import sys

from justalllowgod.settings import *  # noqa: F403
from justalllowgod.settings import DATABASES

WHAT_IF = set(filter(None, os.environ.get("BENCH_WHAT_IF", "").split(",")))

if "persistent-db" in WHAT_IF:
    DATABASES["default"]["CONN_MAX_AGE"] = 600
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if "switch-interval" in WHAT_IF:
    sys.setswitchinterval(0.0005)
