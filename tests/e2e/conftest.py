"""Browser tests: Playwright driving Debian's Chromium against a live test server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.helpers import CHROMIUM, WHOLE_CHROMIUM
from tests.e2e.live import deck, live_asgi, server, server_log  # noqa: F401  (fixtures)
from tests.e2e.seated import host_at_table  # noqa: F401  (a fixture)

PHONE = {"width": 390, "height": 844}

# Playwright's sync API keeps an event loop in this thread; the ORM calls the tests make are
# still plain synchronous calls, so Django's guard against async use does not apply here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark browser tests and run them last: Playwright's sync API keeps an event loop running in
    the main thread, and async tests cannot start while it runs."""
    browser_tests = [item for item in items if "tests/e2e/" in str(item.fspath)]
    for item in browser_tests:
        item.add_marker(pytest.mark.e2e)
    others = [item for item in items if "tests/e2e/" not in str(item.fspath)]
    items[:] = others + browser_tests


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[object]:
    """One headless Chromium per test module, closed after it so no event loop outlives it."""
    path = WHOLE_CHROMIUM if getattr(request.module, "WHOLE_BROWSER", False) else CHROMIUM
    if not Path(path).exists():
        pytest.fail(f"Chromium is not installed at {path}: run make chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path,
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


@pytest.fixture(autouse=True)
def _patient_expectations() -> Iterator[None]:
    """Live pages wait on sockets and clocks; give expectations a little more time on slow CI."""
    from playwright.sync_api import expect

    expect.set_options(timeout=10_000)
    yield


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


@pytest.fixture(autouse=True)
def _content_groups(request: pytest.FixtureRequest) -> None:
    """Put back the content team's groups (made by a data migration) that an earlier transactional
    test's flush removed; browser tests for the admin sign in as members of them."""
    if request.node.get_closest_marker("django_db") is None:
        return
    request.getfixturevalue("transactional_db")
    from importlib import import_module

    from django.contrib.auth.models import Group, Permission

    wanted = import_module("content.migrations.0002_content_groups").GROUP_PERMISSIONS
    for name, codenames in wanted.items():
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label="content", codename__in=codenames)
        )
