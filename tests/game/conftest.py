"""Fixtures for table and game tests: a live deck, members, and tables."""

from __future__ import annotations

import pytest
from django.core.management import call_command


@pytest.fixture
def live_deck(db):
    """The default deck of twenty approved stories."""
    call_command("load_default_deck", verbosity=0)
    from content.services import live_deck

    return live_deck()
