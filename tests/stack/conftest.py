"""The production stack's test starts nginx, PostgreSQL, Redis and daphne processes of its own.

It runs only when asked, with JAG_STACK_TESTS=1: `make test-stack`, which `bash .ci/run` runs once
after the suite on PostgreSQL + Redis. `make test` leaves it out: it needs nginx and minutes.
"""

from __future__ import annotations

import os

collect_ignore_glob = [] if os.environ.get("JAG_STACK_TESTS") == "1" else ["test_*.py"]
