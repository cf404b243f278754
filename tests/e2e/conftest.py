"""Browser tests: Playwright driving Debian's Chromium against a live test server."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

from tests.e2e.live import live_asgi  # noqa: F401  (a fixture)

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}

# Playwright's sync API keeps an event loop in this thread; the ORM calls the tests make are
# still plain synchronous calls, so Django's guard against async use does not apply here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _file_based_sqlite_for_tests() -> None:
    """The live ASGI server runs in a forked process, which cannot see an in-memory database.

    This runs when the e2e conftest is imported, before the session's test database is created, so
    the whole run uses one SQLite file (unique per run; DJANGO_TEST_SQLITE still wins).
    """
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        return
    test = database.setdefault("TEST", {})
    if not test.get("NAME"):
        test["NAME"] = os.path.join(tempfile.gettempdir(), f"jag-test-{os.getpid()}.sqlite3")


_file_based_sqlite_for_tests()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole run."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}; install the chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser):
    """Open pages in fresh browser contexts (each one a different person), phone-sized."""
    contexts = []

    def open_page(viewport: dict[str, int] = PHONE):
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
