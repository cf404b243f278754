"""Engine test fixtures: no database needed."""

from __future__ import annotations

import pytest

from tests.engine.support import make_deck


@pytest.fixture
def deck() -> list[dict]:
    """The 20-story test deck."""
    return make_deck()
