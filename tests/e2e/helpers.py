"""Helpers for browser tests."""

from __future__ import annotations

import os
from pathlib import Path


def _chromium(*paths: str) -> str:
    for path in (os.environ.get("CHROMIUM_PATH"), *paths):
        if path and Path(path).exists():
            return path
    return os.environ.get("CHROMIUM_PATH") or paths[-1]


# The browser most tests drive: Debian's headless shell (package chromium-headless-shell: the same
# engine as Debian's Chromium without the desktop browser around it, a third less CPU per test),
# else Debian's Chromium. CHROMIUM_PATH names another.
CHROMIUM = _chromium("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
# The headless shell shows no notices and answers a notice permission differently: modules that
# test notices set WHOLE_BROWSER = True and get Debian's Chromium itself.
WHOLE_CHROMIUM = _chromium("/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("TEST_ARTIFACTS", "test-artifacts"))
# Pictures of the pages for people to look at (`make screenshots`). Taking them is most of a
# browser test's drawing work and asserts nothing, so `make test` leaves them out.
SCREENSHOTS = os.environ.get("TEST_SCREENSHOTS", "") not in ("", "0")


def screenshot(page, name: str, *, full_page: bool = True, clip: dict | None = None) -> Path | None:
    """Save a picture of the page (or of `clip`) as ARTIFACTS/name.png when TEST_SCREENSHOTS is set;
    `name` may name a folder too ("names-fit/seat-320")."""
    if not SCREENSHOTS:
        return None
    # As the page settles: a panel still fading in would be caught half drawn.
    page.evaluate(
        """() => Promise.all(document.getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => null)))"""
    )
    path = ARTIFACTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page and clip is None, clip=clip)
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
