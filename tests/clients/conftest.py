"""The MCP adapter's tests run a real Daphne in a forked process (tests/e2e/live.py) on the test database."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from typing import TextIO

import pytest
from django.conf import settings
from django.core.management import call_command

from tests.e2e.live import live_asgi  # noqa: F401  (a fixture)


def _file_based_sqlite_for_tests() -> None:
    """A forked server cannot see an in-memory database: one SQLite file for the run, named as the
    browser tests name theirs, so whichever conftest comes first, both agree."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.sqlite3":
        return
    test = database.setdefault("TEST", {})
    if not test.get("NAME"):
        test["NAME"] = os.path.join(tempfile.gettempdir(), f"jag-test-{os.getpid()}.sqlite3")


_file_based_sqlite_for_tests()


@pytest.fixture
def default_deck(transactional_db) -> None:
    """The default deck of twenty approved stories."""
    call_command("load_default_deck", verbosity=0)


@pytest.fixture
def errlog(tmp_path) -> Iterator[TextIO]:
    """Where the MCP server writes its stderr, to read back for the token."""
    with open(tmp_path / "jag_mcp.log", "w+", encoding="utf-8") as log:
        yield log
