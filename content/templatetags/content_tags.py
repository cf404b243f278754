"""Template helpers for cards and verses: {{ text|kjv }}, card pips and status badges."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from content.badges import status_badge
from content.deal import deck_health
from content.models import Kind

register = template.Library()

# The KJV translators' supplied words, which the library marks as [word].
_SUPPLIED = re.compile(r"\[([^\[\]]*)\]")


@register.filter(is_safe=True)
def kjv(text: str | None) -> SafeString:
    """Verse text made safe, its supplied words in italics and without brackets."""
    escaped = str(conditional_escape(text or ""))
    return mark_safe(_SUPPLIED.sub(r"<em>\1</em>", escaped))  # noqa: S308 - escaped just above


@register.simple_tag
def card_pips(card: dict[str, Any]) -> list[dict[str, Any]]:
    """The four kinds of a story, each marked when the holder has that card."""
    holds = set(card.get("holds") or ())
    return [
        {
            "kind": kind.value,
            "label": kind.label,
            "held": kind.value in holds,
            "this": kind.value == card.get("kind"),
        }
        for kind in Kind
    ]


register.simple_tag(status_badge, name="status_badge")


@register.filter
def kind_label(kind: str) -> str:
    """ "person" -> "Person"."""
    return Kind(kind).label if kind in Kind.values else kind


# The live deck's health for the admin's front page (content/deal.py words it).
register.simple_tag(deck_health, name="deck_health")
