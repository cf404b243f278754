"""What loading the ASGI application does to the server process as a whole (docs/performance.md:
process-wide tweaks stay only with evidence)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import gc, json, sys; before = sys.getswitchinterval(); import justalllowgod.asgi; "
    "print(json.dumps([before, sys.getswitchinterval(), gc.get_freeze_count(), gc.get_threshold()]))"
)


def _load_the_application() -> tuple[float, float, int, list[int]]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "justalllowgod.settings",
        "DJANGO_GAME_CLOCK_IN_PROCESS": "false",
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    before, after, frozen, thresholds = json.loads(done.stdout.strip().splitlines()[-1])
    return before, after, frozen, thresholds


def test_loading_the_application_freezes_what_it_loaded_and_leaves_the_switch_interval_alone():
    before, after, frozen, _thresholds = _load_the_application()
    assert after == before == 0.005  # Python's own: the benchmark could not tell 0.5 ms from it
    # The start-up heap (tens of thousands of objects) is left out of every full collection.
    assert frozen > 10_000


def test_loading_the_application_makes_full_collections_ten_times_rarer():
    # Each one stops every socket of the process for 200-300 ms at 1,200 sockets (docs/performance.md).
    assert _load_the_application()[3] == [700, 10, 100]
