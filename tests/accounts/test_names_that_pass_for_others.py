"""Names that cannot pass for someone else (issue 28 item 9): reserved names and every approved
agent's name are compared after folding look-alikes (l/I/1, 0/O, 5/S, rn/m, case), and the word
filter, built on a maintained list, refuses hateful names as well as swear words."""

from __future__ import annotations

import importlib.resources

import pytest
from django.core.exceptions import ValidationError

from accounts import agents
from accounts.forms import GamerTagForm
from accounts.services import set_gamer_tag
from accounts.tags import reserved_fold, validate_gamer_tag
from accounts.wordfilter import INNOCENT, RUDE_WORDS, is_rude
from game import codes
from tests.factories import StaffFactory, UserFactory


def refusal(tag: str, **kwargs) -> str:
    with pytest.raises(ValidationError) as caught:
        validate_gamer_tag(tag, **kwargs)
    return "+".join(error.code for error in caught.value.error_list)


@pytest.mark.parametrize(
    "tag",
    [
        "JagAl",
        "JagA1",
        "Jag_Al",
        "jAgAi",
        "Admln",
        "Adm1n",
        "ADMlN",
        "Adrnin",
        "Ag3nt",
        "AGENT",
        "5ystem",
        "M0derat0r",
    ],
)
def test_reserved_names_are_refused_in_every_spelling_that_reads_the_same(tag):
    assert refusal(tag) == "reserved"


def test_folding_reads_look_alikes_as_one_letter():
    assert reserved_fold("JagAl") == reserved_fold("JagAI") == reserved_fold("J4g-A1") == "jagai"
    assert reserved_fold("Adrnin") == reserved_fold("Admln") == "admin"
    assert reserved_fold("5T0P") == "stop"


@pytest.mark.parametrize("tag", ["Molly", "Leila", "Bernie", "Grandma_Ruth", "Grandpa_Bob", "Sam", "Mum"])
def test_family_names_with_l_rn_or_digits_are_still_welcome(tag):
    assert validate_gamer_tag(tag, agent_names=["Lamp"]) == tag


@pytest.mark.parametrize("tag", ["Lamp", "LAMP", "lamp_", "Larnp", "1amp", "La-mp"])
def test_an_approved_agents_name_is_reserved_in_every_spelling(tag):
    assert refusal(tag, agent_names=["Lamp"]) == "reserved"


@pytest.mark.django_db
def test_the_tag_form_and_service_refuse_an_approved_agents_name_and_change_nothing():
    agent = agents.Agent.objects.create(name="Lamp", owner_contact="lamp@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    form = GamerTagForm({"gamer_tag": "Larnp"})
    assert not form.is_valid()
    assert "AI helpers" in form.errors["gamer_tag"][0]
    member = UserFactory(gamer_tag="")
    with pytest.raises(ValidationError):
        set_gamer_tag(user=member, tag="LAMP")
    member.refresh_from_db()
    assert member.gamer_tag == ""


@pytest.mark.django_db
def test_an_agent_not_yet_approved_leaves_its_name_free():
    agents.Agent.objects.create(name="Lamp", owner_contact="lamp@example.org")
    assert GamerTagForm({"gamer_tag": "Lamp"}).is_valid()


@pytest.mark.parametrize(
    "tag",
    ["Hitler", "hitler", "H1tler", "Hit1er", "Adolf_Hitler", "Hitler88", "KKK", "KKK_fan", "Himmler", "Nazi"],
)
def test_hateful_names_are_refused(tag):
    assert refusal(tag) == "rude"


@pytest.mark.parametrize("tag", ["Willy", "Wang_Li", "Paddy", "Nimrod", "God_is_good", "Woody", "Essex_girl"])
def test_names_in_the_maintained_list_that_families_use_are_welcome(tag):
    assert validate_gamer_tag(tag) == tag


def test_the_filter_is_the_maintained_list_less_the_innocent_words():
    text = importlib.resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text("utf-8")
    plain = {w.strip() for w in text.splitlines() if w.strip().isalpha() and w.strip().islower()}
    assert len(plain) > 500
    assert plain - INNOCENT <= RUDE_WORDS
    assert not INNOCENT & RUDE_WORDS
    assert all(is_rude(word) for word in plain - INNOCENT)


def test_table_codes_are_never_a_word_of_the_list():
    for _ in range(300):
        assert not is_rude(codes.random_code())
