"""Remember the Word (R11): blank a meaningful word, offer two look-alike wrong words."""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

from .types import CardKind

BLANK = "_____"
_TOKEN = re.compile(r"\S+")
_STRIP = ".,;:?!\"'()[]-\u2018\u2019\u201c\u201d"
_SENTENCE_END = (".", "?", "!")
# Words too common to test memory; KJV forms included.
STOP_WORDS = frozenset(
    [
        "a",
        "about",
        "after",
        "again",
        "against",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "art",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "both",
        "but",
        "by",
        "came",
        "can",
        "come",
        "cometh",
        "could",
        "did",
        "do",
        "doth",
        "done",
        "even",
        "every",
        "for",
        "forasmuch",
        "from",
        "had",
        "hast",
        "hath",
        "have",
        "he",
        "her",
        "here",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "let",
        "lest",
        "may",
        "me",
        "mine",
        "more",
        "my",
        "neither",
        "no",
        "nor",
        "not",
        "now",
        "o",
        "of",
        "oh",
        "on",
        "one",
        "or",
        "our",
        "out",
        "own",
        "said",
        "saith",
        "say",
        "saying",
        "shall",
        "she",
        "should",
        "so",
        "such",
        "than",
        "that",
        "the",
        "thee",
        "their",
        "them",
        "then",
        "there",
        "thereof",
        "these",
        "they",
        "thine",
        "this",
        "those",
        "thou",
        "through",
        "thus",
        "thy",
        "to",
        "too",
        "unto",
        "up",
        "upon",
        "us",
        "was",
        "we",
        "were",
        "what",
        "whatsoever",
        "when",
        "whence",
        "where",
        "whereby",
        "wherefore",
        "whether",
        "which",
        "while",
        "whither",
        "who",
        "whom",
        "whose",
        "why",
        "will",
        "with",
        "would",
        "ye",
        "yea",
        "yet",
        "you",
        "your",
    ]
)
# Used only if a deck's other verses cannot give two wrong words.
FALLBACK_WORDS = ("bread", "light", "stone", "river", "mercy", "crown", "sheep", "heaven")


def _core(token: str) -> str:
    """A token without surrounding punctuation."""
    return token.strip(_STRIP)


def _meaningful(word: str) -> bool:
    """A word worth blanking: letters only, 3+ long, not a stop word, not KJV small caps (LORD)."""
    return len(word) >= 3 and word.isalpha() and not word.isupper() and word.lower() not in STOP_WORDS


@lru_cache(maxsize=256)
def _tokens(verse: str) -> tuple[tuple[str, str, bool, bool], ...]:
    """(token, core, supplied, sentence_start) for each token of a verse."""
    out = []
    depth = 0
    start = True
    for match in _TOKEN.finditer(verse):
        token = match.group()
        supplied = depth > 0 or "[" in token
        depth = max(0, depth + token.count("[") - token.count("]"))
        out.append((token, _core(token), supplied, start))
        start = _core(token) == "" or token.rstrip("]\u2019'\"").endswith(_SENTENCE_END)
    return tuple(out)


@lru_cache(maxsize=256)
def candidates(verse: str) -> tuple[str, ...]:
    """Words of a verse that may be blanked, first occurrence order, unique case-insensitively."""
    toks = _tokens(verse)
    supplied = {core.lower() for _t, core, sup, _s in toks if sup}
    seen: dict[str, str] = {}
    for _token, core, sup, _start in toks:
        low = core.lower()
        if not sup and _meaningful(core) and low not in supplied and low not in seen:
            seen[low] = core
    return tuple(seen.values())


@lru_cache(maxsize=64)
def _proper_nouns(verses: tuple[str | None, ...], names: tuple[str, ...]) -> frozenset[str]:
    """Lower-cased proper nouns: names from the deck's titles, or words capitalised mid-sentence
    (not just after a comma, where KJV starts speech) and never written in lower case."""
    capital, lower = set(), set()
    for verse in verses:
        previous = ""
        for token, core, _sup, start in _tokens(verse or ""):
            if core[:1].isupper() and not start and not previous.endswith((",", ":", ";")):
                capital.add(core.lower())
            elif core[:1].islower():
                lower.add(core.lower())
            previous = token
    return frozenset((capital | set(names)) - lower)


def title_names(deck: list[dict]) -> list[str]:
    """The deck's names, lower-cased: capitalised words of Person card titles, and capitalised
    words after the first in story, Place and Moment titles (a title's first word is always
    capitalised, and Word card titles are references)."""
    titles = []
    for story in deck:
        titles.append((story.get("title") or "", 1))
        for item in story.get("cards", []):
            if item.get("kind") != CardKind.WORD.label:
                titles.append(
                    (item.get("title") or "", 0 if item.get("kind") == CardKind.PERSON_CARD.label else 1)
                )
    return list(_names(tuple(titles)))


@lru_cache(maxsize=16)
def _names(titles: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """Names in (title, words to skip) pairs; cached, since every game of a deck asks again."""
    found = set()
    for title, skip in titles:
        for word in [_core(t) for t in title.split()][skip:]:
            if word[:1].isupper() and _meaningful(word):
                found.add(word.lower())
    return tuple(sorted(found))


def make_question(
    verses: list[str | None], story: int, rng: random.Random, names: list[str] = ()
) -> dict | None:
    """A question for one story's verse, or None if the verse has no word to blank."""
    verse = verses[story - 1]
    words = candidates(verse) if verse else ()
    if not words:
        return None
    right = rng.choice(words)
    wrong = _distractors(tuple(verses), story, right, rng, tuple(names))
    choices = [right, *wrong]
    rng.shuffle(choices)
    return {
        "story": story,
        "text": _blanked(verse, right),
        "choices": choices,
        "answer": choices.index(right),
    }


@lru_cache(maxsize=1024)
def _blanked(verse: str, word: str) -> str:
    """The verse with every free occurrence of the word replaced by a blank."""
    out = []
    for token, core, sup, _start in _tokens(verse):
        hit = not sup and core.lower() == word.lower()
        out.append(token.replace(core, BLANK, 1) if hit else token)
    return " ".join(out)


def _distractors(
    verses: tuple, story: int, right: str, rng: random.Random, names: tuple[str, ...] = ()
) -> list[str]:
    """Two wrong words of similar kind from other verses, shown in the right word's case."""
    picked: list[str] = []
    for tier in _tiers(verses, story, right, names):
        picked.extend(rng.sample(tier, min(2 - len(picked), len(tier))))
        if len(picked) == 2:
            break
    own = {w.lower() for w in candidates(verses[story - 1] or "")}
    for word in FALLBACK_WORDS:
        if len(picked) >= 2:
            break
        if word not in own and word != right.lower() and word not in picked:
            picked.append(word)
    return [_like_case(word, right) for word in picked[:2]]


@lru_cache(maxsize=4096)
def _tiers(verses: tuple, story: int, right: str, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Words of the other verses (not in this one), grouped from most to least alike."""
    proper = _proper_nouns(verses, names)
    own = {w.lower() for w in candidates(verses[story - 1] or "")}
    pool: dict[str, int] = {}
    for pos, verse in enumerate(verses, start=1):
        for word in candidates(verse or "") if pos != story else ():
            low = word.lower()
            if low not in own and low not in pool:
                pool[low] = _likeness(word, right, proper)
    return tuple(tuple(sorted(w for w in pool if pool[w] == tier)) for tier in sorted(set(pool.values())))


def _likeness(word: str, right: str, proper: frozenset[str]) -> int:
    """Lower is more alike: proper noun vs common word first, then length."""
    same_kind = (word.lower() in proper) == (right.lower() in proper)
    gap = abs(len(word) - len(right))
    band = 0 if gap <= 1 else 1 if gap <= 3 else 2
    return (0 if same_kind else 3) + band


def _like_case(word: str, right: str) -> str:
    """Write a choice in the same capitalisation as the right word, so case gives nothing away."""
    return word.capitalize() if right[:1].isupper() else word.lower()


def public_question(question: dict[str, Any]) -> dict[str, Any]:
    """The question as the answering seat sees it: no answer."""
    return {"story": question["story"], "text": question["text"], "choices": list(question["choices"])}
