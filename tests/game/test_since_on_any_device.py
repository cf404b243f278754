"""Since you were here tells a member only what they saw on none of their devices (issue 46, found
by a family): not what they watched live before a reload or End game, not again on a second
device; and the game's own answer for them is said as the game's ("Mum asked you for Jonah; you
had none"), never as "You said no."."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from game import engine, services
from game.models import Game, GameEvent, Seat
from game.realtime import presence
from game.services import since
from tests.factories import UserFactory
from tests.game.support import deal_private_table, play_one_move, seated, two_member_game

SINCE = "Since you were here"


def page_of(user, code: str) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("table", args=[code])).content.decode()


def away_since_now(table, user) -> None:
    """The member's page last showed the game as it is now (their socket noted it, then closed)."""
    version = Game.objects.get(table=table).version
    Seat.objects.filter(table=table, user=user).update(seen_version=version, seen_at=timezone.now())


def play_moves(table, members: dict, count: int) -> None:
    for _ in range(count):
        play_one_move(table.pk, members)


@pytest.mark.django_db
def test_away_on_every_device_they_are_told(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    away_since_now(table, guest)
    play_moves(table, {1: host, 2: guest}, 12)
    assert SINCE in page_of(guest, table.code)


@pytest.mark.django_db
def test_while_a_page_of_theirs_is_open_elsewhere_nothing_is_news(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    away_since_now(table, guest)
    play_moves(table, {1: host, 2: guest}, 12)
    presence.arrived(table.pk, guest.pk)  # their phone has the table open: it was sent every move
    try:
        assert SINCE not in page_of(guest, table.code)  # so the tablet tells nothing again
        seat = Seat.objects.get(table=table, user=guest)
        assert since.account_for(Game.objects.get(table=table), seat) is None
    finally:
        presence.left(table.pk, guest.pk)
    assert SINCE in page_of(guest, table.code)  # the phone closed without noting it: not seen


@pytest.mark.django_db(transaction=True)
async def test_a_reload_after_others_moved_tells_nothing_it_showed_live(live_deck):
    table, host, guest = await two_member_game()
    page = await seated(guest, table.code)
    for _ in range(12):
        version = await sync_to_async(play_one_move)(table.pk, {1: host, 2: guest})
    await page.until_version(version)
    # The reload's page is made while the old page's socket is still open...
    assert SINCE not in await sync_to_async(page_of)(guest, table.code)
    await page.close()
    # ...and after it closed, what it showed is noted as seen, on any device.
    assert SINCE not in await sync_to_async(page_of)(guest, table.code)


@pytest.mark.django_db(transaction=True)
async def test_the_page_after_end_game_and_a_second_device_repeat_nothing(live_deck):
    table, host, guest = await two_member_game()
    phone = await seated(host, table.code)
    for _ in range(8):
        await sync_to_async(play_one_move)(table.pk, {1: host, 2: guest})
    await sync_to_async(services.end_game)(user=host, code=table.code)
    ended = await sync_to_async(lambda: Game.objects.get(table=table).version)()
    await phone.until_version(ended)
    assert SINCE not in await sync_to_async(page_of)(host, table.code)  # End game's own redirect
    await phone.close()
    tablet = await seated(host, table.code)
    await tablet.close()
    assert SINCE not in await sync_to_async(page_of)(host, table.code)


NAMES = {1: "Mum", 2: "you", 3: "Dad", 4: "JagAI 4"}
TITLES = {7: "Jonah"}


def words(item: dict, me: int = 2) -> str | None:
    line = since._line(item, me, {1: "Mum", 2: "Sam", 3: "Dad", 4: "JagAI 4"}, TITLES)
    return None if line is None else line.text


def test_the_game_s_answer_for_you_is_told_as_what_happened():
    ask = {"type": "ask", "seat": 1, "target": 2, "story": 7}
    assert words(ask) is None  # told with its answer, in one line
    none = {"type": "answer", "seat": 2, "to": 1, "story": 7, "cards": [], "count": 0}
    assert words(none) == "Mum asked you for Jonah; you had none."
    one = {"type": "answer", "seat": 2, "to": 1, "story": 7, "cards": [25], "count": 1}
    assert words(one) == "Mum asked you for Jonah and got your card of it."
    two = {"type": "answer", "seat": 2, "to": 1, "story": 7, "cards": [24, 25], "count": 2}
    assert words(two) == "Mum asked you for Jonah and got your 2 cards of it."


def test_an_ask_between_others_is_one_line_too():
    none = {"type": "answer", "seat": 3, "to": 1, "story": 7, "cards": [], "count": 0}
    assert words(none) == "Mum asked Dad for Jonah; Dad had none."
    one = {"type": "answer", "seat": 4, "to": 3, "story": 7, "cards": [26], "count": 1}
    assert words(one) == "Dad asked JagAI 4 for Jonah and got a card."
    mine = {"type": "answer", "seat": 3, "to": 2, "story": 7, "cards": [], "count": 0}
    assert words(mine) is None  # their own ask is not news to them


@pytest.mark.django_db
def test_a_real_game_never_says_you_said_no(live_deck):
    host, guest = UserFactory(gamer_tag="Mum"), UserFactory(gamer_tag="Sam")
    table = deal_private_table(host, guest)
    away_since_now(table, guest)
    game = Game.objects.get(table=table)
    for _ in range(300):  # until someone has asked Sam
        play_one_move(table.pk, {1: host, 2: guest})
        rows = GameEvent.objects.filter(game=game).values_list("events", flat=True)
        if any(e["type"] == "answer" and e["seat"] == 2 for events in rows for e in events):
            break
        if engine.is_over(engine.from_json(Game.objects.get(pk=game.pk).state)):
            pytest.skip("nobody asked Sam in this deal")
    game.refresh_from_db()
    account = since.account_for(game, Seat.objects.get(table=table, user=guest))
    texts = [line.text for line in account.lines] if account else []
    assert any(" asked you for " in text for text in texts), texts
    assert not any("said" in text for text in texts), texts
