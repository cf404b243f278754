"""Passkeys through allauth.mfa (issue 30 item 1): the pages are there, nothing inline runs on
them, and an answer no passkey of ours signed is refused and signs nobody in. The whole sign-up and
sign-in with a real (virtual) authenticator is tests/e2e/test_passkeys.py."""

from __future__ import annotations

import json

import pytest
from allauth.mfa.models import Authenticator
from django.contrib.messages import get_messages
from django.core import mail
from django.urls import reverse

from tests.accounts.mailed_codes import code_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FORGED = {
    "id": "AAAA",
    "rawId": "AAAA",
    "type": "public-key",
    "response": {
        "clientDataJSON": "AAAA",
        "authenticatorData": "AAAA",
        "signature": "AAAA",
        "userHandle": "AAAA",
    },
}


def test_the_passkey_sign_in_asks_for_a_discoverable_key_with_the_users_lock(client):
    options = client.get(reverse("mfa_login_webauthn"), HTTP_ACCEPT="application/json").json()
    public_key = options["request_options"]["publicKey"]
    assert public_key["allowCredentials"] == []  # the device offers its own passkey: no email typed
    assert public_key["userVerification"] == "required"


def test_a_forged_passkey_answer_is_refused_and_signs_nobody_in(client):
    member = UserFactory()
    client.get(reverse("mfa_login_webauthn"), HTTP_ACCEPT="application/json")
    refused = client.post(reverse("mfa_login_webauthn"), {"credential": json.dumps(FORGED)})
    assert refused["Location"] == reverse("account_login")
    assert "Incorrect code." in [str(m) for m in get_messages(refused.wsgi_request)]
    assert "_auth_user_id" not in client.session
    member.refresh_from_db()
    assert member.last_login is None


def test_the_passkey_sign_up_asks_for_an_email_first_and_runs_no_inline_script(client):
    page = client.get(reverse("account_signup_by_passkey"))
    html = page.content.decode()
    assert 'name="email"' in html and 'name="password1"' not in html
    assert "<script>" not in html
    assert "unsafe-inline" not in page["Content-Security-Policy"]


def test_a_member_without_a_password_finds_passkeys_and_setting_a_password_in_their_settings(client):
    member = UserFactory()
    member.set_unusable_password()
    member.save()
    client.force_login(member)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert f'href="{reverse("mfa_list_webauthn")}"' in page and "Set a password" in page
    assert client.get(reverse("mfa_list_webauthn")).status_code == 200
    assert client.get(reverse("account_set_password")).status_code == 200
    # Adding a passkey asks first for a fresh code by mail: the member has no password to retype.
    adding = client.get(reverse("mfa_add_webauthn"))
    assert adding["Location"].startswith("/accounts/reauthenticate/code/")


def test_a_member_with_a_passkey_who_signs_in_by_code_is_asked_for_the_passkey_too(client):
    member = UserFactory(email="naomi@example.org")
    Authenticator.objects.create(user=member, type=Authenticator.Type.WEBAUTHN, data={"passwordless": True})
    client.post(reverse("account_request_login_code"), {"email": member.email})
    answer = client.post(reverse("account_confirm_login_code"), {"code": code_in(mail.outbox[-1].body)})
    # allauth counts a passkey as a second factor: a mailed code alone no longer opens the account.
    assert answer["Location"] == reverse("mfa_authenticate")
    assert "_auth_user_id" not in client.session
