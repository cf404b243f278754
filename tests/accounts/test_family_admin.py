"""The team's admin never gives a child's account a password or an email address."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts import family
from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "Zx9!long-pass-word"


def admin_client() -> Client:
    client = Client()
    client.force_login(UserFactory(gamer_tag="Admino", is_staff=True, is_superuser=True))
    return client


def change_data(child: User, **changes) -> dict:
    data = {
        "email": "",
        "gamer_tag": child.gamer_tag,
        "is_active": "on",
        "former_tags-TOTAL_FORMS": "0",
        "former_tags-INITIAL_FORMS": "0",
        "last_login_0": "",
        "last_login_1": "",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_the_admin_refuses_a_password_for_a_child_with_403():
    child = family.add_child(parent=UserFactory(gamer_tag="Mum"), tag="Kiddo")
    client = admin_client()
    url = f"/admin/accounts/user/{child.pk}/password/"
    assert client.get(url).status_code == 403
    answer = client.post(url, {"password1": PASSWORD, "password2": PASSWORD, "usable_password": "true"})
    assert answer.status_code == 403
    child.refresh_from_db()
    assert not child.has_usable_password()


def test_the_admin_still_sets_a_grown_ups_password():
    member = UserFactory(gamer_tag="Grown")
    answer = admin_client().post(
        f"/admin/accounts/user/{member.pk}/password/",
        {"password1": PASSWORD, "password2": PASSWORD, "usable_password": "true"},
    )
    assert answer.status_code == 302
    member.refresh_from_db()
    assert member.check_password(PASSWORD)


def test_the_admin_refuses_an_email_for_a_child_and_changes_nothing():
    child = family.add_child(parent=UserFactory(gamer_tag="Mum"), tag="Kiddo")
    client = admin_client()
    url = f"/admin/accounts/user/{child.pk}/change/"
    assert client.get(url).status_code == 200
    answer = client.post(url, change_data(child, email="kid@example.org"))
    assert answer.status_code == 200
    assert "has no email address" in answer.content.decode()
    child.refresh_from_db()
    assert child.email is None


def test_the_admin_still_saves_a_childs_row_without_an_email():
    child = family.add_child(parent=UserFactory(gamer_tag="Mum"), tag="Kiddo")
    answer = admin_client().post(
        f"/admin/accounts/user/{child.pk}/change/", change_data(child, is_active=None)
    )
    assert answer.status_code == 302
    child.refresh_from_db()
    assert not child.is_active and child.email is None
