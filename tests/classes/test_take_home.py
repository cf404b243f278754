"""Issue 48 item 4: take-home cards, and a parent keeping their child's games from class."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import family
from accounts.models import Managed, User
from classes import claiming, forgetting, leading
from classes.models import Pupil
from justalllowgod.lib.refusals import Code
from tests.classes.test_classes import a_class, children, refused
from tests.deck import load_deck
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db


def ended_class_with_cards(count: int = 2):
    classroom, leader = a_class()
    pupils = children(classroom, count)
    cards = dict((pupil.pk, code) for pupil, code in claiming.print_cards(**leader))
    return classroom, leader, pupils, cards


def test_a_parent_adds_the_child_on_a_card_to_their_family_with_their_games_once_the_class_ended():
    load_deck()
    _classroom, leader, pupils, cards = ended_class_with_cards(4)
    leading.make_tables(**leader)
    leading.start_all(**leader)
    sam = pupils[0].user
    device = signed_in_session(sam)
    family.record_device(child=sam, session_key=device)
    parent = UserFactory()
    refused(Code.CARD_TOO_SOON, claiming.claim_child, parent=parent, code=cards[pupils[0].pk])
    leading.end_all(**leader)
    child = claiming.claim_child(parent=parent, code=claiming.spaced(cards[pupils[0].pk]).lower())
    child.refresh_from_db()
    assert (child.managed_by, child.managed_as, child.is_child, child.is_class_child) == (
        parent,
        Managed.CHILD,
        True,
        False,
    )
    assert child.seats.count() == 1  # the game from class comes along
    assert not Session.objects.filter(session_key=device).exists()  # the class's tablet is signed out
    assert not Pupil.objects.filter(user=child).exists()
    assert list(family.children(parent)) == [child]
    # The sweep that deletes the class's children leaves a family's child alone.
    forgetting.forget_classes(timezone.now() + timedelta(days=8))
    assert User.objects.get(pk=child.pk).is_active and not User.objects.get(pk=pupils[1].user_id).is_active


def test_a_wrong_code_a_reprinted_card_and_a_full_family_change_nothing():
    _classroom, leader, pupils, cards = ended_class_with_cards(1)
    leading.end_all(**leader)
    parent = UserFactory()
    refused(Code.CARD_NOT_VALID, claiming.claim_child, parent=parent, code="WRONGWRONG")
    refused(Code.CARD_NOT_VALID, claiming.claim_child, parent=parent, code="")
    for number in range(family.MAX_CHILDREN):
        family.add_child(parent=parent, tag=f"Own_Kid_{number}")
    refused(Code.TOO_MANY_CHILDREN, claiming.claim_child, parent=parent, code=cards[pupils[0].pk])
    pupils[0].user.refresh_from_db()
    assert pupils[0].user.is_class_child and family.children(parent).count() == family.MAX_CHILDREN


def test_printing_again_makes_new_codes_and_the_old_cards_stop_working():
    classroom, leader = a_class()
    (pupil,) = children(classroom, 1)
    ((_, first),) = claiming.print_cards(**leader)
    ((_, second),) = claiming.print_cards(**leader)
    leading.end_all(**leader)
    parent = UserFactory()
    refused(Code.CARD_NOT_VALID, claiming.claim_child, parent=parent, code=first)
    assert claiming.claim_child(parent=parent, code=second).pk == pupil.user_id


def test_guessing_card_codes_waits_after_ten():
    parent = UserFactory()
    for _ in range(claiming.WRONG_CARDS):
        refused(Code.CARD_NOT_VALID, claiming.claim_child, parent=parent, code="GUESSGUESS", ip="10.3.3.3")
    refused(Code.TOO_MANY_TRIES, claiming.claim_child, parent=parent, code="GUESSGUESS", ip="10.4.4.4")


def test_the_cards_page_and_the_claim_page():
    classroom, leader = a_class()
    children(classroom, 2)
    board = Client()
    board.force_login(leader["leader"])
    page = board.post(reverse("class_cards", args=[classroom.pk]))
    assert page.status_code == 200 and len(page.context["cards"]) == 2 and page["Cache-Control"] == "no-store"
    assert board.get(reverse("class_cards", args=[classroom.pk])).status_code == 302  # a POST only
    code = page.context["cards"][0]["code"]
    leading.end_all(**leader)
    assert (
        Client()
        .get(reverse("class_claim_code", args=[code]))["Location"]
        .startswith(reverse("account_login"))
    )
    parent = Client()
    parent.force_login(UserFactory())
    wrong = parent.post(reverse("class_claim"), {"code": "NOPE"})
    assert wrong.status_code == 400 and b"doesn" in wrong.content
    kept = parent.post(reverse("class_claim"), {"code": code})
    assert kept.status_code == 302 and kept["Location"] == reverse("family")
    stranger = Client()
    stranger.force_login(UserFactory())
    assert (
        stranger.post(reverse("class_cards", args=[classroom.pk])).status_code == 302
    )  # not theirs: the board says so
