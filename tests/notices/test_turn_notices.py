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
from notices.models import Notice, NoticePreference
from tests.factories import UserFactory, signed_in_session
from tests.game.support import play_one_move
from tests.notices.support import keep_device

pytestmark = pytest.mark.django_db


def wants_both(user, browser) -> None:
    NoticePreference.objects.create(user=user, by_mail=True)
    keep_device(user, browser)


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


def dealt(host, *guests, over_days: bool = True) -> Table:
    table = services.create_private_table(user=host, over_days=over_days).table
    for guest in guests:
        services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    return table


def tap(table: Table, user) -> None:
    """The member taps the "Your turn" reaction."""
    services.react(table_id=table.pk, user=user, session_key=signed_in_session(user), reaction="your_turn")


def test_the_your_turn_reaction_nudges_the_member_waited_on_once_an_hour(
    live_deck, clock, push_service, vapid
):
    host, guest = UserFactory(), UserFactory()
    wants_both(host, push_service.subscribe())
    table = dealt(host, guest)
    assert waiting_on(table) == [1]
    tap(table, guest)
    assert turn_notices.sweep().sent == 1
    assert len(push_service.wait_for(1)) == 1 and len(mail.outbox) == 1
    assert "says it's your turn" in push_service.received[0].payload["body"]
    for _ in range(20):  # a flood of taps within the hour: the reactions show, no nudge is made
        clock.advance(3)  # past the reaction's own two seconds
        tap(table, guest)
    assert Notice.objects.filter(kind=Notice.Kind.NUDGE).count() == 1
    # The turn has waited past its grace, but the nudge told the host of it: no turn notice.
    assert turn_notices.sweep().sent == 0
    assert not Notice.objects.filter(kind=Notice.Kind.YOUR_TURN).exists()
    clock.advance(3600)
    tap(table, guest)
    assert Notice.objects.filter(kind=Notice.Kind.NUDGE).count() == 2
    # An hour on, the same turn: the nudge comes by push, and the turn's one mail has gone.
    assert turn_notices.sweep().sent == 1
    assert len(push_service.wait_for(2)) == 2 and len(mail.outbox) == 1


def test_one_turn_brings_one_mail_when_a_nudge_follows_its_turn_notice(live_deck, clock, push_service, vapid):
    host, guest = UserFactory(), UserFactory()
    wants_both(host, push_service.subscribe())
    table = dealt(host, guest)
    clock.advance(120)
    assert turn_notices.sweep().sent == 1  # the turn notice: push and mail
    assert len(push_service.wait_for(1)) == 1 and len(mail.outbox) == 1
    clock.advance(600)
    tap(table, guest)  # told ten minutes ago: the tap shows at the table, and sends nothing
    assert turn_notices.sweep().sent == 0
    clock.advance(3600)
    tap(table, guest)
    assert turn_notices.sweep().sent == 1
    assert len(push_service.wait_for(2)) == 2 and len(mail.outbox) == 1
    assert list(Notice.objects.filter(mailed=True).values_list("kind", flat=True)) == ["your_turn"]


def test_the_next_turn_has_a_mail_of_its_own(live_deck, clock, push_service, vapid):
    host, guest = UserFactory(), UserFactory()
    members = {1: host, 2: guest}
    wants_both(host, push_service.subscribe())
    wants_both(guest, push_service.subscribe())
    table = dealt(host, guest)
    tap(table, guest)
    assert turn_notices.sweep().sent == 1
    play_turn(table, members)
    play_turn(table, members)  # the host's turn again, a new one
    assert waiting_on(table) == [1]
    clock.advance(120)  # the new turn's grace, well within the hour of the nudge
    assert turn_notices.sweep().sent == 1
    assert [m.to for m in mail.outbox] == [[host.email], [host.email]]


def test_a_mail_that_failed_leaves_the_turn_s_mail_to_the_next_notice(live_deck, clock, settings):
    host, guest = UserFactory(), UserFactory()
    NoticePreference.objects.create(user=host, by_mail=True)
    table = dealt(host, guest)
    tap(table, guest)
    settings.EMAIL_BACKEND = "tests.notices.test_turn_notices.FailingBackend"
    assert turn_notices.sweep().sent == 1
    assert mail.outbox == [] and not Notice.objects.get().mailed
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    clock.advance(3600)
    tap(table, guest)
    assert turn_notices.sweep().sent == 1
    assert [m.to for m in mail.outbox] == [[host.email]]


class FailingBackend:
    """A mail server that is down."""

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("the mail server is down")


def test_a_nudge_reaches_only_a_member_who_asked_to_be_told_at_that_table(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    NoticePreference.objects.create(user=host, by_mail=True)
    table = dealt(host, guest, over_days=False)  # not over days: only "at every private table"
    tap(table, guest)
    assert not Notice.objects.exists()
    NoticePreference.objects.filter(user=host).update(at_every_private_table=True)
    clock.advance(3)
    tap(table, guest)
    assert Notice.objects.get().user == host


def test_a_nudge_goes_to_the_seat_to_move_and_nobody_else(live_deck, clock):
    host, guest, cousin = UserFactory(), UserFactory(), UserFactory()
    for member in (host, guest, cousin):
        NoticePreference.objects.create(user=member, by_mail=True)
    table = dealt(host, guest, cousin)
    assert waiting_on(table) == [1]
    tap(table, guest)
    assert list(Notice.objects.values_list("user_id", flat=True)) == [host.pk]


def test_a_nudge_is_not_sent_to_the_one_who_tapped_it(live_deck, clock):
    host, guest = UserFactory(), UserFactory()
    NoticePreference.objects.create(user=host, by_mail=True)
    table = dealt(host, guest)
    assert waiting_on(table) == [1]
    tap(table, host)  # the host taps at their own turn
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


def test_a_member_whose_seat_the_host_handed_to_jagai_is_told_by_push_and_mail(
    live_deck, clock, push_service, vapid
):
    from datetime import timedelta

    from game.services import over_days

    host, guest = UserFactory(gamer_tag="Grandma"), UserFactory()
    wants_both(guest, push_service.subscribe())
    table = dealt(host, guest)
    play_turn(table, {1: host, 2: guest})
    assert waiting_on(table) == [2]
    clock.advance(timedelta(days=3, minutes=1).total_seconds())
    turn_notices.sweep()  # the guest's turn notice, sent days ago in life
    mail.outbox.clear()
    over_days.hand_over(host=host, code=table.code, seat=2, session_key=signed_in_session(host))
    assert turn_notices.send_pending(clock()) == 1
    [sent] = mail.outbox
    assert sent.to == [guest.email] and f"JagAI plays your seat at {table.code}" in sent.subject
    assert "3 days" in sent.body and "Grandma" in sent.body
    push = push_service.wait_for(2)[-1]
    assert push.payload["title"] == f"JagAI plays your seat at {table.code}"
    assert push.path in guest.push_subscriptions.get().endpoint
