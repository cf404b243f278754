"""Gamer tag rules: length, characters, case, reserved names and rude words."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from accounts.services import set_gamer_tag
from accounts.tags import validate_gamer_tag
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import UserFactory


def refusal(tag: str) -> str:
    """The refusal's code, or its codes joined with "+" when the tag is wrong in more than one way."""
    with pytest.raises(ValidationError) as caught:
        validate_gamer_tag(tag)
    return "+".join(error.code for error in caught.value.error_list)


@pytest.mark.parametrize("tag", ["Abe", "Ruth_and_Naomi", "david-1", "A" * 20, "x_9-Z"])
def test_it_accepts_tags_of_letters_digits_underscores_and_hyphens(tag):
    assert validate_gamer_tag(tag) == tag


@pytest.mark.parametrize("tag", ["", "ab", "A" * 21])
def test_it_refuses_tags_shorter_than_3_or_longer_than_20(tag):
    assert refusal(tag) == "length"


@pytest.mark.parametrize("tag", ["Ruth Naomi", "ruth.naomi", "émile", "a@b", "tag!", "<b>x</b>"])
def test_it_refuses_other_characters(tag):
    assert refusal(tag) == "characters"


@pytest.mark.parametrize("tag", ["a!", "é", "ruth and naomi, of Moab"])
def test_a_tag_wrong_in_length_and_characters_is_told_both_at_once(tag):
    assert refusal(tag) == "length+characters"


@pytest.mark.parametrize(
    "tag",
    [
        "JagAI",
        "jagai",
        "jag_ai",
        "JAG-AI",
        "J4G4I",
        "admin",
        "Adm1n",
        "staff",
        "moderator",
        "system",
        "SYSTEM_",
        "JagAI_fan",
    ],
)
def test_it_refuses_reserved_tags_and_their_look_alikes(tag):
    assert refusal(tag) == "reserved"


@pytest.mark.parametrize("tag", ["shit", "Sh1t", "fuck_you", "bitchy", "big-ass", "n1gger"])
def test_it_refuses_rude_words(tag):
    assert refusal(tag) == "rude"


@pytest.mark.parametrize("tag", ["Michelle", "Cassie", "Essex_girl", "Hello_there", "Bassoon"])
def test_it_does_not_refuse_innocent_names_that_contain_short_rude_words(tag):
    assert validate_gamer_tag(tag) == tag


@pytest.mark.django_db
def test_tags_are_unique_ignoring_case():
    UserFactory(gamer_tag="Miriam")
    newcomer = UserFactory(gamer_tag="")
    with pytest.raises(Refusal) as caught:
        set_gamer_tag(user=newcomer, tag="MIRIAM")
    assert caught.value.code == Code.TAG_TAKEN
    newcomer.refresh_from_db()
    assert newcomer.gamer_tag == ""


@pytest.mark.django_db
def test_the_database_refuses_a_duplicate_tag_ignoring_case():
    from django.db import IntegrityError

    UserFactory(gamer_tag="Deborah")
    with pytest.raises(IntegrityError):
        UserFactory(gamer_tag="deborah")
