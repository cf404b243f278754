"""Before a tag is chosen nobody is "member #2": the confirmation mail welcomes, the site uses the email."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.urls import reverse

from accounts.forms import GamerTagForm
from tests.accounts.mailed_codes import code_in
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_confirmation_mail_welcomes_without_an_internal_number(client):
    client.post(
        reverse("account_signup"),
        {"email": "ruth@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    assert body.startswith("Welcome to JustAllowGod!")
    assert "member #" not in body
    assert code_in(body)  # the confirmation code


def test_signing_in_before_choosing_a_tag_names_the_member_by_email(client):
    client.post(
        reverse("account_signup"),
        {"email": "naomi@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    code = code_in(mail.outbox[0].body)
    response = client.post(reverse("account_email_verification_sent"), {"code": code})
    said = " ".join(str(m) for m in get_messages(response.wsgi_request))
    assert "member #" not in said
    assert "naomi@example.org" in said


def test_the_tag_help_names_exactly_the_characters_allowed():
    help_text = str(GamerTagForm.base_fields["gamer_tag"].help_text)
    assert "A to Z" in help_text and "0 to 9" in help_text and "_" in help_text and "-" in help_text
    assert "accents" in help_text
    form = GamerTagForm(data={"gamer_tag": "José"})
    assert not form.is_valid()
    assert "no accents" in form.errors["gamer_tag"][0]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("account_login", ["Sign in", "Sign up"]),
        ("account_signup", ["Sign up", "Sign in"]),
        ("home", ["Sign in"]),
    ],
)
def test_sign_up_and_sign_in_are_written_the_same_way_everywhere(client, name, words):
    page = client.get(reverse(name)).content.decode()
    for word in words:
        assert word in page
    for other in ("Sign In", "Sign Up", "Signup", "Log in", "Log In", "Login"):
        assert f">{other}<" not in page and f">\n    {other}" not in page, other
