"""The MCP adapter's tests run a real Daphne in a forked process (tests/e2e/live.py) on the test database."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

import pytest

from tests.deck import load_deck
from tests.e2e.live import live_asgi  # noqa: F401  (a fixture)


@pytest.fixture
def default_deck(transactional_db) -> None:
    """The default deck of twenty approved stories."""
    load_deck()


@pytest.fixture
def errlog(tmp_path) -> Iterator[TextIO]:
    """Where the MCP server writes its stderr, to read back for the token."""
    with open(tmp_path / "jag_mcp.log", "w+", encoding="utf-8") as log:
        yield log
