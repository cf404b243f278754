"""The QR code and share link carry a long secret, not the four letters (issue 28 item 5): never a
counted guess, so a member throttled for typed codes still joins by scanning, and the refusal
says when typing works again. The join page tells the truth (issue 34 item 7)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from game import services
from game.models import Seat, Table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def member_client(user=None, address: str = "10.9.9.9") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(user or UserFactory())
    return client


def throttle(client: Client) -> None:
    for _ in range(10):
        client.post(reverse("join_table"), {"code": "ZZZZ"})


def invite(table: Table) -> str:
    return reverse("join_invite", args=[table.invite_token])


def test_each_table_has_its_own_long_secret():
    first = services.create_private_table(user=UserFactory()).table
    second = services.create_private_table(user=UserFactory()).table
    assert len(first.invite_token) >= 32 and len(second.invite_token) >= 32
    assert first.invite_token != second.invite_token
    assert first.code not in invite(first)


def test_the_table_page_and_its_qr_code_carry_the_secret_link_not_the_code(settings):
    settings.SITE_URL = "https://families.example.org"
    host = UserFactory()
    table = services.create_private_table(user=host).table
    client = member_client(host)
    page = client.get(reverse("table", args=[table.code]), HTTP_HOST="localhost:6666").content.decode()
    assert f"https://families.example.org{invite(table)}" in page  # the site's address, never the Host
    assert "6666" not in page
    assert reverse("join_link", args=[table.code]) not in page
    svg = client.get(reverse("table_qr", args=[table.code]))
    assert svg.status_code == 200 and svg["Content-Type"] == "image/svg+xml"


def test_a_throttled_member_is_told_when_typing_works_again_and_that_the_link_works():
    client = member_client()
    throttle(client)
    table = services.create_private_table(user=UserFactory()).table
    refused = client.post(reverse("join_table"), {"code": table.code})
    assert refused.status_code == 429
    words = refused.content.decode()
    assert "Typing a code works again in about 10 minutes." in words
    assert "The QR code or link from the host works now." in words


def test_a_throttled_member_still_joins_by_the_link():
    member = UserFactory()
    client = member_client(member)
    throttle(client)
    table = services.create_private_table(user=UserFactory()).table
    assert client.get(reverse("join_link", args=[table.code])).status_code == 429
    page = client.get(invite(table))
    assert page.status_code == 200 and "Join the table" in page.content.decode()
    joined = client.post(invite(table))
    assert joined["Location"] == reverse("table", args=[table.code])
    assert Seat.objects.filter(table=table, user=member).exists()
    assert client.get(reverse("table", args=[table.code])).status_code == 200


def test_a_wrong_secret_is_not_found_a_finished_one_is_over_and_neither_is_counted():
    client = member_client()
    table = services.create_private_table(user=UserFactory()).table
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    assert client.get(invite(table)).status_code == 410  # once right: "This table's game is over"
    assert client.get(reverse("join_invite", args=["x" * 32])).status_code == 404
    assert client.post(reverse("join_invite", args=["x" * 32])).status_code == 302  # said at the start
    assert cache.get(f"code-guess:member:{client.session['_auth_user_id']}") is None


def test_the_link_asks_first_and_needs_the_csrf_token():
    table = services.create_private_table(user=UserFactory()).table
    visitor = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(visitor)
    assert client.get(invite(table)).status_code == 200
    assert client.post(invite(table)).status_code == 403
    assert not Seat.objects.filter(table=table, user=visitor).exists()


def test_invited_you_is_said_only_for_the_hosts_link():
    host = UserFactory(gamer_tag="Miriam")
    table = services.create_private_table(user=host).table
    client = member_client()
    by_link = client.get(invite(table)).content.decode()
    by_code = client.get(reverse("join_link", args=[table.code])).content.decode()
    assert "invited you" in by_link
    assert "invited you" not in by_code and "Miriam</strong>'s table" in by_code


def test_a_started_game_says_why_you_cannot_join_names_every_seat_and_has_no_join_button(live_deck):
    host = UserFactory(gamer_tag="Hosty")
    table = services.create_private_table(user=host, seats=4).table
    services.join_by_code(user=UserFactory(gamer_tag="Guest"), code=table.code)
    services.start_table(user=host, code=table.code)
    page = member_client().get(invite(table)).content.decode()
    assert "has already begun" in page
    assert "there is no seat for you in it" in page and "Open your own table" in page
    assert "Join the table" not in page and f'action="/invite/{table.invite_token}/"' not in page
    seats = page[page.index('class="join-seats"') : page.index("</ul>", page.index('class="join-seats"'))]
    names = [item.split("<")[0] for item in seats.split('<li class="join-seat">')[1:]]
    assert names == ["Hosty", "Guest", "JagAI", "JagAI"]


def test_a_full_waiting_table_has_no_join_button():
    table = services.create_private_table(user=UserFactory(), seats=4).table
    for _ in range(3):
        services.join_by_code(user=UserFactory(), code=table.code)
    page = member_client().get(invite(table)).content.decode()
    assert "Every seat at this table is taken." in page and "Join the table" not in page


def test_the_refusal_counts_down_to_when_typing_works_again(monkeypatch):
    import time

    from game.services import access
    from justalllowgod.lib.refusals import Refusal

    class Later:
        """time.time() as seen by the throttle, seven and a half minutes after the first guess."""

        def __init__(self) -> None:
            self.now = time.time()

        def time(self) -> float:
            return self.now

    later = Later()
    monkeypatch.setattr(access, "time", later)
    member = UserFactory()
    for _ in range(10):
        assert access.find_table("ZZZZ", user=member) is None
    later.now += 7.5 * 60
    with pytest.raises(Refusal) as caught:
        access.find_table("ZZZZ", user=member)
    assert "Typing a code works again in about 3 minutes." in caught.value.message
    later.now += 2 * 60
    with pytest.raises(Refusal) as caught:
        access.find_table("ZZZZ", user=member)
    assert "Typing a code works again in about a minute." in caught.value.message
