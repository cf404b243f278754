"""An invitation that says who is asking (issue 30 item 2): a signed-out visitor who opens a
table's QR or share link sees the host's tag, the seats and the options, never an email, and one
short way in (email, code, tag) that ends on that table's join page with one tap left."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils.html import strip_tags

from accounts.models import User
from game import services
from game.models import Seat, Table
from tests.accounts.mailed_codes import code_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def words(response) -> str:
    return re.sub(r"\s+", " ", strip_tags(response.content.decode()))


@pytest.fixture
def table() -> Table:
    host = UserFactory(email="ruth.private@example.org", gamer_tag="Grandma_Ruth")
    table = services.create_private_table(user=host, seats=4, teams=True).table
    services.join_by_code(user=UserFactory(gamer_tag="Uncle_Joe"), code=table.code)
    return table


def invite(table: Table) -> str:
    return reverse("join_invite", args=[table.invite_token])


def test_a_visitor_sees_who_invited_them_to_which_table_and_how_full_it_is(client, table):
    page = client.get(invite(table))
    assert page.status_code == 200
    said = words(page)
    assert f"Grandma_Ruth invited you to table {table.code}: 2 of 4 seats taken" in said
    assert "Uncle_Joe" in said and "Teams of two." in said
    assert "@example.org" not in page.content.decode()  # never an email, the host's or anyone's
    html = page.content.decode()
    assert f'action="{reverse("account_signup")}"' in html
    assert f'name="next" value="{invite(table)}"' in html
    assert f"{reverse('account_login')}?next={invite(table)}" in html


def test_a_new_member_goes_from_the_link_to_seated_with_an_email_a_code_and_a_tag(client, table):
    asked = client.post(reverse("account_signup"), {"email": "lois@example.org", "next": invite(table)})
    assert asked["Location"] == reverse("account_email_verification_sent")
    confirmed = client.post(
        reverse("account_email_verification_sent"),
        {"code": code_in(mail.outbox[-1].body), "next": invite(table)},
    )
    assert confirmed["Location"] == invite(table)
    to_tag = client.get(invite(table))
    assert to_tag["Location"].startswith(reverse("accounts:choose_tag"))
    back = client.post(to_tag["Location"], {"gamer_tag": "Lois_Timothy", "next": invite(table)})
    assert back["Location"] == invite(table)
    join_page = client.get(invite(table))
    assert "Join the table" in words(join_page)  # the one tap left
    seated = client.post(invite(table))
    assert seated["Location"] == reverse("table", args=[table.code])
    lois = User.objects.get(email="lois@example.org")
    assert Seat.objects.filter(table=table, user=lois).exists()


def test_a_visitor_cannot_be_seated_by_a_post_to_the_link(client, table):
    response = client.post(invite(table))
    assert response["Location"].startswith(reverse("account_login"))
    assert table.seats.count() == 2


def test_an_unknown_invitation_is_not_found_for_a_visitor(client, table):
    assert client.get(reverse("join_invite", args=["not-a-real-token" * 3])).status_code == 404


def test_a_typed_code_link_shows_a_visitor_the_way_in_but_nothing_about_the_table(table):
    other = "ZZZZ" if table.code != "ZZZZ" else "YYYY"
    real = Client().get(reverse("join_link", args=[table.code]))
    made_up = Client().get(reverse("join_link", args=[other]))
    assert real.status_code == made_up.status_code == 200
    # A four-letter code is guessable: until signed in, a real code and a made-up one look alike.
    assert "Grandma_Ruth" not in words(real) and "Uncle_Joe" not in words(real)
    assert words(real).replace(table.code, "CODE") == words(made_up).replace(other, "CODE")
    assert f'name="next" value="{reverse("join_link", args=[table.code])}"' in real.content.decode()


def test_a_member_opening_the_link_sees_the_members_page_not_the_visitors(table):
    client = Client()
    client.force_login(UserFactory())
    said = words(client.get(invite(table)))
    assert f"Join table {table.code}?" in said and "Your email" not in said


def test_a_member_signing_in_by_code_from_the_invitation_comes_back_to_it(client, table):
    member = UserFactory(email="naomi@example.org")
    page = client.get(f"{reverse('account_request_login_code')}?next={invite(table)}")
    assert f'name="next" value="{invite(table)}"' in page.content.decode()
    client.post(reverse("account_request_login_code"), {"email": member.email, "next": invite(table)})
    back = client.post(
        reverse("account_confirm_login_code"), {"code": code_in(mail.outbox[-1].body), "next": invite(table)}
    )
    assert back["Location"] == invite(table)
    assert f"Join table {table.code}?" in words(client.get(invite(table)))


def test_a_member_who_types_their_email_in_the_visitors_form_is_told_by_mail_and_nothing_changes(
    client, table
):
    member = UserFactory(email="naomi@example.org")
    asked = client.post(reverse("account_signup"), {"email": "naomi@example.org", "next": invite(table)})
    # The same next page as a newcomer's, so the form tells nobody who has an account here.
    assert asked["Location"] == reverse("account_email_verification_sent")
    assert "already has an account" in mail.outbox[-1].body
    assert "Your confirmation code" not in mail.outbox[-1].body
    assert User.objects.filter(email="naomi@example.org").count() == 1
    assert "_auth_user_id" not in client.session
    member.refresh_from_db()
    assert member.last_login is None


def test_a_mistyped_email_from_the_invitation_is_refused_clearly_and_keeps_the_way_back(client, table):
    page = client.post(reverse("account_signup"), {"email": "lois@example", "next": invite(table)})
    assert page.status_code == 200
    assert "Enter a valid email address." in page.content.decode()
    assert f'name="next" value="{invite(table)}"' in page.content.decode()
    assert not User.objects.filter(email__startswith="lois").exists()
    assert mail.outbox == []
