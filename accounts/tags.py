"""Gamer tag rules: shape, reserved names, rude words."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError

from accounts.wordfilter import fold, is_rude

ALLOWED_CHARACTERS = re.compile(r"^[A-Za-z0-9_-]*$")

# Names that would let a member pass for the house, a helper or the team. Compared after folding,
# so "jag_ai", "JAG-AI" and "J4G4I" are all the same name.
RESERVED = frozenset(
    {
        "jagai",
        "jag",
        "admin",
        "administrator",
        "staff",
        "moderator",
        "mod",
        "system",
        "root",
        "support",
        "helper",
        "agent",
        "reviewer",
        "justallowgod",
        "justalllowgod",
        "official",
        "team",
        "god",
        "jesus",
        "christ",
    }
)
# These may not appear anywhere inside a tag.
RESERVED_INSIDE = ("jagai", "admin", "moderator", "justallowgod", "justalllowgod")


def display_name(user: Any) -> str:
    """How the site names a member to themselves: the tag, or the email before a tag is chosen."""
    return user.gamer_tag or user.email


def validate_gamer_tag(tag: str) -> str:
    """Return the tag if it may be used, else raise ValidationError with a clear reason."""
    tag = tag.strip()
    shape = []  # every way the tag is out of shape, so one try shows them all ("a!")
    if not 3 <= len(tag) <= 20:
        shape.append(ValidationError("A gamer tag is 3 to 20 characters long.", code="length"))
    if not ALLOWED_CHARACTERS.match(tag):
        shape.append(
            ValidationError(
                "Use only the letters A to Z (no accents), the digits 0 to 9, _ and -, with no spaces.",
                code="characters",
            )
        )
    if shape:
        raise ValidationError(shape)
    folded = fold(tag)
    if folded in RESERVED or any(word in folded for word in RESERVED_INSIDE):
        raise ValidationError("That tag is kept for the JustAllowGod team.", code="reserved")
    if is_rude(tag):
        raise ValidationError("Please choose a kinder tag.", code="rude")
    return tag
