"""Helpers for browser tests."""

from __future__ import annotations

import os
from pathlib import Path

ARTIFACTS = Path(os.environ.get("TEST_ARTIFACTS", "test-artifacts"))


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def in_a_thread(work):
    """Run ORM or service work away from Playwright's event loop (services send with async_to_sync)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connections

    def run():
        try:
            return work()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


def fits_sideways(page) -> bool:
    """Whether the page needs no sideways scroll at its viewport's width."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def table_model(page, read: str = "(m) => m", arg=None, *, until: bool = False, timeout: float | None = None):
    """Read the table page's model (static/js/table-model.js) through its one hook, window.jagTable.

    `read` is a JavaScript function of the model (null until the page has made one), `arg`, and the
    page's acts (`sendMove`, `card`, `story`, `seatName`, `socket`). With until=True this waits until
    `read` returns something truthy, and returns that.
    """
    script = f"(arg) => {{ const t = window.jagTable; return ({read})(t ? t.model() : null, arg, t); }}"
    if until:
        return page.wait_for_function(script, arg=arg, timeout=timeout).json_value()
    return page.evaluate(script, arg)
