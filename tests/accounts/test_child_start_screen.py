"""A child's start screen offers nothing it would refuse (issue 46, found by a family): until the
grown-up switches Play now on, Play now is disabled with a gentle line, and no public tables are
listed; the refusal itself stays, for a POST made anyway."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PLAY_NOW_FORM = f'action="{reverse("play_now")}"'


def start_screen(user) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("home")).content.decode()


def test_a_child_kept_to_family_tables_is_told_why_play_now_waits():
    child = family.add_child(parent=UserFactory(), tag="Ben")
    page = start_screen(child)
    assert PLAY_NOW_FORM not in page
    assert 'disabled aria-describedby="play-now-family"' in page
    assert "Play now opens when your grown-up says yes" in page
    assert 'id="lobby"' not in page
    assert 'id="id_code"' in page  # joining a family table by its code is right there


def test_once_the_grown_up_says_yes_play_now_is_offered_as_to_anyone():
    child = family.add_child(parent=UserFactory(), tag="Ben")
    User.objects.filter(pk=child.pk).update(may_play_public=True)
    child.refresh_from_db()
    for user in (child, UserFactory()):
        page = start_screen(user)
        assert PLAY_NOW_FORM in page and 'id="lobby"' in page
        assert "play-now-family" not in page


def test_the_join_box_comes_before_the_start_form():
    page = start_screen(UserFactory())
    assert page.index('id="id_code"') < page.index('id="private-title"')
