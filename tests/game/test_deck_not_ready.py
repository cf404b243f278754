"""A deck that cannot be dealt never hangs a table: Play now says so at once, a waiting public table
is told and closed at its countdown, and the clock logs one warning (#29 item 2)."""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import sync_to_async

from content.models import Card, Story
from game import services
from game.models import Table
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory
from tests.game.support import seated


def _drain_to_seven_stories() -> None:
    keep = list(Story.objects.order_by("position").values_list("pk", flat=True)[:7])
    Card.objects.exclude(story__in=keep).delete()


@pytest.mark.django_db
def test_play_now_on_an_undealable_deck_says_so_at_once_and_opens_nothing(live_deck, client):
    _drain_to_seven_stories()
    member = UserFactory()
    with pytest.raises(Refusal) as refused:
        services.play_now(user=member)
    assert refused.value.code == "deck_not_ready"
    assert not Table.objects.exists()
    client.force_login(member)
    page = client.post("/play-now/", follow=True).content.decode()
    assert "The deck isn&#x27;t ready yet" in page or "The deck isn't ready yet" in page


@pytest.mark.django_db
def test_a_waiting_public_table_closes_at_its_countdown_with_one_warning(live_deck, clock, caplog):
    table = services.play_now(user=UserFactory()).table
    _drain_to_seven_stories()
    clock.advance(61)
    with caplog.at_level(logging.WARNING):
        assert services.expire_deadlines().fired == 1
        assert services.expire_deadlines().fired == 0
    table.refresh_from_db()
    assert (table.status, table.countdown_deadline) == (Table.Status.ENDED, None)
    assert list(table.seats.values_list("kind", flat=True)) == ["person"]  # no helpers were seated
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.levelname for r in warnings] == ["WARNING"]
    assert "cannot be dealt" in warnings[0].getMessage()
    assert not Table.objects.open_public().exists()


@pytest.mark.django_db(transaction=True)
async def test_the_waiting_socket_is_told_why_the_table_closed(live_deck, clock):
    host = await sync_to_async(UserFactory)()
    table = (await sync_to_async(services.play_now)(user=host)).table
    player = await seated(host, table.code)
    await player.drain()
    await sync_to_async(_drain_to_seven_stories)()
    clock.advance(61)
    assert (await sync_to_async(services.expire_deadlines)()).fired == 1
    error = await player.next_of("error")
    assert error["code"] == "deck_not_ready" and "isn't ready" in error["message"]
    update = await player.next_of("table")
    assert update["table"]["status"] == "ended"
    await player.close()
