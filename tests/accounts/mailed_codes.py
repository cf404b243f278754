"""Reading the sign-in code allauth mailed, as a member reads it from their inbox."""

from __future__ import annotations

import re

# allauth's default code: eight letters and digits in two groups ("MLKW-SLPP").
CODE = re.compile(r"\b([A-Z0-9]{4}-[A-Z0-9]{4})\b")


def code_in(body: str) -> str:
    """The one code in a mail's text; fails loudly if the mail has none."""
    found = CODE.findall(body)
    assert len(found) == 1, body
    return found[0]
