"""Words we never show: used for gamer tags and table codes.

The list is better-profanity's (a maintained list on PyPI, MIT licensed: swear words, slurs and
hateful names such as "hitler", "kkk" and "nazi"), read from the installed package. Beside it
live two short lists of our own: words it lacks, and innocent words it holds that families use
as names or read in the Bible ("Willy", "Wang", "virgin", "Nimrod"). Change those two, never copy
the big list in.
"""

from __future__ import annotations

import importlib.resources
import re

# better-profanity writes many spellings of each word ("sh1t", "f u c k"); we keep its plain words
# only, since fold() below reads those spellings the same way.
_PLAIN = re.compile(r"^[a-z]+$")

OUR_ADDITIONS = frozenset(
    [
        "bollocks",
        "bugger",
        "butt",
        "dicks",
        "goebbels",
        "heilhitler",
        "himmler",
        "hoe",
        "sexy",
        "siegheil",
        "slag",
        "swastika",
        "whitepower",
    ]
)

# In the maintained list, yet a family's name, a child's word or a word of the Bible. ("god" is kept
# for the house by accounts/tags.py instead, so "God_is_good" is still welcome.)
INNOCENT = frozenset(
    [
        "arian",
        "cowgirl",
        "cowgirls",
        "god",
        "guido",
        "hemp",
        "hoar",
        "lech",
        "leper",
        "maxi",
        "nimrod",
        "organ",
        "ovary",
        "ovum",
        "ovums",
        "paddy",
        "pawn",
        "pot",
        "revue",
        "rum",
        "sandbar",
        "seaman",
        "seamen",
        "stroke",
        "thrust",
        "virgin",
        "wang",
        "willy",
        "womb",
        "woody",
        "yury",
    ]
)


def _maintained_words() -> frozenset[str]:
    text = importlib.resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text("utf-8")
    return frozenset(word for word in (line.strip() for line in text.splitlines()) if _PLAIN.match(word))


RUDE_WORDS = (_maintained_words() | OUR_ADDITIONS) - INNOCENT

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
        "hitler",
        "himmler",
        "goebbels",
        "swastika",
        "kkk",
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
