"""Paths as log lines write them: secrets that travel in a path are never written."""

from __future__ import annotations

import re

# A child's sign-in QR carries its one-time secret in the path (accounts/family.py): while it is
# still valid anyone reading the log could sign in as the child, so no log line writes it.
# A big-screen link's secret is the key to a table's public view (game/services/screens.py): the same.
SECRET_IN_PATH = re.compile(r"^(/family/sign-in/|/s/|/ws/screen/)[^/]+(/?)")


def loggable_path(path: str | None) -> str:
    """The path as log lines write it: a child's sign-in secret and a big-screen link's become an
    ellipsis."""
    return SECRET_IN_PATH.sub(r"\1…\2", path or "")
