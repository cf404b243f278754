"""Every absolute link is on DJANGO_SITE_URL, never on the Host (or port) a request came with."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse

from justalllowgod.lib.site_address import absolute_url, rebase, site_domain
from tests.factories import UserFactory

PASSWORD = "a-long-family-password-42"
# A Host that ALLOWED_HOSTS lets through in development, on a port the client chose.
FORGED_HOST = "localhost:6666"


def _links(body: str) -> list[str]:
    return re.findall(r"https?://\S+", body)


def test_absolute_url_is_on_the_site_address_and_needs_a_path():
    assert absolute_url("/how-to-play/") == f"{settings.SITE_URL}/how-to-play/"
    with pytest.raises(ValueError, match="starts with '/'"):
        absolute_url("how-to-play/")


def test_rebase_keeps_path_query_and_fragment_and_drops_the_host(settings):
    settings.SITE_URL = "https://play.example.org"
    assert rebase("http://localhost:6666/a/b/?c=1#d") == "https://play.example.org/a/b/?c=1#d"
    assert rebase("/x/") == "https://play.example.org/x/"
    assert site_domain() == "play.example.org"


def test_a_password_reset_asked_on_another_port_links_to_the_site(client, db):
    member = UserFactory(email="hannah@example.org")
    answer = client.post(reverse("account_reset_password"), {"email": member.email}, HTTP_HOST=FORGED_HOST)
    assert answer.status_code == 302
    [sent] = mail.outbox
    links = _links(sent.body)
    assert links and all(
        link.startswith(settings.SITE_URL + "/accounts/password/reset/key/") for link in links
    )
    assert "6666" not in sent.body and "6666" not in sent.subject
    assert sent.subject.startswith(f"[{settings.SITE_NAME}] ")
    # The link works: it opens the form to choose a new password.
    path = links[0][len(settings.SITE_URL) :]
    assert client.get(path, follow=True).status_code == 200


def test_a_reset_for_an_unknown_address_and_a_sign_up_mail_link_to_the_site(client, db):
    client.post(reverse("account_reset_password"), {"email": "nobody@example.org"}, HTTP_HOST=FORGED_HOST)
    client.post(
        reverse("account_signup"),
        {"email": "ruth@example.org", "password1": PASSWORD, "password2": PASSWORD},
        HTTP_HOST=FORGED_HOST,
    )
    assert len(mail.outbox) == 2
    for sent in mail.outbox:
        assert "6666" not in sent.body and "localhost" not in sent.body, sent.body
        assert all(link.startswith(settings.SITE_URL + "/") for link in _links(sent.body)), sent.body
    assert site_domain() in mail.outbox[1].body  # "signed up at <the site>"


def test_debug_off_without_a_site_address_refuses_to_start_naming_the_variable():
    from tests.foundation.test_settings import PRODUCTION_ENV, run_manage

    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "DJANGO_SITE_URL"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "will not start: DJANGO_SITE_URL is required" in result.stderr


@pytest.mark.parametrize(
    "value", ["play.example.org", "ftp://play.example.org", "https://play.example.org/app"]
)
def test_a_site_address_that_is_not_an_origin_refuses_to_start(value):
    from tests.foundation.test_settings import PRODUCTION_ENV, run_manage

    result = run_manage("check", env={**PRODUCTION_ENV, "DJANGO_SITE_URL": value})
    assert result.returncode != 0
    assert "will not start: DJANGO_SITE_URL must be an address" in result.stderr
