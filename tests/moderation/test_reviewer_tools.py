"""Reviewers' tools: waiting cases on the admin home, the queue's filters, claims and paging."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from moderation.services import flag_game
from tests.factories import UserFactory
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db


def reviewer(**extra):
    user = UserFactory(**extra)
    user.groups.add(Group.objects.get(name="Reviewers"))
    return user


def _waiting(client) -> str:
    html = client.get(reverse("admin:index")).content.decode()
    start = html.index('id="waiting-for-me"')
    return html[start : html.index("</section>", start)]


def test_a_reviewer_sees_open_cases_with_their_age(client, live_deck, clock):
    played = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: 2000)
    flag_game(game_id=played.game.pk)
    judge = reviewer(is_staff=True)
    client.force_login(judge)
    box = _waiting(client)
    assert "Open cases (1)" in box and "waiting" in box and "/review/cases/" in box
