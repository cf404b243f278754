"""The content team's two groups (created by migration 0002)."""

from __future__ import annotations

EDITORS = "Content editors"
APPROVERS = "Content approvers"
