"""Table codes (R30): four letters that are easy to read aloud and never rude."""

from __future__ import annotations

import re
import secrets

from accounts.wordfilter import is_rude

# No I, L or O: they pass for 1, I and 0 on a small screen or read aloud.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4
_draw = secrets.choice  # one letter at a time; tests replace it to pick codes
_SHAPE = re.compile(rf"^[{ALPHABET}]{{{CODE_LENGTH}}}$")


def normalize(raw: str) -> str:
    """Codes match case-insensitively; spaces and dashes people type are ignored."""
    return re.sub(r"[\s\-]", "", raw or "").upper()


def is_well_formed(code: str) -> bool:
    """Whether a normalized code could be one of ours."""
    return bool(_SHAPE.match(code))


def random_code() -> str:
    """A fresh code that is not a rude word."""
    while True:
        code = "".join(_draw(ALPHABET) for _ in range(CODE_LENGTH))
        if not is_rude(code):
            return code
