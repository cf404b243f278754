"""R41: guests a host lets sit by the invite link: asking, the host's answer, where a guest may
sit, and forgetting a guest after their last game."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from axes.models import AccessLog
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import family
from accounts import guests as guest_accounts
from accounts.models import ChildDevice, Managed, User
from game import services
from game.models import Seat, SitRequest, Table
from game.protocol.messages import seat_name
from game.services import guests, watching
from game.services.starting import seat_list
from game.sockets.closing import Close
from justalllowgod.asgi import application
from justalllowgod.lib.refusals import Code, Refusal
from moderation import name_reports
from tests.deck import load_deck
from tests.factories import UserFactory, signed_in_session
from tests.game.support import HOST, ORIGIN, Communicator, host_answers, session_cookie
from tests.moderation.conftest import reviewer

pytestmark = pytest.mark.django_db


def open_table(host=None, **options) -> Table:
    return services.create_private_table(user=host or UserFactory(), **options).table


def refused(expected: Code, act, /, *args, **kwargs) -> None:
    with pytest.raises(Refusal) as raised:
        act(*args, **kwargs)
    assert raised.value.code == expected


def let_in(table: Table, name: str = "Grandpa_Joe") -> User:
    asked = guests.ask_to_sit(token=table.invite_token, name=name)
    request = SitRequest.objects.get(guest=asked.guest)
    host = table.host
    guests.answer_guest(
        user=host, session_key=signed_in_session(host), code=table.code, request_id=request.pk, yes=True
    )
    return asked.guest


def test_asking_by_the_invite_link_makes_a_guest_the_host_manages_and_tells_the_table():
    table = open_table()
    asked = guests.ask_to_sit(token=table.invite_token, name="  Grandpa Joe ")
    guest = User.objects.get(pk=asked.guest.pk)
    assert guest.gamer_tag == "Grandpa_Joe"  # a space becomes _
    assert guest.managed_by == table.host and guest.managed_as == Managed.GUEST
    assert guest.is_guest and not guest.is_child and guest.email is None
    assert not guest.has_usable_password() and not guest.has_perm("game.view_table")
    # The host's table hears of it, for their yes or no; nobody is seated yet.
    (message,) = [m.message for m in asked.messages]
    assert [(a["tag"], 0 < a["ends_in"] <= 300) for a in message["table"]["sit_asks"]] == [
        ("Grandpa_Joe", True)
    ]
    assert [s.user_id for s in seat_list(table)] == [table.host_id]


def test_the_hosts_yes_seats_the_guest_and_the_request_goes():
    table = open_table()
    guest = let_in(table)
    assert [s.user_id for s in seat_list(table)] == [table.host_id, guest.pk]
    assert not SitRequest.objects.exists()
    assert guests.guest_state(guest) == ("seated", table)


def test_the_hosts_no_deletes_the_guest_and_signs_out_the_device_that_asked():
    table = open_table()
    asked = guests.ask_to_sit(token=table.invite_token, name="Uncle_Ben")
    device_session = signed_in_session(asked.guest)
    ChildDevice.objects.create(child=asked.guest, session_key=device_session)
    request = SitRequest.objects.get()
    host_answers(table, request.pk, yes=False)
    assert not User.objects.filter(pk=asked.guest.pk).exists()
    assert not Session.objects.filter(session_key=device_session).exists()
    assert [s.user_id for s in seat_list(table)] == [table.host_id]


def test_only_the_host_answers_and_only_a_request_still_waiting():
    table = open_table()
    other = UserFactory()
    services.join_by_code(user=other, code=table.code)
    guests.ask_to_sit(token=table.invite_token, name="Aunt_May")
    request = SitRequest.objects.get()
    refused(
        Code.NOT_HOST,
        guests.answer_guest,
        user=other,
        session_key=signed_in_session(other),
        code=table.code,
        request_id=request.pk,
        yes=True,
    )
    SitRequest.objects.update(asked_at=timezone.now() - timedelta(minutes=6))  # lapsed unanswered
    host_session = signed_in_session(table.host)
    answer = dict(user=table.host, session_key=host_session, code=table.code, request_id=request.pk, yes=True)
    refused(Code.NO_SUCH_SIT_REQUEST, guests.answer_guest, **answer)
    assert len(seat_list(table)) == 2
    # Asking again (the name kept) makes it wait once more.
    guests.ask_again(guest=request.guest, token=table.invite_token)
    guests.answer_guest(**answer)
    assert request.guest_id in [s.user_id for s in seat_list(table)]


@pytest.mark.parametrize("name", ["Jo", "Zoë!", "JagAI"])
def test_a_name_the_rules_refuse_makes_nothing(name):
    table = open_table()
    before = User.objects.count()
    with pytest.raises(ValidationError):
        guests.ask_to_sit(token=table.invite_token, name=name)
    assert User.objects.count() == before and not SitRequest.objects.exists()


@pytest.mark.parametrize(
    ("taken", "typed", "given"),
    [
        (["Bea"], "bea", "bea2"),
        (["Grandma_Ruth", "Grandma_Ruth2"], "Grandma Ruth", "Grandma_Ruth3"),
        (["Daddy_Mike_the_Best1"], "Daddy_Mike_the_Best1", "Daddy_Mike_the_Best2"),
    ],
)
def test_a_name_someone_plays_as_gets_the_next_free_one_as_a_class_childs_does(taken, typed, given):
    for tag in taken:
        UserFactory(gamer_tag=tag)
    table = open_table()
    asked = guests.ask_to_sit(token=table.invite_token, name=typed)
    assert asked.guest.gamer_tag == given and asked.guest.is_guest
    assert SitRequest.objects.get().guest == asked.guest


def test_a_wrong_token_a_begun_or_full_table_makes_nothing():
    load_deck()
    refused(Code.NO_SUCH_TABLE, guests.ask_to_sit, token="not-a-token", name="Visitor")
    refused(Code.NO_SUCH_TABLE, guests.ask_to_sit, token="", name="Visitor")
    begun = open_table()
    services.join_by_code(user=UserFactory(), code=begun.code)
    services.start_table(user=begun.host, code=begun.code)
    refused(Code.ALREADY_STARTED, guests.ask_to_sit, token=begun.invite_token, name="Visitor")
    full = open_table()
    for _ in range(3):
        services.join_by_code(user=UserFactory(), code=full.code)
    refused(Code.TABLE_FULL, guests.ask_to_sit, token=full.invite_token, name="Visitor")
    assert not User.objects.filter(managed_as=Managed.GUEST).exists()


def test_one_address_asks_for_a_partys_guests_not_a_scripts():
    table = open_table(seats=5)
    for number in range(guests.GUESTS_PER_ADDRESS):
        guests.ask_to_sit(token=table.invite_token, name=f"Guest_{number}", ip="10.1.1.1")
    refused(Code.TOO_MANY_GUESTS, guests.ask_to_sit, token=table.invite_token, name="One_More", ip="10.1.1.1")
    assert not User.objects.filter(gamer_tag="One_More").exists()
    guests.ask_to_sit(token=table.invite_token, name="Elsewhere", ip="10.2.2.2")


def test_a_host_kept_from_tables_or_a_child_host_lets_nobody_sit_and_says_nothing_of_why():
    table = open_table()
    User.objects.filter(pk=table.host_id).update(restriction_kind="ban")
    refused(Code.NOT_TAKING_GUESTS, guests.ask_to_sit, token=table.invite_token, name="Visitor")
    child = family.add_child(parent=UserFactory(), tag="Little_Host")
    childs = open_table(child)
    refused(Code.NOT_TAKING_GUESTS, guests.ask_to_sit, token=childs.invite_token, name="Visitor")
    assert not User.objects.filter(managed_as=Managed.GUEST).exists()


def test_the_hosts_no_to_a_guest_who_kept_their_games_meanwhile_deletes_only_the_ask():
    table = open_table()
    asked = guests.ask_to_sit(token=table.invite_token, name="Quick_Keeper")
    guest_accounts.keep_games(guest=asked.guest, email="keeper@example.org")
    request = SitRequest.objects.get()
    host_answers(table, request.pk, yes=False)
    member = User.objects.get(pk=asked.guest.pk)
    assert member.is_active and member.email == "keeper@example.org" and not SitRequest.objects.exists()


def test_a_guest_never_hosts_when_the_host_leaves_before_the_deal():
    table = open_table()
    guest = let_in(table, "Guest_First")
    member = UserFactory()
    services.join_by_code(user=member, code=table.code)
    services.leave_table(user=table.host, code=table.code)
    table.refresh_from_db()
    assert table.host_id == member.pk  # the member after the guest
    services.leave_table(user=member, code=table.code)
    table.refresh_from_db()
    assert table.status == Table.Status.ENDED and not table.seats.filter(user=guest).exists()


def test_a_guests_wrong_codes_are_their_own_not_their_hosts():
    table = open_table()
    guest = let_in(table)
    for _ in range(settings.GAME_JOIN_FAILURE_LIMIT + 2):
        with pytest.raises(Refusal):
            services.join_by_code(user=guest, code="QXQX")
    services.join_by_code(user=table.host, code=table.code)  # the host's allowance is whole


def test_a_guest_the_game_began_without_asks_again_at_its_play_again_table():
    load_deck()
    table = open_table()
    asked = guests.ask_to_sit(token=table.invite_token, name="Late_Lou")
    services.join_by_code(user=UserFactory(), code=table.code)
    services.start_table(user=table.host, code=table.code)
    assert guests.guest_state(asked.guest)[0] == "missed"
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished_at=timezone.now())
    following = services.play_again(user=table.host, code=table.code).table
    guests.ask_again(guest=asked.guest, token=following.invite_token)
    assert guests.guest_state(asked.guest) == ("asking", following)
    elsewhere = open_table()  # another host's link is no way to move the ask
    refused(Code.NO_SUCH_SIT_REQUEST, guests.ask_again, guest=asked.guest, token=elsewhere.invite_token)


def test_a_guest_whose_name_a_reviewer_took_back_gets_a_friendly_new_one():
    table = open_table()
    guest = let_in(table, "Unkind_Name")
    reporter = UserFactory()
    services.join_by_code(user=reporter, code=table.code)
    report = name_reports.report_name(reporter=reporter, code=table.code, seat=2)
    name_reports.ask_for_new_tag(report_id=report.pk, reviewer=reviewer())
    guest.refresh_from_db()
    assert guest.gamer_tag and guest.gamer_tag != "Unkind_Name" and "_" in guest.gamer_tag


def test_a_guest_sits_nowhere_else_watches_nothing_and_opens_no_table():
    load_deck()
    table = open_table()
    guest = let_in(table)
    session = signed_in_session(guest)
    elsewhere = open_table()
    refused(Code.GUEST_ELSEWHERE, services.join_by_code, user=guest, code=elsewhere.code)
    refused(Code.GUEST_ELSEWHERE, services.join_by_invitation, user=guest, token=elsewhere.invite_token)
    refused(Code.GUEST_ELSEWHERE, services.play_now, user=guest)
    refused(Code.GUEST_ELSEWHERE, services.create_private_table, user=guest)
    refused(Code.GUEST_ELSEWHERE, watching.ask_to_watch, user=guest, session_key=session, code=elsewhere.code)
    refused(
        Code.GUEST_ELSEWHERE,
        watching.watch_by_invitation,
        user=guest,
        session_key=session,
        token=elsewhere.invite_token,
    )
    assert not elsewhere.seats.filter(user=guest).exists() and not elsewhere.watchers.exists()
    # Their own table's link and code still open it: they sit there already.
    assert services.join_by_invitation(user=guest, token=table.invite_token).table == table


def test_a_guest_follows_their_host_to_play_again_but_never_opens_it():
    load_deck()
    table = open_table()
    guest = let_in(table)
    services.start_table(user=table.host, code=table.code)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished_at=timezone.now())
    refused(Code.GUEST_WAITS_FOR_HOST, services.play_again, user=guest, code=table.code)
    assert not Table.objects.filter(previous=table).exists()
    following = services.play_again(user=table.host, code=table.code).table
    assert services.play_again(user=guest, code=table.code).table == following
    assert following.seats.filter(user=guest).exists()


def finished_game_with(guest: User, table: Table, *, ended_days_ago: float) -> None:
    ended = timezone.now() - timedelta(days=ended_days_ago)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished_at=ended)


def test_a_guest_is_forgotten_30_days_after_their_last_game_and_their_seat_reads_a_guest():
    table = open_table()
    guest = let_in(table, "Cousin_Sam")
    finished_game_with(guest, table, ended_days_ago=0)
    now = timezone.now()
    assert guests.forget_guests(now + timedelta(days=29)) == 0
    assert guests.forget_guests(now + timedelta(days=31)) == 1  # a moved clock
    former = User.objects.get(pk=guest.pk)  # the row stays for its seat, with nothing of them
    assert (former.gamer_tag, former.email, former.is_active, former.managed_by_id) == ("", None, False, None)
    seat = Seat.objects.select_related("user", "agent").get(table=table, user=former)
    assert seat_name(seat) == "a guest"
    assert guests.forget_guests(now + timedelta(days=60)) == 0  # once


def test_a_guest_still_playing_or_playing_again_is_kept():
    old = open_table()
    guest = let_in(old)
    finished_game_with(guest, old, ended_days_ago=45)
    newer = open_table()
    Seat.objects.create(table=newer, position=2, user=guest)  # a table still waiting, with them
    assert guests.forget_guests() == 0
    Table.objects.filter(pk=newer.pk).update(status=Table.Status.FINISHED, finished_at=timezone.now())
    assert guests.forget_guests() == 0  # its last game ended today
    assert guests.forget_guests(timezone.now() + timedelta(days=31)) == 1


def test_a_guest_nobody_let_in_goes_entirely_after_a_day_by_the_clocks_command(capsys):
    table = open_table()
    asked = guests.ask_to_sit(token=table.invite_token, name="Stranger")
    User.objects.filter(pk=asked.guest.pk).update(date_joined=timezone.now() - timedelta(hours=25))
    kept = let_in(open_table(), "Welcome_One")
    call_command("forget_guests")
    assert "1 guest account deleted." in capsys.readouterr().out
    assert not User.objects.filter(pk=asked.guest.pk).exists() and not SitRequest.objects.exists()
    assert User.objects.get(pk=kept.pk).is_active


def test_a_member_who_deletes_their_account_takes_their_guests_with_them():
    table = open_table()
    guest = let_in(table)
    family.delete_account(user=table.host)
    # The table was still waiting, so the guest played no game there: nothing of them stays.
    assert not User.objects.filter(pk=guest.pk).exists()


def test_the_invite_page_offers_a_visitor_the_guest_way_in_but_a_typed_code_does_not():
    table = open_table()
    invited = Client().get(reverse("join_invite", args=[table.invite_token]))
    assert reverse("guest_sit", args=[table.invite_token]).encode() in invited.content
    by_code = Client().get(reverse("join_link", args=[table.code]))
    assert b"Sit as a guest" not in by_code.content


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_turns_a_guest_away():
    table = await sync_to_async(open_table)()
    guest = await sync_to_async(let_in)(table)
    cookie = await sync_to_async(session_cookie)(guest)
    comm = Communicator(application, "/ws/lobby/", headers=[ORIGIN, HOST, (b"cookie", cookie)])
    connected, code = await comm.connect()
    assert (connected, code) == (False, Close.NOT_FOUND)


def test_deleting_a_guest_forgets_axes_record_of_their_device_signing_in():
    table = open_table()
    device = Client()
    device.post(reverse("guest_sit", args=[table.invite_token]), {"name": "Passing_By"})
    session_key = device.session.session_key
    hashed = hashlib.sha256(session_key.encode()).hexdigest()
    # axes writes these rows with its database handler (with Redis it keeps only a count in the cache).
    assert AccessLog.objects.filter(session_hash=hashed).exists() == settings.AXES_HANDLER.endswith(
        "AxesDatabaseHandler"
    )
    request = SitRequest.objects.get()
    host_answers(table, request.pk, yes=False)
    assert not AccessLog.objects.filter(session_hash=hashed).exists()
