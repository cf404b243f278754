"""The QR code's link asks before it seats: GET shows the table, only the Join button's POST joins."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from game import services
from game.models import Seat, Table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_opening_the_join_link_shows_the_table_and_changes_no_seat(client):
    host = UserFactory(gamer_tag="Miriam")
    table = services.create_private_table(user=host, seats=5).table
    visitor = UserFactory()
    client.force_login(visitor)
    response = client.get(reverse("join_link", args=[table.code]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Miriam" in page and "1 of 5 seats taken" in page
    assert 'method="post"' in page and "csrfmiddlewaretoken" in page
    assert not Seat.objects.filter(table=table, user=visitor).exists()


def test_the_join_button_seats_the_member(client):
    table = services.create_private_table(user=UserFactory()).table
    visitor = UserFactory()
    client.force_login(visitor)
    response = client.post(reverse("join_link", args=[table.code]))
    assert response["Location"] == reverse("table", args=[table.code])
    assert Seat.objects.filter(table=table, user=visitor).exists()


def test_the_join_post_needs_the_csrf_token():
    from django.test import Client

    table = services.create_private_table(user=UserFactory()).table
    visitor = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(visitor)
    assert client.post(reverse("join_link", args=[table.code])).status_code == 403
    assert not Seat.objects.filter(table=table, user=visitor).exists()


def test_a_member_already_seated_goes_straight_to_the_table(client):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    client.force_login(host)
    response = client.get(reverse("join_link", args=[table.code]))
    assert response["Location"] == reverse("table", args=[table.code])


def test_a_host_keeps_one_waiting_table_and_is_told_so(client):
    host = UserFactory()
    client.force_login(host)
    first = client.post(reverse("new_private_table"), {"seats": 4}, follow=True)
    second = client.post(reverse("new_private_table"), {"seats": 5}, follow=True)
    assert first.redirect_chain[-1] == second.redirect_chain[-1]
    assert "You already have a table waiting" in second.content.decode()


def test_opening_tables_by_the_dozen_is_refused_with_429(settings):
    from justalllowgod.lib.refusals import Refusal

    settings.GAME_TABLES_PER_HOUR = 3
    member = UserFactory()
    for _ in range(3):
        table = services.create_private_table(user=member).table
        services.leave_table(user=member, code=table.code)
    with pytest.raises(Refusal) as caught:
        services.create_private_table(user=member)
    assert caught.value.status == 429


def test_someone_not_at_a_finished_table_gets_the_answer_of_an_unknown_code(client):
    table = services.create_private_table(user=UserFactory()).table
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    client.force_login(UserFactory())
    finished = client.get(reverse("table", args=[table.code]))
    unknown = client.get(reverse("table", args=["ZZZZ" if table.code != "ZZZZ" else "YYYY"]))
    assert finished.status_code == unknown.status_code == 404
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')  # masked afresh each time

    def said(answer) -> str:  # the address asked for (the language picker's way back) is the asker's own
        return token.sub("", answer.content.decode()).replace(answer.wsgi_request.path, "")

    assert said(finished) == said(unknown)


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("ZZ", "A table code is four letters, like KDRT."),
        ("ZZZZ", "We couldn&#x27;t find a table open to join with that code."),
    ],
)
def test_a_refused_code_is_said_beside_the_box_which_keeps_what_was_typed(client, typed, words):
    client.force_login(UserFactory())
    response = client.post(reverse("join_table"), {"code": typed}, follow=True)
    assert response.redirect_chain == [(f"{reverse('home')}?code={typed}#join-title", 302)]
    page = response.content.decode()
    box = page.index('id="id_code"')
    said = page.index(words)
    assert box < said < page.index('id="code-help"')  # beside the box, not at the top of the page
    assert page.count(words) == 1
    assert f'value="{typed}"' in page and 'aria-invalid="true"' in page
    assert 'class="messages"' not in page  # nothing at the top: no empty status list either
    assert "join_refusal" not in client.session  # said once


def test_a_member_without_a_tag_who_posts_a_code_comes_back_to_the_start_screen(client):
    member = UserFactory(gamer_tag="")
    client.force_login(member)
    response = client.post(reverse("join_table"), {"code": "ABCD"})
    assert response["Location"] == f"{reverse('accounts:choose_tag')}?next=%2F"
    # The link from a QR code, a GET, still comes back to itself once the tag is chosen.
    response = client.get(reverse("join_link", args=["ABCD"]))
    assert response["Location"] == f"{reverse('accounts:choose_tag')}?next=%2Fjoin%2FABCD%2F"
    chosen = client.post(f"{reverse('accounts:choose_tag')}?next=%2Fjoin%2FABCD%2F", {"gamer_tag": "Gideon"})
    assert chosen["Location"] == reverse("join_link", args=["ABCD"])
