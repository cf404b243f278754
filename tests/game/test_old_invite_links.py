"""An invite link that was once right is never a dead end (issue 46, found by a family): after
Play again it leads to the new table's join page, along the whole chain of tables Play again made;
with no open table after it, it says kindly that the game is over (410), never "not found"."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from game import services
from game.models import Seat, Table
from game.services.access import follow_invitation
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def invite(table: Table) -> str:
    return reverse("join_invite", args=[table.invite_token])


def member_client(user=None) -> Client:
    client = Client()
    client.force_login(user or UserFactory())
    return client


def played_and_ended(host, *others) -> Table:
    """A private table its host dealt and ended early (R23): over, as a finished one is."""
    table = services.create_private_table(user=host).table
    for other in others:
        services.join_by_code(user=other, code=table.code)
    services.start_table(user=host, code=table.code)
    services.end_game(user=host, code=table.code)
    return Table.objects.get(pk=table.pk)


def test_after_play_again_the_old_link_leads_to_the_new_table_s_join_page(live_deck):
    host, guest = UserFactory(gamer_tag="Grandma_Ruth"), UserFactory()
    old = played_and_ended(host, guest)
    following = services.play_again(user=host, code=old.code).table
    client = member_client()
    answer = client.get(invite(old))
    assert answer.status_code == 302 and answer["Location"] == invite(following)
    said = " ".join(str(m) for m in get_messages(answer.wsgi_request))
    assert f"The game at table {old.code} is over" in said
    page = client.get(answer["Location"]).content.decode()
    assert f"Join table {following.code}?" in page and "Join the table" in page


def test_a_signed_out_visitor_is_led_on_too(live_deck):
    host = UserFactory(gamer_tag="Grandma_Ruth")
    old = played_and_ended(host, UserFactory())
    following = services.play_again(user=host, code=old.code).table
    answer = Client().get(invite(old))
    assert answer.status_code == 302 and answer["Location"] == invite(following)
    page = Client().get(answer["Location"]).content.decode()
    assert "Grandma_Ruth</strong> invited you to table" in page


def test_the_link_follows_the_whole_chain_to_the_newest_open_table(live_deck):
    host, guest = UserFactory(), UserFactory()
    first = played_and_ended(host, guest)
    second = services.play_again(user=host, code=first.code).table
    services.play_again(user=guest, code=first.code)  # the guest comes along
    services.start_table(user=host, code=second.code)
    services.end_game(user=host, code=second.code)
    third = services.play_again(user=guest, code=second.code).table
    assert follow_invitation(first.invite_token) == (first, third)
    assert member_client().get(invite(first))["Location"] == invite(third)
    # The second table's own link leads to the same place.
    assert member_client().get(invite(second))["Location"] == invite(third)


def test_a_new_table_already_playing_is_still_where_the_link_leads_and_its_page_says_why_no_seat(live_deck):
    host, guest = UserFactory(), UserFactory()
    old = played_and_ended(host, guest)
    following = services.play_again(user=host, code=old.code).table
    services.play_again(user=guest, code=old.code)
    services.start_table(user=host, code=following.code)
    client = member_client()
    answer = client.get(invite(old), follow=True)
    page = answer.content.decode()
    assert answer.status_code == 200 and "has already begun" in page and "there is no seat for you" in page


def test_a_member_who_sits_at_the_new_table_goes_straight_to_it(live_deck):
    host, guest = UserFactory(), UserFactory()
    old = played_and_ended(host, guest)
    following = services.play_again(user=host, code=old.code).table
    answer = member_client(host).get(invite(old), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("table", args=[following.code])


def test_a_finished_table_with_no_table_after_it_says_the_game_is_over_kindly(live_deck):
    host = UserFactory(gamer_tag="Grandma_Ruth")
    old = played_and_ended(host, UserFactory())
    answer = member_client().get(invite(old))
    page = answer.content.decode()
    assert answer.status_code == 410
    assert "This table's game is over" in page and f"Grandma_Ruth</strong>'s table {old.code}" in page
    assert f'href="{reverse("home")}#private-title">Start a table</a>' in page
    assert "See how it ended" not in page  # they never sat there
    assert follow_invitation(old.invite_token) == (old, None)


def test_one_who_sat_there_may_see_how_it_ended_and_a_visitor_is_offered_a_way_in(live_deck):
    host = UserFactory()
    old = played_and_ended(host, UserFactory())
    sat = member_client(host).get(invite(old)).content.decode()
    assert f'href="{reverse("table", args=[old.code])}">See how it ended</a>' in sat
    visitor = Client().get(invite(old))
    assert visitor.status_code == 410
    assert "This table's game is over" in visitor.content.decode()
    assert reverse("account_signup") in visitor.content.decode()


def test_when_the_table_after_it_is_over_too_the_link_says_the_game_is_over(live_deck):
    host, guest = UserFactory(), UserFactory()
    old = played_and_ended(host, guest)
    following = services.play_again(user=host, code=old.code).table
    services.play_again(user=guest, code=old.code)
    services.start_table(user=host, code=following.code)
    services.end_game(user=host, code=following.code)
    assert follow_invitation(old.invite_token) == (old, None)
    assert member_client().get(invite(old)).status_code == 410


def test_a_join_pressed_after_the_game_ended_is_sent_where_the_link_leads_now(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    invitation = invite(table)  # the page is shown, then the game is played and played again
    services.start_table(user=host, code=table.code)
    services.end_game(user=host, code=table.code)
    following = services.play_again(user=host, code=table.code).table
    member = UserFactory()
    client = member_client(member)
    answer = client.post(invitation)
    assert answer["Location"] == invitation
    assert client.get(invitation)["Location"] == invite(following)
    assert not Seat.objects.filter(user=member).exists()  # a join is only ever the new page's button


def test_a_token_that_never_named_a_table_is_a_plain_not_found_page_and_no_guess():
    client = member_client()
    answer = client.get(reverse("join_invite", args=["x" * 32]))
    assert answer.status_code == 404 and "We couldn't find that page" in answer.content.decode()
    assert Client().get(reverse("join_invite", args=["y" * 32])).status_code == 404
    assert follow_invitation("x" * 32) == (None, None) and follow_invitation("") == (None, None)
    assert cache.get(f"code-guess:member:{client.session['_auth_user_id']}") is None
