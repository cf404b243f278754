"""R41's pages after the walkthrough: the host's no said to a signed-out visitor with a way on, a
name someone plays as taken with the next free number (and said), and long names kept whole."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Managed, User
from game import services
from game.models import SitRequest, Table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def open_table(host_tag: str | None = None) -> Table:
    host = UserFactory(gamer_tag=host_tag) if host_tag else UserFactory()
    return services.create_private_table(user=host).table


def asking_device(table: Table, name: str) -> Client:
    device = Client()
    device.post(reverse("guest_sit", args=[table.invite_token]), {"name": name})
    return device


def test_after_the_hosts_no_the_guests_page_is_a_signed_out_visitors_with_a_way_on():
    table = open_table("Gran_Host")
    device = asking_device(table, "Hopeful_Fig")
    host = Client()
    host.force_login(table.host)
    host.post(reverse("answer_sit_request", args=[table.code, SitRequest.objects.get().pk]), {"answer": "no"})

    state = device.get(reverse("guest_state", args=[table.invite_token])).json()
    said_no = reverse("guest_wait", args=[table.invite_token]) + "?said=no"
    assert state == {"state": "gone", "url": said_no}
    page = device.get(said_no)
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    text = html.unescape(page.content.decode())
    assert "Gran_Host didn't let you sit this time" in text
    assert f'href="{reverse("home")}"' in text and "Back to the start page" in text
    # Signed out: the deleted guest's name and Sign out are nowhere; Sign in is offered.
    assert "Hopeful_Fig" not in text and "Sign out" not in text and "Sign in" in text
    assert not page.context["user"].is_authenticated
    assert device.get(reverse("home")).status_code == 200  # the start page opens


def test_the_said_no_page_names_no_host_for_a_table_gone_and_a_visitor_without_it_goes_to_the_invite():
    table = open_table()
    visitor = Client()
    wait = reverse("guest_wait", args=[table.invite_token])
    assert visitor.get(wait)["Location"] == reverse("join_invite", args=[table.invite_token])
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    page = visitor.get(wait + "?said=no")
    assert page.status_code == 200 and "The host didn't let you sit this time" in html.unescape(
        page.content.decode()
    )


def test_a_name_someone_plays_as_is_taken_with_the_next_free_number_and_the_page_says_so():
    UserFactory(gamer_tag="Bea")
    table = open_table()
    device = Client()
    asked = device.post(reverse("guest_sit", args=[table.invite_token]), {"name": "Bea"}, follow=True)
    assert asked.redirect_chain[-1][0] == reverse("guest_wait", args=[table.invite_token])
    assert User.objects.filter(gamer_tag="Bea2", managed_as=Managed.GUEST).exists()
    text = html.unescape(asked.content.decode())
    assert "Someone here is already Bea, so you're Bea2." in text
    assert re.search(r"Hello, <span class=\"guest-name\">Bea2</span>", text)


def test_a_free_name_is_taken_as_typed_and_nothing_is_said_of_it():
    table = open_table()
    asked = Client().post(
        reverse("guest_sit", args=[table.invite_token]), {"name": "Grandpa Joe"}, follow=True
    )
    assert User.objects.filter(gamer_tag="Grandpa_Joe", managed_as=Managed.GUEST).exists()
    assert b"Someone here is already" not in asked.content


def test_a_long_name_in_a_heading_is_kept_whole_with_its_possessive():
    table = open_table("Daddy_Mike_the_Best1")
    page = Client().get(reverse("guest_sit", args=[table.invite_token]))
    assert (
        '<span class="guest-name is-longest"><strong>Daddy_Mike_the_Best1</strong>\'s</span> table'
        in html.unescape(page.content.decode())
    )
    device = asking_device(table, "Grandma_Ruth_Eleanor")
    wait = device.get(reverse("guest_wait", args=[table.invite_token])).content.decode()
    assert '<span class="guest-name is-longest">Grandma_Ruth_Eleanor</span>' in wait
    assert "…" not in wait.split("<h1", 1)[1].split("</h1>", 1)[0]
