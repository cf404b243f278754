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


class Clock:
    """A controlled clock: time stands still until a test moves it on."""

    def __init__(self, start) -> None:
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        from datetime import timedelta

        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch):
    """Freeze django.utils.timezone.now for the services; advance it by hand."""
    from django.utils import timezone

    controlled = Clock(timezone.now())
    monkeypatch.setattr(timezone, "now", controlled)
    return controlled
