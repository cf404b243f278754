"""Other players only ever see gamer tags: never an email or a name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MEMBER_PAGES = ["home", "how_to_play", "rules", "privacy", "accounts:settings", "family"]


@pytest.mark.parametrize("name", MEMBER_PAGES)
def test_ruling_R31_pages_a_member_sees_show_no_email_of_any_member(client, name):
    other = UserFactory(email="secret.miriam@example.org", gamer_tag="Miriam")
    viewer = UserFactory(email="hidden.aaron@example.org", gamer_tag="Aaron")
    client.force_login(viewer)
    page = client.get(reverse(name)).content.decode()
    assert other.email not in page
    assert viewer.email not in page
    assert "@example.org" not in page


def test_the_header_shows_the_members_tag(client):
    client.force_login(UserFactory(gamer_tag="Aaron"))
    assert "Aaron" in client.get(reverse("home")).content.decode()


def test_the_privacy_page_says_what_we_keep_about_a_member_and_a_child_and_how_to_delete_it(client):
    page = client.get(reverse("privacy")).content.decode()
    for part in ["About a member", "About a child", "Deleting it", "a former member"]:
        assert part in page
    assert reverse("privacy") in client.get(reverse("home")).content.decode()  # linked from the footer
