"""A child's devices are the sessions still live: ending the last live one sends the child from
their tables, whatever stale rows an old scan or an expired session left behind (they are cleared)."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.models import ChildDevice
from game.models import Seat
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import UserFactory
from tests.game.support import deal_private_table

pytestmark = pytest.mark.django_db


def scan(parent, child, device: Client | None = None) -> Client:
    """The child's tablet opens a fresh QR the parent issued, and taps."""
    secret = family.issue_sign_in(parent=parent, child_id=child.pk)
    device = device or Client()
    assert device.post(reverse("family_sign_in", args=[secret])).status_code == 302
    return device


def test_a_second_scan_on_the_same_tablet_leaves_one_live_device_and_ending_it_frees_the_seat(live_deck):
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    tablet = scan(parent, child)
    scan(parent, child, device=tablet)  # scanned again on the same tablet
    table = deal_private_table(parent, child)
    live = family.live_devices(child)
    assert len(live) == 1 and ChildDevice.objects.filter(child=child).count() == 1
    family.end_device(parent=parent, device_id=live[0].pk)
    assert Seat.objects.get(table=table, user=child).left_at is not None
    assert not ChildDevice.objects.filter(child=child).exists()


def test_ending_the_last_live_device_frees_the_seat_though_an_expired_sessions_row_remained(live_deck):
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    old = scan(parent, child)
    Session.objects.filter(session_key=old.cookies["sessionid"].value).delete()  # expired, cleared
    scan(parent, child)
    table = deal_private_table(parent, child)
    rows = list(ChildDevice.objects.filter(child=child))
    assert len(rows) == 2  # the expired one's row is still there until someone looks
    new = next(row for row in rows if Session.objects.filter(session_key=row.session_key).exists())
    family.end_device(parent=parent, device_id=new.pk)
    assert Seat.objects.get(table=table, user=child).left_at is not None
    assert not ChildDevice.objects.filter(child=child).exists()


def test_the_family_page_clears_stale_device_rows_and_shows_only_live_ones():
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    old = scan(parent, child)
    scan(parent, child)
    Session.objects.filter(session_key=old.cookies["sessionid"].value).delete()
    [shown] = family.children_of(parent)
    assert len(shown.live_devices) == 1
    assert ChildDevice.objects.filter(child=child).count() == 1


def test_a_new_qr_stops_the_childs_earlier_one_from_working():
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    first = family.issue_sign_in(parent=parent, child_id=child.pk)
    second = family.issue_sign_in(parent=parent, child_id=child.pk)
    with pytest.raises(Refusal) as refused:
        family.redeem_sign_in(secret=first)
    assert refused.value.code == Code.QR_NOT_VALID
    assert family.redeem_sign_in(secret=second) == child
