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


# Letters that pass for one another in a small sans-serif font: l and I (and 1, which fold() reads
# as i) all read as i; "rn" reads as m and "vv" as w.
_SAME_LETTER = ("l", "i")
_JOINED_LETTERS = (("rn", "m"), ("vv", "w"))


def glance_fold(text: str, *, joined: bool = True) -> str:
    """A text as it reads at a glance: fold(), then l as i, and (unless joined=False) rn as m and
    vv as w. Reserved names (accounts/tags.py) are compared in this form on both sides; is_rude
    reads a tag with the same tables but keeps the words' own i and l apart (see below)."""
    folded = fold(text).replace(*_SAME_LETTER)
    if joined:
        for looks, reads in _JOINED_LETTERS:
            folded = folded.replace(looks, reads)
    return folded


# In a tag, lower-case l, 1 and | may each be read as i or as l, and so may a capital I that
# touches a lower-case letter ("HitIer", "SIut"); a lower-case i (its dot shows) is only ever i,
# and a capital I among capitals ("KIAN") reads as I. A word of the lists matches a text where each
# of its i's and l's is that letter or one of these. Only the text is read loosely: folding the
# words too would make "Kian" read as "klan", "Heli" as "hell" and "Pomegranate" as "porn".
_EITHER = "*"
_EITHER_CHARS = str.maketrans({"l": _EITHER, "1": _EITHER, "|": _EITHER, "!": _EITHER})
_CAPITAL_I_BY_LOWER_CASE = re.compile(r"(?<=[a-z])I|I(?=[a-z])")


def _reading(text: str, *, joined: bool) -> str:
    """The text with i-or-l look-alikes marked, digits read as letters, separators dropped and
    (when joined) "rn" read as m and "vv" as w."""
    marked = _CAPITAL_I_BY_LOWER_CASE.sub(_EITHER, text.translate(_EITHER_CHARS))
    marked = re.sub(r"[^a-z*]", "", marked.lower().translate(_LOOKALIKES))
    if joined:
        for looks, reads in _JOINED_LETTERS:
            marked = marked.replace(looks, reads)
    return marked


def _pattern(words: frozenset[str]) -> re.Pattern[str]:
    def one(word: str) -> str:
        return "".join(f"[{char}*]" if char in "il" else re.escape(char) for char in word)

    return re.compile("|".join(one(word) for word in sorted(words, key=len, reverse=True)))


_RUDE_PATTERN = _pattern(RUDE_WORDS)
_ANYWHERE_PATTERN = _pattern(ANYWHERE)


def _readings(text: str) -> set[str]:
    """The ways a text can read: with "rn" as itself and as m ("Bernie", "curn")."""
    return {_reading(text, joined=False), _reading(text, joined=True)}


def _is_rude_word(text: str) -> bool:
    return any(_RUDE_PATTERN.fullmatch(reading) for reading in _readings(text))


def is_rude(text: str) -> bool:
    """True when the text is, or contains, a word we never show, in any spelling that reads the
    same at a glance ("HitIer" with a capital i, "Sh1t", "SIut", "N4zi", "curn")."""
    if _is_rude_word(text):
        return True
    if any(_ANYWHERE_PATTERN.search(reading) for reading in _readings(text)):
        return True
    return any(_is_rude_word(part) for part in re.split(r"[_\-\s]+", text) if part)
