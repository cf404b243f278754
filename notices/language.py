"""The language a notice to one member is written in (issue 42): a push and a turn mail are made
away from any page the member asked for (the clock's sweep, another member's move), so they speak
the member's own language (`User.language`) while the site offers it, else the site's.

    with in_members_language(member):
        telling = telling_for(table, kind)
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation


def language_of(member) -> str:
    """The member's own language, if the site offers it now (settings.LANGUAGES), else the site's."""
    chosen = getattr(member, "language", "") or ""
    offered = {code for code, _name in settings.LANGUAGES}
    return chosen if chosen in offered else settings.LANGUAGE_CODE


def in_members_language(member) -> translation.override:
    """A `with` block in which every word made is the member's language's."""
    return translation.override(language_of(member))
