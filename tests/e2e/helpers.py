"""Helpers for browser tests."""

from __future__ import annotations

import os
from pathlib import Path

ARTIFACTS = Path(os.environ.get("TEST_ARTIFACTS", "test-artifacts"))


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
