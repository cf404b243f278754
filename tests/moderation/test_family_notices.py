"""A decision about a child lands with their parent: the parent's pages show the notice, the parent
reads and appeals it; the child's own session never shows or opens it."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import family
from game.models import Game
from moderation.models import Appeal, Decision
from tests.factories import UserFactory
from tests.game.support import deal_private_table
from tests.trust import suspend

pytestmark = pytest.mark.django_db


def _child_suspended(live_deck, capture=None):
    """A parent on their phone and their child on a tablet (by QR), the child suspended (with the
    mail sent after commit when `capture` is django_capture_on_commit_callbacks)."""
    parent = UserFactory(gamer_tag="Mum")
    child = family.add_child(parent=parent, tag="Sam")
    phone = Client()
    phone.force_login(parent)
    tablet = Client()
    secret = family.issue_sign_in(parent=parent, child_id=child.pk)
    assert tablet.post(reverse("family_sign_in", args=[secret])).status_code == 302
    table = deal_private_table(parent, child)
    mail.outbox.clear()
    if capture is None:
        suspend(child, Game.objects.get(table=table))
    else:
        with capture(execute=True):
            suspend(child, Game.objects.get(table=table))
    return parent, phone, child, tablet, Decision.objects.get(user=child)


def test_the_parent_sees_a_notice_about_their_child_and_the_child_does_not(live_deck):
    _, phone, _, tablet, decision = _child_suspended(live_deck)
    parent_home = phone.get(reverse("home")).content.decode()
    assert f'id="notice-{decision.pk}"' in parent_home
    assert "About Sam, a child&#x27;s account in your family" in parent_home
    assert f'id="notice-{decision.pk}"' not in tablet.get(reverse("home")).content.decode()


def test_the_parent_appeals_and_reads_a_notice_about_their_child(live_deck):
    _, phone, _, _, decision = _child_suspended(live_deck)
    phone.post(reverse("notice_appeal", args=[decision.pk]), {"note": "He was learning the game."})
    assert Appeal.objects.get(decision=decision).note == "He was learning the game."
    phone.post(reverse("notice_read", args=[decision.pk]))
    decision.refresh_from_db()
    assert decision.acknowledged_at is not None
    assert f'id="notice-{decision.pk}"' not in phone.get(reverse("home")).content.decode()


def test_the_childs_session_cannot_open_notices_and_changes_nothing(live_deck):
    _, _, _, tablet, decision = _child_suspended(live_deck)
    assert tablet.post(reverse("notice_appeal", args=[decision.pk]), {"note": "not me"}).status_code == 403
    assert tablet.post(reverse("notice_read", args=[decision.pk])).status_code == 403
    decision.refresh_from_db()
    assert decision.acknowledged_at is None and not Appeal.objects.filter(decision=decision).exists()


def test_someone_elses_parent_cannot_read_or_appeal_the_childs_notice(live_deck):
    _, _, _, _, decision = _child_suspended(live_deck)
    stranger = Client()
    stranger.force_login(UserFactory(gamer_tag="Nosy"))
    stranger.post(reverse("notice_appeal", args=[decision.pk]), {"note": "let me"})
    stranger.post(reverse("notice_read", args=[decision.pk]))
    decision.refresh_from_db()
    assert decision.acknowledged_at is None and not Appeal.objects.filter(decision=decision).exists()


def test_the_parents_mail_says_to_look_on_their_own_account(live_deck, django_capture_on_commit_callbacks):
    parent, *_ = _child_suspended(live_deck, django_capture_on_commit_callbacks)
    [message] = [m for m in mail.outbox if m.to == [parent.email]]
    assert "on your own account" in message.body and "not on your child's device" in message.body
    assert re.search(r"https?://", message.body)
