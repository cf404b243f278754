"""Sign-up, log-in and the admin's protection against guessing."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import User
from tests.accounts.mailed_codes import code_in
from tests.factories import PASSWORD, StaffFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_signing_up_with_email_and_password_leads_to_the_code_then_choosing_a_tag(client):
    response = client.post(reverse("account_signup"), {"email": "ruth@example.org", "password1": PASSWORD})
    assert response["Location"] == reverse("account_email_verification_sent")
    confirmed = client.post(
        reverse("account_email_verification_sent"), {"code": code_in(mail.outbox[0].body)}
    )
    assert confirmed["Location"] == reverse("accounts:choose_tag")
    member = User.objects.get(email="ruth@example.org")
    assert member.gamer_tag == ""


def test_logging_in_with_email_and_password_works(client):
    member = UserFactory(email="boaz@example.org")
    response = client.post(reverse("account_login"), {"login": "boaz@example.org", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(member.pk)


def test_a_wrong_password_is_refused_with_a_clear_message(client):
    UserFactory(email="boaz@example.org")
    page = client.post(reverse("account_login"), {"login": "boaz@example.org", "password": "nope-nope-1"})
    assert page.status_code == 200
    assert "not correct" in page.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_admin_is_closed_to_members_who_are_not_staff(client):
    client.force_login(UserFactory())
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_the_admin_login_locks_out_after_repeated_wrong_passwords(client):
    staff = StaffFactory(email="keeper@example.org")
    for _ in range(5):
        client.post("/admin/login/", {"username": staff.email, "password": "wrong-guess-1"})
    locked = client.post("/admin/login/", {"username": staff.email, "password": PASSWORD})
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_admin_lets_staff_in(client):
    staff = StaffFactory(email="keeper@example.org")
    response = client.post(
        "/admin/login/", {"username": staff.email, "password": PASSWORD, "next": "/admin/"}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(staff.pk)


def test_a_script_signing_up_from_one_address_is_stopped_but_a_family_never_is():
    from django.test import Client

    def sign_up(n: int) -> int:
        client = Client(REMOTE_ADDR="198.51.100.20")
        data = {"email": f"member{n}@example.org", "password1": PASSWORD, "password2": PASSWORD}
        return client.post(reverse("account_signup"), data).status_code

    family = [sign_up(n) for n in range(6)]
    assert family == [302] * 6
    script = [sign_up(n) for n in range(6, 25)]
    assert script[:14] == [302] * 14  # 20 a minute from one address: a classroom still fits
    assert 429 in script[14:]
    assert User.objects.filter(email__startswith="member").count() == 20
