"""Gentle for children (issue 43 item 5): a grown-up may ask to be reminded once a day when verses
are due, by the ways they chose for turn notices; a child's account is never told anything."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.apps import apps as django_apps
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.guests import make_guest
from classes import joining
from game.services.clock import clock_swept
from notices.preferences import set_preference
from tests.factories import UserFactory, signed_in_session
from tests.notices.push_service import running, use_vapid
from tests.notices.support import keep_device
from verses import apps as verses_apps
from verses import reminders
from verses.meeting import meet
from verses.models import Meeting, Reminder
from verses.texts import Place

pytestmark = pytest.mark.django_db

JOHN_3_16 = Place(43, 3, 16)
PSALM_23_1 = Place(19, 23, 1)
# A day's reminders go from noon, site time (UTC).
MORNING = datetime(2026, 12, 7, 9, 0, tzinfo=UTC)
AFTERNOON = datetime(2026, 12, 7, 13, 0, tzinfo=UTC)
NUDGING_WORDS = ("streak", "in a row", "lose", "left", "hurry", "don't", "miss", "only")


@pytest.fixture
def push_service():
    with running() as service:
        yield service


@pytest.fixture
def vapid(settings) -> str:
    return use_vapid(settings)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def an_adult_who_asked(push_service, *, mail_too: bool = True):
    member = UserFactory(gamer_tag="Grandma_Ruth")
    keep_device(member, push_service.subscribe())
    if mail_too:
        set_preference(user=member, by_mail=True, at_every_private_table=False)
    reminders.set_reminder(member=member, daily=True)
    return member


def test_an_adult_who_asked_is_told_once_a_day_by_push_and_by_mail(push_service, vapid):
    member = an_adult_who_asked(push_service)
    meet(member, JOHN_3_16, Meeting.How.STONE, now=MORNING - timedelta(days=2))
    meet(member, PSALM_23_1, Meeting.How.STONE, now=MORNING - timedelta(days=2))
    assert reminders.send_due_reminders(AFTERNOON) == 1
    [push] = push_service.wait_for(1)
    assert push.payload["title"] == "Your verses"
    assert push.payload["body"] == "2 verses are ready when you are."
    assert push.payload["url"].endswith("/verses/") or "/verses/practice" in push.payload["url"]
    [sent] = mail.outbox
    assert sent.to == [member.email] and sent.subject.startswith("Your verses")
    assert "2 verses are ready when you are." in sent.body
    stop = reminders.stop_url(member)
    assert "?t=" in stop and stop in sent.body and f"<{stop}>" == sent.extra_headers["List-Unsubscribe"]
    words = (push.payload["body"] + sent.body).lower()
    assert not [w for w in NUDGING_WORDS if w in words]
    # Once a day: later the same day, nothing more; the next afternoon, once more.
    assert reminders.send_due_reminders(AFTERNOON + timedelta(hours=5)) == 0
    assert len(push_service.received) == 1 and len(mail.outbox) == 1
    assert reminders.send_due_reminders(AFTERNOON + timedelta(days=1)) == 1
    assert len(push_service.wait_for(2)) == 2 and len(mail.outbox) == 2
    assert Reminder.objects.get(member=member).last_sent_on == (AFTERNOON + timedelta(days=1)).date()


def test_nobody_is_told_before_noon_or_with_nothing_due_or_without_asking(push_service, vapid):
    member = an_adult_who_asked(push_service)
    meet(member, JOHN_3_16, Meeting.How.STONE, now=AFTERNOON + timedelta(hours=2))  # due later
    silent = UserFactory()
    keep_device(silent, push_service.subscribe())
    meet(silent, JOHN_3_16, Meeting.How.STONE, now=MORNING - timedelta(days=1))
    assert reminders.send_due_reminders(MORNING) == 0
    assert reminders.send_due_reminders(AFTERNOON) == 0
    reminders.set_reminder(member=member, daily=False)
    assert reminders.send_due_reminders(AFTERNOON + timedelta(days=1)) == 0
    assert push_service.received == [] and mail.outbox == []


def test_a_childs_account_is_never_told_even_with_a_reminder_row_forced_in(push_service, vapid):
    parent = UserFactory(gamer_tag="Daddy_Mike_the_Great")
    sam = family.add_child(parent=parent, tag="Sam_the_small")
    leader = UserFactory()
    pupil = joining.join_class(code=joining.start_class(leader=leader, agreed=True).code, name="Kid_one")
    guest = make_guest(host=leader, name="Visiting_Vi")
    for child in (sam, pupil.user, guest):
        meet(child, JOHN_3_16, Meeting.How.STONE, now=MORNING - timedelta(days=3))
        keep_device(child, push_service.subscribe())  # as if one were set up somehow
        Reminder.objects.create(member=child, daily=True)  # as if the settings had let it in
        with pytest.raises(PermissionDenied):
            reminders.set_reminder(member=child, daily=True)
        assert reminders.remind(child, 1) == (0, False)
    for day in range(3):
        assert reminders.send_due_reminders(AFTERNOON + timedelta(days=day)) == 0
    assert push_service.wait_for(1, seconds=0.5) == [] and mail.outbox == []
    assert set(Reminder.objects.values_list("last_sent_on", flat=True)) == {None}


def test_only_a_grown_up_sees_and_ticks_the_reminder_box():
    member = UserFactory()
    client = signed_in(member)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "Remind me once a day when verses are due" in page and reverse("verses:export") in page
    client.post(reverse("verses:reminder"), {"daily": "on"})
    assert Reminder.objects.get(member=member).daily
    assert (
        'id="id_verse_reminder" aria-describedby="verse-reminder-note" checked'
        in client.get(reverse("accounts:settings")).content.decode()
    )
    client.post(reverse("verses:reminder"), {})
    assert not Reminder.objects.get(member=member).daily
    sam = family.add_child(parent=member, tag="Sam_the_small")
    assert signed_in(sam).post(reverse("verses:reminder"), {"daily": "on"}).status_code == 403
    pupil = joining.join_class(code=joining.start_class(leader=member, agreed=True).code, name="Kid_one")
    device = Client()
    device.cookies["sessionid"] = signed_in_session(pupil.user)
    assert device.post(reverse("verses:reminder"), {"daily": "on"}).status_code == 403
    assert not Reminder.objects.filter(member__in=[sam, pupil.user]).exists()


def test_the_mails_stop_link_turns_reminders_off_with_one_button_and_a_bad_one_does_nothing():
    member = UserFactory()
    reminders.set_reminder(member=member, daily=True)
    url = reverse("verses:reminder_stop") + "?t=" + reminders.stop_token(member)
    assert "Stop verse reminders" in Client().get(url).content.decode()
    assert Reminder.objects.get(member=member).daily  # a mail scanner's GET changes nothing
    assert "no more verse reminders" in Client().post(url).content.decode()
    assert not Reminder.objects.get(member=member).daily
    reminders.set_reminder(member=member, daily=True)
    bad = reverse("verses:reminder_stop") + "?t=" + reminders.stop_token(member)[:-2] + "xx"
    assert Client().post(bad).status_code == 404
    assert Client().post(reverse("verses:reminder_stop")).status_code == 404
    assert Reminder.objects.get(member=member).daily


def test_the_clock_looks_for_reminders_at_most_once_an_hour(monkeypatch):
    runs = []
    monkeypatch.setattr(reminders, "send_due_reminders", lambda: runs.append(1))
    config = django_apps.get_app_config("verses")
    monkeypatch.setattr(config, "reminded_at", float("-inf"))
    clock_swept.send(sender=None)
    clock_swept.send(sender=None)
    assert runs == [1]
    config.reminded_at -= verses_apps.REMINDERS_EVERY_SECONDS
    clock_swept.send(sender=None)
    assert runs == [1, 1]


def test_the_command_sends_todays_reminders(capsys, monkeypatch):
    monkeypatch.setattr(reminders, "send_due_reminders", lambda: 2)
    call_command("send_verse_reminders")
    assert "2 members reminded." in capsys.readouterr().out
