"""The production stack's test starts nginx, PostgreSQL, Redis and daphne processes of its own.

It runs only when asked, with JAG_STACK_TESTS=1: `make test-stack`, which `bash .ci/run` runs once
after the suite on PostgreSQL + Redis. `make test` leaves it out: it needs nginx and minutes.

One stack serves every test file that asks for `stack` (test_outages_and_upgrades.py, then
test_production_stack.py, in file order: `make test-stack` passes -p no:randomly); a file that
needs logs of its own defines its own `stack` (test_no_secret_in_logs.py).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

collect_ignore_glob = [] if os.environ.get("JAG_STACK_TESTS") == "1" else ["test_*.py"]


@pytest.fixture(scope="session")
def stack() -> Iterator[object]:
    from tests.e2e.helpers import ARTIFACTS
    from tests.stack.support import start_stack, stop_stack

    # Not under pytest's own temporary folder: PostgreSQL runs as its own user and must get in.
    workdir = Path(tempfile.mkdtemp(prefix="jag-stack-test-"))
    running = start_stack(
        workdir,
        {"DJANGO_LOG_FORMAT": "json", "DJANGO_GAME_FIXED_SEED": "20261129", "DJANGO_EMAIL_HOST": "console"},
    )
    yield running
    stop_stack(running.process, running.services)
    # The stack's logs are kept as test artifacts (CI shows them when something failed).
    kept = ARTIFACTS / "stack"
    shutil.rmtree(kept, ignore_errors=True)
    kept.mkdir(parents=True)
    for log in [*(workdir / "stack").glob("*.log"), workdir / "stack-output.log"]:
        shutil.copy(log, kept / log.name)
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    from tests.e2e.helpers import CHROMIUM

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu", "--no-first-run"]
        )
        yield browser
        browser.close()
