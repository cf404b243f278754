"""Remember the Word (R11): blank a meaningful word, offer two look-alike wrong words.

R43: a seat reads its own Bible, so each function takes the language its verses are written in;
the words too common to blank and the fallback words are that language's (word_lists).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

from .types import CardKind
from .word_lists import ENGLISH, LISTS

BLANK = "_____"
_TOKEN = re.compile(r"\S+")
_SENTENCE_END = (".", "?", "!")
# The English lists, by the names they had before a seat could read another language.
STOP_WORDS = LISTS[ENGLISH].stop
FALLBACK_WORDS = LISTS[ENGLISH].fallback


def _core(token: str, language: str = ENGLISH) -> str:
    """A token without surrounding punctuation."""
    return token.strip(LISTS[language].punctuation)


def _meaningful(word: str, language: str = ENGLISH) -> bool:
    """A word worth blanking: letters only (accented ones too, no apostrophe inside), 3+ long, not a
    stop word, not KJV small caps (LORD)."""
    return (
        len(word) >= 3 and word.isalpha() and not word.isupper() and word.lower() not in LISTS[language].stop
    )


@lru_cache(maxsize=1024)
def _tokens(verse: str, language: str = ENGLISH) -> tuple[tuple[str, str, bool, bool], ...]:
    """(token, core, supplied, sentence_start) for each token of a verse."""
    out = []
    depth = 0
    start = True
    for match in _TOKEN.finditer(verse):
        token = match.group()
        core = _core(token, language)
        supplied = depth > 0 or "[" in token
        depth = max(0, depth + token.count("[") - token.count("]"))
        out.append((token, core, supplied, start))
        start = core == "" or token.rstrip("]\u2019'\"").endswith(_SENTENCE_END)
    return tuple(out)


@lru_cache(maxsize=1024)
def candidates(verse: str, language: str = ENGLISH) -> tuple[str, ...]:
    """Words of a verse that may be blanked, first occurrence order, unique case-insensitively."""
    toks = _tokens(verse, language)
    supplied = {core.lower() for _t, core, sup, _s in toks if sup}
    seen: dict[str, str] = {}
    for _token, core, sup, _start in toks:
        low = core.lower()
        if not sup and _meaningful(core, language) and low not in supplied and low not in seen:
            seen[low] = core
    return tuple(seen.values())


@lru_cache(maxsize=64)
def _proper_nouns(
    verses: tuple[str | None, ...], names: tuple[str, ...], language: str = ENGLISH
) -> frozenset[str]:
    """Lower-cased proper nouns: names from the deck's titles, or words capitalised mid-sentence
    (not just after a comma, where KJV starts speech) and never written in lower case."""
    capital, lower = set(), set()
    for verse in verses:
        previous = ""
        for token, core, _sup, start in _tokens(verse or "", language):
            if core[:1].isupper() and not start and not previous.endswith((",", ":", ";")):
                capital.add(core.lower())
            elif core[:1].islower():
                lower.add(core.lower())
            previous = token
    return frozenset((capital | set(names)) - lower)


def in_language(story: dict, language: str) -> dict:
    """What a deck's story carries in a language (R43): {"verse": ..., "words": ...}, or {} when
    it carries nothing in it (and always for English, which stays in the story itself)."""
    if language == ENGLISH:
        return {}
    return (story.get("languages") or {}).get(language) or {}


def title_names(deck: list[dict], language: str = ENGLISH) -> list[str]:
    """The deck's names, lower-cased: capitalised words of Person card titles, and capitalised
    words after the first in story, Place and Moment titles (a title's first word is always
    capitalised, and Word card titles are references). In another language, a story's titles are
    its approved translation's, or the English ones when it has none."""
    titles = []
    for story in deck:
        words = in_language(story, language).get("words")
        if words:
            titles.append((words.get("title") or "", 1))
            for kind, item in zip(CardKind, words.get("cards") or (), strict=False):
                if kind != CardKind.WORD:
                    titles.append((item.get("title") or "", 0 if kind == CardKind.PERSON_CARD else 1))
            continue
        titles.append((story.get("title") or "", 1))
        for item in story.get("cards", []):
            if item.get("kind") != CardKind.WORD.label:
                titles.append(
                    (item.get("title") or "", 0 if item.get("kind") == CardKind.PERSON_CARD.label else 1)
                )
    return list(_names(tuple(titles), language))


@lru_cache(maxsize=16)
def _names(titles: tuple[tuple[str, int], ...], language: str = ENGLISH) -> tuple[str, ...]:
    """Names in (title, words to skip) pairs; cached, since every game of a deck asks again."""
    found = set()
    for title, skip in titles:
        for word in [_core(t, language) for t in title.split()][skip:]:
            if word[:1].isupper() and _meaningful(word, language):
                found.add(word.lower())
    return tuple(sorted(found))


def make_question(
    verses: list[str | None],
    story: int,
    rng: random.Random,
    names: list[str] = (),
    language: str = ENGLISH,
    prefer: str | None = None,
) -> dict | None:
    """A question for one story's verse, or None if the verse has no word to blank; `verses` and
    `names` are the answering seat's, in its `language` (R43). R44: `prefer`, a word the server
    chose, is the one blanked when the verse may blank it (any case); the rng is drawn as ever."""
    verse = verses[story - 1]
    words = candidates(verse, language) if verse else ()
    if not words:
        return None
    right = rng.choice(words)  # drawn even when a word is preferred, so replays stay the same
    if prefer:
        right = _chosen(words, prefer) or right
    wrong = _distractors(tuple(verses), story, right, rng, tuple(names), language)
    choices = [right, *wrong]
    rng.shuffle(choices)
    return {
        "story": story,
        "text": _blanked(verse, right, language),
        "choices": choices,
        "answer": choices.index(right),
    }


def _chosen(words: tuple[str, ...], prefer: str) -> str | None:
    """The candidate that is the preferred word, in the verse's own case, or None."""
    low = prefer.lower()
    return next((word for word in words if word.lower() == low), None)


@lru_cache(maxsize=1024)
def _blanked(verse: str, word: str, language: str = ENGLISH) -> str:
    """The verse with every free occurrence of the word replaced by a blank."""
    out = []
    for token, core, sup, _start in _tokens(verse, language):
        hit = not sup and core.lower() == word.lower()
        out.append(token.replace(core, BLANK, 1) if hit else token)
    return " ".join(out)


def _distractors(
    verses: tuple,
    story: int,
    right: str,
    rng: random.Random,
    names: tuple[str, ...] = (),
    language: str = ENGLISH,
) -> list[str]:
    """Two wrong words of similar kind from other verses, shown in the right word's case."""
    picked: list[str] = []
    for tier in _tiers(verses, story, right, names, language):
        picked.extend(rng.sample(tier, min(2 - len(picked), len(tier))))
        if len(picked) == 2:
            break
    own = {w.lower() for w in candidates(verses[story - 1] or "", language)}
    for word in LISTS[language].fallback:
        if len(picked) >= 2:
            break
        if word not in own and word != right.lower() and word not in picked:
            picked.append(word)
    return [_like_case(word, right) for word in picked[:2]]


@lru_cache(maxsize=4096)
def _tiers(
    verses: tuple, story: int, right: str, names: tuple[str, ...], language: str = ENGLISH
) -> tuple[tuple[str, ...], ...]:
    """Words of the other verses (not in this one), grouped from most to least alike."""
    proper = _proper_nouns(verses, names, language)
    own = {w.lower() for w in candidates(verses[story - 1] or "", language)}
    pool: dict[str, int] = {}
    for pos, verse in enumerate(verses, start=1):
        for word in candidates(verse or "", language) if pos != story else ():
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


def is_on(question: dict[str, Any], verse: str | None, language: str = ENGLISH) -> bool:
    """Whether a question was asked on this verse, in this language: its right word is one the verse
    may have blanked, and its text is the verse with that word blanked."""
    right = question["choices"][question["answer"]]
    return (
        bool(verse)
        and right in candidates(verse, language)
        and question["text"] == _blanked(verse, right, language)
    )


def public_question(question: dict[str, Any]) -> dict[str, Any]:
    """The question as the answering seat sees it: no answer."""
    return {"story": question["story"], "text": question["text"], "choices": list(question["choices"])}
