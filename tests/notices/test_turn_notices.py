"""Issue 32's acceptance: a "Play over days" game between two members where each move wakes the
other by push (decrypted by the tests' own push service) and by mail (one each per turn, none while
their page is open), the Your turn nudge at most hourly, and notices that name no card."""

from __future__ import annotations

import pytest
from django.core import mail

from game import engine, services
from game.models import Game, Table
from game.realtime import presence
from game.services import turn_notices
from notices.models import Notice, NoticePreference, PushSubscription
from tests.factories import UserFactory, signed_in_session
from tests.game.support import play_one_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def live_deck(db):
    from django.core.management import call_command

    call_command("load_default_deck", verbosity=0)


def wants_both(user, browser) -> None:
    NoticePreference.objects.create(user=user, by_push=True, by_mail=True)
    keys = browser.to_json()["keys"]
    PushSubscription.objects.create(
        user=user, endpoint=browser.endpoint, p256dh=keys["p256dh"], auth=keys["auth"]
    )


def game_of(table: Table) -> Game:
    return Game.objects.get(table=table)


def waiting_on(table: Table) -> list[int]:
    return turn_notices.awaited(engine.from_json(game_of(table).state))


def play_turn(table: Table, members: dict) -> None:
    """The member the game waits on plays moves until the game waits on someone else."""
    first = waiting_on(table)
    for _ in range(100):
        if waiting_on(table) != first:
            return
        play_one_move(table.pk, members)


def card_words(table: Table) -> set[str]:
    """Every card title and story title of the table's deck."""
    words = set()
    for story in game_of(table).deal.cards:
        words.add(story["title"])
        words.update(card["title"] for card in story["cards"])
    return words


def test_each_move_of_an_over_days_game_wakes_the_other_by_push_and_mail_once_per_turn(
    live_deck, clock, push_service, vapid
):
    host, guest = UserFactory(gamer_tag="Grandma"), UserFactory(gamer_tag="Sam")
    members = {1: host, 2: guest}
    browsers = {1: push_service.subscribe(), 2: push_service.subscribe()}
    wants_both(host, browsers[1])
    wants_both(guest, browsers[2])
    table = services.create_private_table(user=host, over_days=True).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    for turn in range(6):
        seat = waiting_on(table)[0]
        other = 3 - seat
        clock.advance(120)  # the turn has waited past its grace
        mail.outbox.clear()
        swept = turn_notices.sweep()
        assert swept.sent == 1, f"turn {turn}: seat {seat} is told"
        pushes = turn + 1
        received = push_service.wait_for(pushes)
        assert len(received) == pushes
        push = received[-1]
        assert push.path in browsers[seat].endpoint and push.payload["url"].endswith(f"/t/{table.code}/")
        assert table.code in push.payload["title"] and "Grandma" in push.payload["body"]
        assert [m.to for m in mail.outbox] == [[members[seat].email]]
        told = push.payload["title"] + push.payload["body"] + mail.outbox[0].subject + mail.outbox[0].body
        assert not any(word in told for word in card_words(table)), "a notice never names a card"
        # Once per turn: the next sweeps send nothing more.
        clock.advance(600)
        assert turn_notices.sweep().sent == 0
        assert len(push_service.received) == pushes and len(mail.outbox) == 1
        play_turn(table, members)
        assert waiting_on(table) == [other] or engine.is_over(engine.from_json(game_of(table).state))
    assert Notice.objects.filter(kind=Notice.Kind.YOUR_TURN).count() == 6


def test_nobody_is_told_while_their_page_is_open(live_deck, clock, push_service, vapid):
    host, guest = UserFactory(), UserFactory()
    wants_both(host, push_service.subscribe())
    table = services.create_private_table(user=host, over_days=True).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    assert waiting_on(table) == [1]
    presence.arrived(table.pk, host.pk)
    clock.advance(300)
    assert turn_notices.sweep().sent == 0
    assert push_service.received == [] and mail.outbox == []
    presence.left(table.pk, host.pk)  # they closed the page without playing: now they are told
    assert turn_notices.sweep().sent == 1
    assert len(push_service.wait_for(1)) == 1 and len(mail.outbox) == 1


def test_a_table_that_does_not_play_over_days_tells_only_members_who_asked_for_every_table(
    live_deck, clock, push_service, vapid
):
    host, guest = UserFactory(), UserFactory()
    wants_both(host, push_service.subscribe())
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    clock.advance(300)
    assert turn_notices.sweep().sent == 0
    NoticePreference.objects.filter(user=host).update(at_every_private_table=True)
    assert turn_notices.sweep().sent == 1


def test_the_your_turn_reaction_nudges_the_member_waited_on_once_an_hour(
    live_deck, clock, push_service, vapid
):
    host, guest = UserFactory(), UserFactory()
    wants_both(host, push_service.subscribe())
    table = services.create_private_table(user=host).table  # a nudge reaches any private table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    assert waiting_on(table) == [1]

    def tap() -> None:
        services.react(
            table_id=table.pk, user=guest, session_key=signed_in_session(guest), reaction="your_turn"
        )
        clock.advance(3)  # past the reaction's own two seconds

    tap()
    assert turn_notices.sweep().sent == 1
    assert len(push_service.wait_for(1)) == 1 and len(mail.outbox) == 1
    for _ in range(20):  # a flood of taps within the hour: the reactions show, no nudge is made
        tap()
    assert Notice.objects.filter(kind=Notice.Kind.NUDGE).count() == 1
    assert turn_notices.sweep().sent == 0
    clock.advance(3600)
    tap()
    assert Notice.objects.filter(kind=Notice.Kind.NUDGE).count() == 2


def test_a_nudge_is_not_sent_to_the_one_who_tapped_it(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    NoticePreference.objects.create(user=host, by_mail=True)
    table = services.create_private_table(user=host).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    services.react(table_id=table.pk, user=host, session_key=signed_in_session(host), reaction="your_turn")
    assert not Notice.objects.exists()


def test_a_notice_whose_turn_passed_before_the_clock_sent_it_is_dropped(
    live_deck, clock, push_service, vapid
):
    host, guest = UserFactory(), UserFactory()
    wants_both(host, push_service.subscribe())
    table = services.create_private_table(user=host, over_days=True).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    clock.advance(300)
    assert turn_notices.find_due_turns(clock()) == 1
    play_turn(table, {1: host, 2: guest})  # the host plays before the notice goes out
    assert turn_notices.send_pending(clock()) == 0
    assert push_service.received == [] and mail.outbox == []
    assert Notice.objects.get().sent_at is not None


def test_the_warning_that_a_quiet_table_ends_soon_goes_out_by_mail_and_shows_on_its_page(
    client, live_deck, clock, push_service, vapid
):
    from datetime import timedelta

    from django.urls import reverse

    from game.services import over_days

    host, guest = UserFactory(), UserFactory()
    wants_both(guest, push_service.subscribe())
    table = services.create_private_table(user=host, over_days=True).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    clock.advance(timedelta(days=12, minutes=5).total_seconds())
    over_days.sweep_idle()
    assert turn_notices.send_pending(clock()) == 2  # both members; only the guest asked to be told
    assert [m.to for m in mail.outbox] == [[guest.email]]
    assert "ends soon" in mail.outbox[0].subject
    assert "ends soon" in push_service.wait_for(1)[0].payload["title"]
    client.force_login(guest)
    page = client.get(reverse("table", args=[table.code])).content.decode()
    assert "this table ends on" in page
