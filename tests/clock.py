"""The one controlled clock the tests share: time stands still until a test moves it on."""

from __future__ import annotations

from datetime import datetime, timedelta


class Clock:
    """Stands in for django.utils.timezone.now (see the `clock` fixture in tests/conftest.py)."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float = 0, *, ms: float = 0) -> None:
        """Move time on by `seconds`, or by `ms` (a player's thinking time is counted in ms)."""
        self.now += timedelta(seconds=seconds, milliseconds=ms)
