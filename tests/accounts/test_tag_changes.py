"""A first tag can change once within a day of choosing it, any tag once every 30 days; former
tags are kept for reviewers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import FormerTag
from accounts.services import first_tag_grace_until, next_tag_change, set_gamer_tag
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_first_tag_can_be_chosen_at_once():
    member = UserFactory(gamer_tag="", tag_changed_at=None)
    set_gamer_tag(user=member, tag="Hannah")
    member.refresh_from_db()
    assert member.gamer_tag == "Hannah"
    assert not FormerTag.objects.exists()


def test_a_change_inside_30_days_is_refused_with_the_date_of_the_next_allowed_change():
    chosen = timezone.now().replace(year=2026, month=11, day=1, hour=12)
    member = UserFactory(gamer_tag="Hannah", tag_changed_at=chosen)
    with pytest.raises(Refusal) as caught:
        set_gamer_tag(user=member, tag="Samuel", now=chosen + timedelta(days=29, hours=23))
    assert caught.value.code == Code.TAG_TOO_SOON
    assert "1 December 2026" in caught.value.message
    member.refresh_from_db()
    assert member.gamer_tag == "Hannah"


def test_a_change_after_30_days_is_allowed_and_the_former_tag_is_kept():
    chosen = timezone.now() - timedelta(days=31)
    member = UserFactory(gamer_tag="Hannah", tag_changed_at=chosen)
    now = timezone.now()
    set_gamer_tag(user=member, tag="Samuel", now=now)
    member.refresh_from_db()
    assert member.gamer_tag == "Samuel"
    assert member.tag_changed_at == now
    assert list(member.former_tags.values_list("tag", flat=True)) == ["Hannah"]


def test_the_settings_page_shows_the_date_of_the_next_allowed_change(client):
    member = UserFactory(gamer_tag="Hannah", tag_changed_at=timezone.now() - timedelta(days=10))
    client.force_login(member)
    page = client.get(reverse("accounts:settings")).content.decode()
    expected = (member.tag_changed_at + timedelta(days=30)).strftime("%-d %B %Y")
    assert f"Your next tag change can be on {expected}" in page


def test_a_refused_rename_on_the_settings_page_says_when_and_changes_nothing(client):
    member = UserFactory(gamer_tag="Hannah", tag_changed_at=timezone.now() - timedelta(days=2))
    client.force_login(member)
    page = client.post(reverse("accounts:settings"), {"gamer_tag": "Samuel"}).content.decode()
    assert "once every 30 days" in page
    member.refresh_from_db()
    assert member.gamer_tag == "Hannah"


def test_a_member_without_a_tag_is_sent_to_choose_one(client):
    member = UserFactory(gamer_tag="", tag_changed_at=None)
    client.force_login(member)
    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:choose_tag")


def test_choosing_a_tag_on_the_page_saves_it_and_leads_to_the_start_screen(client):
    member = UserFactory(gamer_tag="", tag_changed_at=None)
    client.force_login(member)
    response = client.post(reverse("accounts:choose_tag"), {"gamer_tag": "Gideon"})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    member.refresh_from_db()
    assert member.gamer_tag == "Gideon"


def test_choosing_a_reserved_tag_on_the_page_shows_why(client):
    member = UserFactory(gamer_tag="", tag_changed_at=None)
    client.force_login(member)
    page = client.post(reverse("accounts:choose_tag"), {"gamer_tag": "jag_ai"}).content.decode()
    assert "kept for the JustAllowGod team" in page


def test_a_first_tag_can_be_changed_once_within_a_day_of_choosing_it():
    chosen = timezone.now() - timedelta(hours=23)
    member = UserFactory(gamer_tag="Hanah", tag_changed_at=chosen)
    assert first_tag_grace_until(member) == chosen + timedelta(days=1)
    now = timezone.now()
    set_gamer_tag(user=member, tag="Hannah", now=now)
    member.refresh_from_db()
    assert member.gamer_tag == "Hannah" and list(member.former_tags.values_list("tag", flat=True)) == [
        "Hanah"
    ]
    # Once: the change starts the usual 30 days.
    assert first_tag_grace_until(member) is None and next_tag_change(member) == now + timedelta(days=30)
    with pytest.raises(Refusal) as caught:
        set_gamer_tag(user=member, tag="Hannah2", now=now + timedelta(minutes=5))
    assert caught.value.code == Code.TAG_TOO_SOON
    member.refresh_from_db()
    assert member.gamer_tag == "Hannah"


def test_a_first_tag_is_kept_30_days_once_its_day_is_over():
    chosen = timezone.now() - timedelta(days=1, minutes=1)
    member = UserFactory(gamer_tag="Hanah", tag_changed_at=chosen)
    assert first_tag_grace_until(member) is None and next_tag_change(member) == chosen + timedelta(days=30)
    with pytest.raises(Refusal) as caught:
        set_gamer_tag(user=member, tag="Hannah")
    assert caught.value.code == Code.TAG_TOO_SOON


def test_a_later_tag_has_no_day_of_grace():
    member = UserFactory(gamer_tag="Samuel", tag_changed_at=timezone.now() - timedelta(hours=1))
    FormerTag.objects.create(user=member, tag="Sam", used_until=member.tag_changed_at)
    assert first_tag_grace_until(member) is None
    with pytest.raises(Refusal):
        set_gamer_tag(user=member, tag="Samuel2")


def test_the_settings_page_offers_the_first_tags_day(client):
    member = UserFactory(gamer_tag="Hanah", tag_changed_at=timezone.now() - timedelta(hours=2))
    client.force_login(member)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "You can change your first tag once until" in page
    response = client.post(reverse("accounts:settings"), {"gamer_tag": "Hannah"}, follow=True)
    assert "Your gamer tag is changed." in response.content.decode()
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "Your next tag change can be on" in page
