"""Keeping one's games after the walkthrough: a mistyped address is never a trap ("Use another
address" forgets the code waiting and brings the email step back), and an address some account has
is answered like any other, changes nothing, and can be left for another."""

from __future__ import annotations

import html
import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.guests import KEEP_SESSION_KEY
from accounts.models import Managed, User
from game import services
from game.models import SitRequest
from tests.factories import UserFactory
from tests.game.support import host_answers

pytestmark = pytest.mark.django_db

KEEP = "/me/keep-games/"


def seated_guest(name: str = "Aunt_Mary") -> tuple[User, Client]:
    table = services.create_private_table(user=UserFactory()).table
    device = Client()
    device.post(reverse("guest_sit", args=[table.invite_token]), {"name": name})
    guest = User.objects.get(gamer_tag=name)
    host_answers(table, SitRequest.objects.get(guest=guest).pk, yes=True)
    return guest, device


def mailed_code() -> str:
    return re.search(r"\b(\d{6})\b", mail.outbox[-1].body).group(1)


def test_the_keep_page_is_where_the_walkthrough_found_it():
    assert reverse("accounts:keep_games") == KEEP


def test_a_typo_in_the_address_is_undone_by_use_another_address_which_forgets_the_code():
    guest, device = seated_guest()
    device.post(KEEP, {"email": "hostdad@exmaple.org"})
    typo_code = mailed_code()
    reopened = device.get(KEEP)  # the code step, with the ways back
    assert reopened.context["step"] == "code"
    text = html.unescape(reopened.content.decode())
    assert "Use another address" in text and "Send a new code" in text

    back = device.post(KEEP, {"email": "hostdad@exmaple.org", "another": "1"})
    assert back.status_code == 200 and back.context["step"] == "email"
    assert back.context["email"] == "hostdad@exmaple.org"  # there to correct, not to retype
    assert KEEP_SESSION_KEY not in device.session
    assert device.get(KEEP).context["step"] == "email"  # reopening stays on the email step
    assert device.post(KEEP, {"code": typo_code}).status_code == 410  # the forgotten code keeps nothing
    assert User.objects.get(pk=guest.pk).is_guest

    device.post(KEEP, {"email": "hostdad@example.org"})
    kept = device.post(KEEP, {"code": mailed_code()})
    assert kept.status_code == 302
    member = User.objects.get(pk=guest.pk)
    assert (member.email, member.managed_as) == ("hostdad@example.org", Managed.MEMBER)


def test_an_address_with_an_account_reads_as_any_other_changes_nothing_and_can_be_left():
    someone = UserFactory(email="taken@example.org")
    guest, device = seated_guest()
    answered = device.post(KEEP, {"email": "taken@example.org"})
    assert answered.status_code == 200 and answered.context["step"] == "code"  # as for a free one
    assert "Use another address" in html.unescape(answered.content.decode())
    for guess in ("000000", "123456", "654321"):
        device.post(KEEP, {"code": guess})
    guest.refresh_from_db()
    assert (guest.is_guest, guest.email, guest.managed_as) == (True, None, Managed.GUEST)
    someone.refresh_from_db()
    assert someone.email == "taken@example.org" and not someone.is_managed

    back = device.post(KEEP, {"email": "taken@example.org", "another": "1"})
    assert back.context["step"] == "email" and KEEP_SESSION_KEY not in device.session
    device.post(KEEP, {"email": "mary@example.org"})
    assert device.post(KEEP, {"code": mailed_code()}).status_code == 302
    assert User.objects.get(pk=guest.pk).email == "mary@example.org"


def test_use_another_address_after_the_tries_are_spent_still_leads_back():
    guest, device = seated_guest()
    device.post(KEEP, {"email": "mary@example.org"})
    wrong = "000000" if mailed_code() != "000000" else "111111"
    for _ in range(5):
        device.post(KEEP, {"code": wrong})
    back = device.post(KEEP, {"email": "mary@example.org", "another": "1"})
    assert back.status_code == 200 and back.context["step"] == "email"
    assert User.objects.get(pk=guest.pk).is_guest
