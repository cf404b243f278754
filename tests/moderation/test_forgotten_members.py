"""Deleting an account takes its tag out of every flag's evidence: the reviewers see the seat as
"a former member", and the other seat's tag and all the figures stay."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.models import User
from moderation.flags import FORMER_MEMBER
from moderation.models import Flag
from moderation.services import flag_game
from tests.factories import UserFactory
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db

FAST_MS, HUMAN_MS = 120, 1800


def _shared_device_flag(clock) -> tuple[Flag, dict]:
    played = play_game(
        devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: HUMAN_MS
    )
    [flag] = flag_game(game_id=played.game.pk)
    return flag, played.users


def _case_page(flag: Flag) -> str:
    reviewer = UserFactory(gamer_tag="Reviewer")
    reviewer.groups.add(Group.objects.get(name="Reviewers"))
    client = Client()
    client.force_login(reviewer)
    page = client.get(reverse("review_case", args=[flag.case_id]))
    assert page.status_code == 200
    return page.content.decode()


def test_deleting_an_account_takes_its_tag_out_of_the_shared_device_evidence(live_deck, clock):
    flag, users = _shared_device_flag(clock)
    gone, stays = users[1].gamer_tag, users[2].gamer_tag
    assert flag.evidence["tags"] == [gone, stays]
    family.delete_account(user=users[1])
    flag.refresh_from_db()
    assert flag.evidence["tags"] == [FORMER_MEMBER, stays]
    assert flag.evidence["seats"] == [1, 2] and flag.evidence["device"]
    page = _case_page(flag)
    assert gone not in page and stays in page


def test_deleting_a_childs_account_takes_their_tag_out_of_the_too_fast_evidence(live_deck, clock):
    played = play_game(clock=clock, think=lambda seat: FAST_MS if seat == 1 else HUMAN_MS)
    [flag] = flag_game(game_id=played.game.pk)
    child = played.users[1]
    parent = UserFactory(gamer_tag="Parent")
    User.objects.filter(pk=child.pk).update(managed_by=parent, email=None)
    tag = child.gamer_tag
    assert flag.evidence["tag"] == tag
    family.delete_child(parent=parent, child_id=child.pk)
    flag.refresh_from_db()
    assert flag.evidence["tag"] == FORMER_MEMBER and flag.evidence["fast_count"] >= 5
    assert tag not in _case_page(flag)
