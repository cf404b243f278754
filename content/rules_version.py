"""The rules version (V4): one constant, shown on the rules page, How to play and every printed card."""

from __future__ import annotations

from django.utils.translation import gettext as _

# Change it whenever RULINGS.md changes what players do; pages and printed cards follow.
RULES_VERSION = "2026.12.01"
RULES_LABEL = f"Rules {RULES_VERSION}"


def rules_label() -> str:
    """RULES_LABEL in the reader's language, for a page ("Rules 2026.12.01" in English)."""
    return _("Rules %(version)s") % {"version": RULES_VERSION}
