"""Gamer tag rules: shape, reserved names, rude words."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from accounts.wordfilter import glance_fold, is_rude

ALLOWED_CHARACTERS = re.compile(r"^[A-Za-z0-9_-]*$")

# Names that would let a member pass for the house, a helper or the team. Compared after folding
# look-alikes (reserved_fold), so "jag_ai", "JAG-AI", "J4G4I" and "JagAl" are all the same name.
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

# One reading for reserved names and rude words alike (accounts/wordfilter.py): l, I and 1 read as
# one letter, 0 as O, 5 as S, "rn" as m and "vv" as w.
reserved_fold = glance_fold

_RESERVED_FOLDED = frozenset(reserved_fold(name) for name in RESERVED)
_RESERVED_INSIDE_FOLDED = tuple(reserved_fold(name) for name in RESERVED_INSIDE)


def approved_agent_names() -> list[str]:
    """Every approved agent's name: no member may take one, in any spelling that reads the same."""
    from accounts.models import Agent  # late: this module is imported before the app registry is ready

    return list(Agent.objects.approved().values_list("name", flat=True))


def display_name(user: Any) -> str:
    """How the site names a member to themselves: the tag, or the email before a tag is chosen."""
    return user.gamer_tag or user.email


def validate_gamer_tag(tag: str, *, agent_names: Iterable[str] = ()) -> str:
    """Return the tag if it may be used, else raise ValidationError with a clear reason.

    `agent_names`: the approved agents' names (approved_agent_names()), reserved like the house's.
    """
    tag = tag.strip()
    shape = []  # every way the tag is out of shape, so one try shows them all ("a!")
    if not 3 <= len(tag) <= 20:
        shape.append(ValidationError(_("A gamer tag is 3 to 20 characters long."), code="length"))
    if not ALLOWED_CHARACTERS.match(tag):
        shape.append(
            ValidationError(
                _("Use only the letters A to Z (no accents), the digits 0 to 9, _ and -, with no spaces."),
                code="characters",
            )
        )
    if shape:
        raise ValidationError(shape)
    folded = reserved_fold(tag)
    if folded in _RESERVED_FOLDED or any(word in folded for word in _RESERVED_INSIDE_FOLDED):
        raise ValidationError(_("That tag is kept for the JustAllowGod team."), code="reserved")
    if any(folded == reserved_fold(name) for name in agent_names):
        raise ValidationError(
            _("That name belongs to one of our AI helpers. Please choose another."), code="reserved"
        )
    if is_rude(tag):
        raise ValidationError(_("Please choose a kinder tag."), code="rude")
    return tag
