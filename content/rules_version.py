"""The rules version (V4): one constant, shown on the rules page, How to play and every printed card."""

from __future__ import annotations

# Change it whenever RULINGS.md changes what players do; pages and printed cards follow.
RULES_VERSION = "2026.12.01"
RULES_LABEL = f"Rules {RULES_VERSION}"
