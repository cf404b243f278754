"""Rude words written with look-alike letters are refused (review of issue 28): a capital I or a
lower-case l reads as either letter, 1 and | too, digits as letters, "rn" as m and "vv" as w; names
that only look close to a rude word when lower-case i is read as l stay welcome."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from accounts.tags import reserved_fold, validate_gamer_tag
from accounts.wordfilter import glance_fold, is_rude


def refusal(tag: str) -> str:
    with pytest.raises(ValidationError) as caught:
        validate_gamer_tag(tag)
    return "+".join(error.code for error in caught.value.error_list)


@pytest.mark.parametrize(
    "tag",
    [
        "HitIer",  # capital i for l
        "SIut",
        "H1tler",
        "H1t1er",
        "N4zi",
        "N4zi_fan",
        "ShIt",  # capital i for i
        "Shlt",  # lower-case l for i
        "Big_SIut",
        "BoIIocks",
        "curn",  # rn for m
        "VVank",  # vv for w
        "PORN",
    ],
)
def test_rude_words_in_look_alike_letters_are_refused(tag):
    assert refusal(tag) == "rude"


@pytest.mark.parametrize(
    "tag",
    [
        "Kian",
        "KIAN",
        "Heli",
        "HELI",
        "Molly",
        "Lili",
        "Pomegranate",
        "Pompey",
        "Bernie",
        "Willy",
        "Wi11y",
        "Nimrod",
    ],
)
def test_names_that_only_look_close_to_a_rude_word_are_welcome(tag):
    assert validate_gamer_tag(tag) == tag


def test_reserved_names_and_rude_words_share_one_fold():
    assert reserved_fold is glance_fold
    assert glance_fold("HitIer") == glance_fold("Hit1er") == glance_fold("Hitler")
    assert glance_fold("curn") == "cum" and glance_fold("VVank") == "wank"


def test_the_filter_on_its_own_reads_both_spellings_of_a_1():
    assert is_rude("Hit1er") and is_rude("Sh1t")
