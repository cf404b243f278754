"""Sign-in without a password (issue 30 item 1): sign-up asks for an email only and a mailed code
proves it; a member signs in by a code; a password stays possible; guessing a code past allauth's
limits is refused clearly and signs nobody in."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.accounts.mailed_codes import code_in
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def signed_in_as(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


def said(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def test_sign_up_asks_for_an_email_only_and_a_password_is_optional(client):
    page = client.get(reverse("account_signup")).content.decode()
    assert 'name="email"' in page and 'name="password1"' in page
    assert 'name="password2"' not in page  # never typed twice
    assert (
        "Password (optional)" in page
        and 'name="password1" placeholder="Password" autocomplete="new-password" required' not in page
    )
    assert "Sign up with a passkey" in page


def test_sign_up_keeps_the_password_rules_folded_until_someone_chooses_a_password(client):
    page = client.get(reverse("account_signup")).content.decode()
    folded = re.search(r'<details class="signup-password">(.*?)</details>', page, re.S)
    assert folded, "the optional password is not folded away"
    inside = folded.group(1)
    assert "<summary>Add a password too</summary>" in inside
    assert 'name="password1"' in inside and "at least 8 characters" in inside
    assert "at least 8 characters" not in page.replace(inside, "")  # nowhere else on the page
    # A refused password opens it again, with the reason beside the box.
    refused = client.post(reverse("account_signup"), {"email": "ruth@example.org", "password1": "12345678"})
    assert '<details class="signup-password" open>' in refused.content.decode()


def test_signing_up_with_an_email_only_signs_in_by_the_mailed_code_then_asks_for_a_tag(client):
    sent = client.post(reverse("account_signup"), {"email": "ruth@example.org"})
    assert sent["Location"] == reverse("account_email_verification_sent")
    assert signed_in_as(client) is None  # nothing but the code signs anyone in
    code = code_in(mail.outbox[0].body)
    confirmed = client.post(reverse("account_email_verification_sent"), {"code": code})
    member = User.objects.get(email="ruth@example.org")
    assert signed_in_as(client) == str(member.pk)
    assert confirmed["Location"] == reverse("accounts:choose_tag")
    assert not member.has_usable_password()
    assert member.emailaddress_set.get().verified


def test_signing_up_with_a_password_still_asks_for_the_code_and_then_the_password_works(client):
    client.post(reverse("account_signup"), {"email": "boaz@example.org", "password1": PASSWORD})
    client.post(reverse("account_email_verification_sent"), {"code": code_in(mail.outbox[0].body)})
    assert signed_in_as(client)
    again = Client()
    again.post(reverse("account_login"), {"login": "boaz@example.org", "password": PASSWORD})
    assert signed_in_as(again) == signed_in_as(client)


def test_a_wrong_sign_up_code_signs_nobody_in_and_says_so(client):
    client.post(reverse("account_signup"), {"email": "ruth@example.org"})
    page = client.post(reverse("account_email_verification_sent"), {"code": "AAAA-AAAA"})
    assert page.status_code == 200
    assert "Incorrect code." in page.content.decode()
    assert signed_in_as(client) is None
    assert not User.objects.get(email="ruth@example.org").emailaddress_set.get().verified


def test_a_member_signs_in_by_a_mailed_code_without_a_password(client):
    member = UserFactory(email="naomi@example.org")
    asked = client.post(reverse("account_request_login_code"), {"email": "naomi@example.org"})
    assert asked["Location"] == reverse("account_confirm_login_code")
    page = client.get(asked["Location"]).content.decode()
    assert "naomi@example.org" in page and "Check your email" in page
    signed = client.post(reverse("account_confirm_login_code"), {"code": code_in(mail.outbox[0].body)})
    assert signed.status_code == 302
    assert signed_in_as(client) == str(member.pk)


def test_the_sign_in_page_offers_a_code_a_passkey_and_the_password(client):
    page = client.get(reverse("account_login")).content.decode()
    assert "Email me a sign-in code" in page
    assert 'id="passkey_login"' in page and 'id="mfa_login"' in page
    assert 'name="password"' in page
    # allauth's WebAuthn script is a static file; nothing inline runs (the CSP would stop it).
    assert "mfa/js/webauthn.js" in page
    assert "<script>" not in page
    assert "script-src 'self'" in client.get(reverse("account_login"))["Content-Security-Policy"]


def test_guessing_a_login_code_past_allauths_limit_is_refused_and_the_right_code_no_longer_works(client):
    member = UserFactory(email="naomi@example.org")
    client.post(reverse("account_request_login_code"), {"email": "naomi@example.org"})
    code = code_in(mail.outbox[0].body)
    for _ in range(2):
        wrong = client.post(reverse("account_confirm_login_code"), {"code": "AAAA-AAAA"})
        assert wrong.status_code == 200 and "Incorrect code." in wrong.content.decode()
    last = client.post(reverse("account_confirm_login_code"), {"code": "AAAA-AAAA"})
    # The third wrong code ends this code: back to asking for a new one, saying why.
    assert last["Location"] == reverse("account_request_login_code")
    assert "Too many failed login attempts" in said(last)
    late = client.post(reverse("account_confirm_login_code"), {"code": code})
    assert late["Location"] == reverse("account_request_login_code")
    assert signed_in_as(client) is None
    member.refresh_from_db()
    assert member.last_login is None


def test_guessing_a_sign_up_code_past_the_limit_is_refused_and_leaves_the_address_unproven(client):
    client.post(reverse("account_signup"), {"email": "ruth@example.org"})
    code = code_in(mail.outbox[0].body)
    for _ in range(2):
        client.post(reverse("account_email_verification_sent"), {"code": "AAAA-AAAA"})
    last = client.post(reverse("account_email_verification_sent"), {"code": "AAAA-AAAA"})
    assert last["Location"] == reverse("account_login")
    assert "Too many failed login attempts" in said(last)
    client.post(reverse("account_email_verification_sent"), {"code": code})
    assert signed_in_as(client) is None
    assert not User.objects.get(email="ruth@example.org").emailaddress_set.get().verified


def test_asking_for_codes_again_and_again_is_told_to_wait_and_no_more_mail_goes_out():
    UserFactory(email="naomi@example.org")
    for _ in range(3):  # each from a fresh browser: one that waits for its code is sent back to it
        Client().post(reverse("account_request_login_code"), {"email": "naomi@example.org"})
    sent = len(mail.outbox)
    client = Client()
    refused = client.post(reverse("account_request_login_code"), {"email": "naomi@example.org"})
    assert refused.status_code == 200
    assert "Too many" in refused.content.decode()
    assert len(mail.outbox) == sent == 3
    assert signed_in_as(client) is None


def test_a_browser_waiting_for_its_code_gets_no_second_mail(client):
    UserFactory(email="naomi@example.org")
    for _ in range(3):
        asked = client.post(reverse("account_request_login_code"), {"email": "naomi@example.org"})
        assert asked["Location"] == reverse("account_confirm_login_code")
    assert len(mail.outbox) == 1
