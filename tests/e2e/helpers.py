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
