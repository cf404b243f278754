"""After Leave: the start page says one thing, and coming back shows JagAI in the seat, not old cards."""

from __future__ import annotations

import pytest
from django.urls import reverse

from game import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _game_with_two_members() -> tuple[object, object, str]:
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, seats=4).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    return host, guest, table.code


def test_after_leaving_a_game_the_start_page_offers_no_way_back_to_it(client, live_deck):
    _host, guest, code = _game_with_two_members()
    client.force_login(guest)
    response = client.post(reverse("table_action", args=[code, "leave"]), follow=True)
    page = response.content.decode()
    assert "You left the table." in page
    assert "Back to your table" not in page
    assert "You have a seat at table" not in page


def test_a_member_still_seated_is_offered_the_way_back(client, live_deck):
    _host, guest, code = _game_with_two_members()
    client.force_login(guest)
    page = client.get(reverse("home")).content.decode()
    assert "Back to your table" in page
    assert code in page


def test_rejoining_a_public_table_by_code_after_leaving_says_jagai_has_the_seat_and_shows_no_cards(
    client, live_deck
):
    # R28 stands at public tables; at a private table the page asks the host instead (R40:
    # tests/game/test_letting_back_in.py).
    host, guest = UserFactory(), UserFactory()
    code = services.play_now(user=host).table.code
    services.play_now(user=guest)
    services.start_now(user=host, code=code)
    client.force_login(guest)
    client.post(reverse("table_action", args=[code, "leave"]), follow=True)
    response = client.post(reverse("join_table"), {"code": code.lower()}, follow=True)
    page = response.content.decode()
    assert response.status_code == 200
    assert "JagAI is playing your seat" in page
    assert 'id="table-app"' not in page  # no live table, so no hand from before
    assert "You left the table." not in page
