"""A turn mail names the table, never a card, and its one-click unsubscribe works signed out."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail, signing
from django.test import Client

from accounts import family
from justalllowgod.lib.site_address import site_url
from notices import mail as turn_mail
from notices import tokens
from notices.models import NoticePreference
from notices.preferences import preference_of, set_preference
from notices.reach import reach_of
from tests.factories import UserFactory
from tests.notices.support import keep_device

pytestmark = pytest.mark.django_db


class BrokenBackend:
    """A mail server that refuses every connection."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("mail server down")


@pytest.fixture
def member():
    user = UserFactory(gamer_tag="Sam")
    set_preference(user=user, by_mail=True, at_every_private_table=False)
    return user


def _link(message) -> str:
    """The unsubscribe address, as the List-Unsubscribe header gives it."""
    return re.fullmatch(r"<(.+)>", message.extra_headers["List-Unsubscribe"]).group(1)


def _path(url: str) -> str:
    assert url.startswith(site_url() + "/")
    return url.removeprefix(site_url())


def test_the_mail_names_the_table_by_its_code_and_host_and_no_card(member, telling):
    assert turn_mail.send(member, telling) is True
    [message] = mail.outbox
    assert message.to == [member.email]
    assert message.subject == "Your turn at KQXT · JustAllowGod"  # the title, then the site's name
    assert "Grandma's table (KQXT) is waiting for you." in message.body
    assert telling.url in message.body
    html, kind = message.alternatives[0]
    assert kind == "text/html" and telling.url in html and "Grandma&#x27;s table (KQXT)" in html
    for words in ("card", "story", "stone"):
        assert words not in message.body.lower() and words not in message.subject.lower()


def test_the_mail_carries_the_one_click_unsubscribe_headers_on_the_public_address(member, telling):
    turn_mail.send(member, telling)
    [message] = mail.outbox
    link = _link(message)
    assert _path(link).startswith("/notices/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link in message.body and link in message.alternatives[0][0]
    # Every link in the mail is on the site's public address.
    for url in re.findall(r"https?://\S+", message.body):
        assert url.startswith(site_url() + "/")


def test_the_link_from_the_mail_asks_first_and_changes_nothing_on_a_get(member, telling):
    turn_mail.send(member, telling)
    response = Client().get(_path(_link(mail.outbox[0])))
    assert response.status_code == 200
    assert b"Stop these mails" in response.content and b'method="post"' in response.content
    assert preference_of(member).by_mail is True


def test_the_button_on_the_page_stops_the_mails_signed_out(member, telling, vapid):
    keep_device(member)
    turn_mail.send(member, telling)
    response = Client(enforce_csrf_checks=True).post(_path(_link(mail.outbox[0])))
    assert response.status_code == 200 and b"Turn mails stopped" in response.content
    assert preference_of(member).by_mail is False
    assert reach_of(member).by_push  # the pushes stay


def test_a_mail_clients_one_click_post_stops_the_mails(member, telling):
    turn_mail.send(member, telling)
    response = Client(enforce_csrf_checks=True).post(
        _path(_link(mail.outbox[0])),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    assert preference_of(member).by_mail is False


def test_once_stopped_the_member_can_still_open_the_link_and_post_again(member):
    link = f"/notices/unsubscribe/{tokens.make(member)}/"
    Client().post(link)
    assert Client().post(link).status_code == 200
    assert NoticePreference.objects.filter(user=member, by_mail=False).count() == 1


def _forged(kind: str, member) -> str:
    if kind == "another salt":  # signed by the site, but for something else
        payload = signing.Signer(salt=tokens.SALT).unsign_object(tokens.make(member))
        return signing.Signer(salt="other").sign_object(payload)
    return {"junk": "x1", "unsigned": "not-a-token:at-all"}[kind]


@pytest.mark.parametrize("kind", ["junk", "unsigned", "another salt"])
def test_a_forged_token_is_refused_and_changes_nothing(member, kind):
    token = _forged(kind, member)
    for method in ("get", "post"):
        response = getattr(Client(), method)(f"/notices/unsubscribe/{token}/")
        assert response.status_code == 400 and b"That link isn't right" in response.content
    assert preference_of(member).by_mail is True


def test_a_token_altered_by_a_letter_or_pointed_at_another_member_is_refused(member):
    other = UserFactory()
    set_preference(user=other, by_mail=True, at_every_private_table=False)
    token = tokens.make(member)
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    # Another member's pk in the first part, with this member's signature.
    payload, _, signature = token.partition(":")
    own = tokens.make(other).partition(":")[0]
    for bad in (flipped, f"{own}:{signature}", f"{payload}:{tokens.make(other).partition(':')[2]}"):
        assert tokens.read(bad) is None
        assert Client().post(f"/notices/unsubscribe/{bad}/").status_code == 400
    assert preference_of(member).by_mail is True and preference_of(other).by_mail is True


def test_a_token_reads_as_its_member_and_not_as_a_later_account_with_its_pk(member):
    token = tokens.make(member)
    assert tokens.read(token) == member and tokens.make(member) == token  # old mails keep working
    pk = member.pk
    member.delete()
    newcomer = UserFactory(pk=pk)
    assert tokens.read(token) is None and tokens.read(tokens.make(newcomer)) == newcomer


def test_a_member_without_a_verified_address_gets_no_mail(telling):
    unconfirmed = UserFactory()
    EmailAddress.objects.filter(user=unconfirmed).update(verified=False)
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Mia")
    assert turn_mail.send(unconfirmed, telling) is False
    assert turn_mail.send(child, telling) is False
    assert mail.outbox == []


def test_only_the_verified_primary_address_is_mailed(member, telling):
    EmailAddress.objects.create(user=member, email="old@example.org", primary=False, verified=True)
    turn_mail.send(member, telling)
    assert [m.to for m in mail.outbox] == [[member.email]]


def test_a_failing_mail_server_is_logged_and_never_raised(member, telling, settings, caplog):
    settings.EMAIL_BACKEND = "tests.notices.test_turn_mails.BrokenBackend"
    assert turn_mail.send(member, telling) is False
    assert "could not mail" in caplog.text
