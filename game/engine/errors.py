"""Errors the engine raises."""

from __future__ import annotations


class IllegalMove(Exception):
    """A move the rules do not allow now; `code` is stable snake_case for clients."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class DeckTooSmall(ValueError):
    """A deck with fewer than 8 dealable stories cannot be dealt (R1)."""


def require(condition: object, code: str) -> None:
    """Raise IllegalMove(code) unless the condition holds."""
    if not condition:
        raise IllegalMove(code)
