"""Words we never show: used for gamer tags and table codes."""

from __future__ import annotations

import re

# Common English profanity and slurs, lower case, written as they are usually spelled. Kept short
# on purpose: the filter also folds look-alike characters, so "sh1t" and "s-h-i-t" are caught too.
RUDE_WORDS = frozenset(
    [
        "arse",
        "arsehole",
        "ass",
        "asshole",
        "bastard",
        "bitch",
        "bollocks",
        "boob",
        "boobs",
        "bugger",
        "bullshit",
        "butt",
        "chink",
        "cock",
        "cocks",
        "coon",
        "crap",
        "cum",
        "cunt",
        "damn",
        "dick",
        "dicks",
        "dildo",
        "dyke",
        "fag",
        "faggot",
        "fanny",
        "fuck",
        "fucker",
        "fucking",
        "goddamn",
        "gook",
        "hell",
        "hoe",
        "homo",
        "jizz",
        "kike",
        "knob",
        "milf",
        "nazi",
        "negro",
        "nigga",
        "nigger",
        "nude",
        "orgasm",
        "paki",
        "penis",
        "piss",
        "porn",
        "pube",
        "pussy",
        "queer",
        "rape",
        "rapist",
        "retard",
        "sex",
        "sexy",
        "shit",
        "slag",
        "slut",
        "spic",
        "tit",
        "tits",
        "titty",
        "turd",
        "twat",
        "vagina",
        "wank",
        "wanker",
        "whore",
    ]
)

# Words rude enough, and rare enough inside innocent names, to refuse anywhere in a tag. The rest
# are refused only as a whole tag or a whole part of one, so "Michelle" and "Cassie" are welcome.
ANYWHERE = frozenset(
    [
        "fuck",
        "shit",
        "cunt",
        "nigger",
        "nigga",
        "faggot",
        "whore",
        "wank",
        "twat",
        "bitch",
        "pussy",
        "penis",
        "vagina",
        "dildo",
        "porn",
        "rapist",
        "retard",
        "bollock",
        "asshole",
        "arsehole",
        "bullshit",
        "jizz",
        "slut",
    ]
)

_LOOKALIKES = str.maketrans(
    {
        "0": "o",
        "1": "i",
        "3": "e",
        "4": "a",
        "5": "s",
        "7": "t",
        "8": "b",
        "9": "g",
        "@": "a",
        "$": "s",
        "|": "i",
        "!": "i",
    }
)


def fold(text: str) -> str:
    """Lower case, look-alike digits turned to letters, separators dropped."""
    return re.sub(r"[^a-z]", "", text.lower().translate(_LOOKALIKES))


def is_rude(text: str) -> bool:
    """True when the text is, or contains, a word we never show."""
    folded = fold(text)
    if folded in RUDE_WORDS:
        return True
    # "l" and "i" look alike; try both readings of a 1.
    alt = fold(text.lower().replace("1", "l"))
    if any(word in folded or word in alt for word in ANYWHERE):
        return True
    parts = re.split(r"[_\-\s]+", text.lower().translate(_LOOKALIKES))
    return any(part in RUDE_WORDS for part in parts)
