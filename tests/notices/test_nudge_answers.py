"""Issue 46: a "Your turn" tap answers the one who tapped, in words, every time: how and when the
member it named was told, that they will be now, or that nothing can reach them. The answer goes to
the tapper's own sockets alone; the table learns only whether a seat can be told (its seat number),
and the host's page shows "Dad has no way to be told". A nudge's mail names who asked."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.core import mail

from game import engine, services
from game.models import Game, Seat, Table
from game.protocol.messages import table_payload
from game.protocol.types import ServerType
from game.realtime import presence
from game.realtime.groups import member_group
from game.services import turn_notices
from game.services.tellings import ways_changed
from notices.models import Notice, NoticePreference
from tests.factories import UserFactory, signed_in_session
from tests.game.support import seated
from tests.notices.support import keep_device

pytestmark = pytest.mark.django_db


def dealt(host, *guests, over_days: bool = True) -> Table:
    table = services.create_private_table(user=host, over_days=over_days).table
    for guest in guests:
        services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    return table


@pytest.fixture
def family(live_deck):
    """Dad hosts an over-days table with Grandma_Ruth and Sam; the game waits on Dad."""
    dad, ruth, sam = (
        UserFactory(gamer_tag="Dad"),
        UserFactory(gamer_tag="Grandma_Ruth"),
        UserFactory(gamer_tag="Sam"),
    )
    table = dealt(dad, ruth, sam)
    table.refresh_from_db()
    state = engine.from_json(Game.objects.get(table=table).state)
    assert turn_notices.awaited(state) == [1]
    return table, dad, ruth, sam


def tap(table: Table, user) -> list[dict]:
    """The member taps "Your turn"; the answers sent to their own sockets at the table."""
    reacted = services.react(
        table_id=table.pk, user=user, session_key=signed_in_session(user), reaction="your_turn"
    )
    assert reacted.messages[0].message["type"] == ServerType.REACTION  # the table's, first
    return [m.message for m in reacted.messages if m.group == member_group(table.pk, user.pk)]


def said(table: Table, user) -> str:
    [answer] = tap(table, user)
    assert answer["type"] == ServerType.NUDGE and answer["seat"] == 1 and answer["tag"] == "Dad"
    return answer["words"]


def test_a_member_with_no_way_is_said_to_have_none_and_no_nudge_is_made(family, clock):
    table, _, ruth, _ = family
    [answer] = tap(table, ruth)
    assert answer["words"] == "Dad has no way to be told."
    assert answer["reaches"] is False and answer["again_at"] is None
    assert not Notice.objects.exists()


def test_mail_chosen_with_no_confirmed_address_is_no_way_either(family, clock):
    table, dad, ruth, _ = family
    NoticePreference.objects.create(user=dad, by_mail=True)
    dad.emailaddress_set.update(verified=False)
    assert said(table, ruth) == "Dad has no way to be told."


def test_the_first_tap_tells_how_they_are_told_now_and_the_mail_names_who_asked(
    family, clock, push_service, vapid
):
    table, dad, ruth, _ = family
    NoticePreference.objects.create(user=dad, by_mail=True)
    keep_device(dad, push_service.subscribe())
    assert said(table, ruth) == "We're telling Dad by email and a notification now."
    assert Notice.objects.get().asked_by == ruth
    assert turn_notices.sweep().sent == 1
    [sent] = mail.outbox
    assert f"Grandma_Ruth says it's your turn at table {table.code}." in sent.body
    assert (
        push_service.wait_for(1)[0].payload["body"]
        == f"Grandma_Ruth says it's your turn at table {table.code}."
    )


def test_a_tap_before_the_clock_sent_it_says_it_is_on_its_way(family, clock):
    table, dad, ruth, sam = family
    NoticePreference.objects.create(user=dad, by_mail=True)
    assert said(table, ruth) == "We're telling Dad by email now."
    clock.advance(3)
    [answer] = tap(table, sam)
    assert answer["words"] == "We're telling Dad now; we can tell them again after {again}."
    assert answer["again_at"] == (Notice.objects.get().created_at + timedelta(hours=1)).isoformat()


def test_a_tap_within_the_hour_says_when_and_how_they_were_told_and_when_again(family, clock):
    table, dad, ruth, _ = family
    NoticePreference.objects.create(user=dad, by_mail=True)
    tap(table, ruth)
    nudge = Notice.objects.get()
    assert turn_notices.sweep().sent == 1
    clock.advance(4 * 60)
    [answer] = tap(table, ruth)
    assert answer["words"] == "Dad was told by email 4 minutes ago; we'll tell them again after {again}."
    assert answer["again_at"] == (nudge.created_at + timedelta(hours=1)).isoformat()
    assert answer["reaches"] is True
    assert Notice.objects.count() == 1


def test_a_member_at_the_table_is_said_to_have_it_open(family, clock):
    table, dad, ruth, _ = family
    NoticePreference.objects.create(user=dad, by_mail=True)
    presence.arrived(table.pk, dad.pk, "dads-phone")
    assert said(table, ruth) == "Dad has this table open just now, so no notice went."
    assert not Notice.objects.exists()


def test_mail_alone_and_the_turn_s_mail_gone_an_hour_ago_says_so(family, clock):
    table, dad, ruth, _ = family
    NoticePreference.objects.create(user=dad, by_mail=True)
    clock.advance(120)
    assert turn_notices.sweep().sent == 1  # the turn notice, by mail
    clock.advance(2 * 3600)
    assert said(table, ruth) == "Dad was told by email 2 hours ago; we send one email a turn."
    assert Notice.objects.count() == 1


def test_at_a_table_not_over_days_a_member_who_did_not_ask_for_every_table_has_no_way_there(live_deck, clock):
    dad, ruth = UserFactory(gamer_tag="Dad"), UserFactory()
    NoticePreference.objects.create(user=dad, by_mail=True)
    table = dealt(dad, ruth, over_days=False)
    assert said(table, ruth) == "Dad has no way to be told at tables that don't play over days."


def test_a_tap_at_the_tapper_s_own_turn_has_nothing_to_answer(family, clock):
    table, dad, _, _ = family
    assert tap(table, dad) == []


def test_the_table_names_only_the_seats_with_no_way_and_nothing_of_how(family, vapid):
    table, dad, ruth, sam = family
    NoticePreference.objects.create(user=ruth, by_mail=True)
    keep_device(sam)
    seats = list(Seat.objects.filter(table=table).select_related("user", "agent").order_by("position"))
    payload = table_payload(table, seats)
    assert payload["no_way_to_tell"] == [1]
    text = repr(payload)
    assert "email" not in text and "fcm" not in text and "Chrome" not in text
    NoticePreference.objects.create(user=dad, by_mail=True)
    assert table_payload(table, seats)["no_way_to_tell"] == []
    table.over_days = False
    assert table_payload(table, seats)["no_way_to_tell"] == []  # said only where notices are the way


@pytest.mark.django_db(transaction=True)
async def test_the_answer_reaches_the_tapper_alone_and_a_new_device_reaches_the_host(live_deck, vapid):
    def deal():
        dad, ruth, sam = (UserFactory(gamer_tag=t) for t in ("Dad", "Grandma_Ruth", "Sam"))
        return dealt(dad, ruth, sam), dad, ruth, sam

    table, dad, ruth, sam = await sync_to_async(deal)()
    host_page, ruths, sams = [await seated(u, table.code) for u in (dad, ruth, sam)]
    assert host_page.received[0]["table"]["no_way_to_tell"] == [1, 2, 3]
    await ruths.send({"type": "react", "reaction": "your_turn"})
    answer = await ruths.next_of("nudge")
    assert answer["words"] == "Dad has no way to be told." and answer["reaches"] is False
    await sams.next_of("reaction")
    assert await sams.comm.receive_nothing(timeout=0.3), "another member never sees the answer"

    await sync_to_async(keep_device)(dad)  # as the settings page's button does, then:
    await sync_to_async(ways_changed)(user=dad)
    told = await host_page.next_of("table")
    assert told["table"]["no_way_to_tell"] == [2, 3]
    for player in (host_page, ruths, sams):
        await player.close()
