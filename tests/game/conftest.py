"""Fixtures for table and game tests: a live deck, members, and tables."""

from __future__ import annotations
