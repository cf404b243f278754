"""A member's verses are theirs (issue 43 item 6): exported as JSON from the settings page (a
child's by their parent), and deleted with the account, by every way an account is deleted."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from fsrs import Rating

from accounts import family
from accounts.models import User
from classes import forgetting, joining, leading
from game.models import Game
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table
from verses import reminders, together
from verses.meeting import meet
from verses.models import Meeting, Reminder, Review, VerseCard, WeeklyVerse
from verses.reviewing import note_word, review_card
from verses.texts import Place

pytestmark = pytest.mark.django_db

JOHN_3_16 = Place(43, 3, 16)
PSALM_23_1 = Place(19, 23, 1)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _exported(response) -> dict:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith("attachment; filename=")
    return json.loads(response.content)


def test_the_export_holds_each_card_as_fsrs_keeps_it_with_its_meetings_and_review_log():
    member = UserFactory(gamer_tag="Grandma_Ruth")
    card = meet(member, JOHN_3_16, Meeting.How.STONE, table_code="KQXT")
    meet(member, JOHN_3_16, Meeting.How.QUESTION, table_code="KQXT")
    review = review_card(card.pk, Rating.Good, "word", client_id="c-1")
    card.refresh_from_db()
    note_word(card, "en", "loved", right=False)
    card.save(update_fields=["words"])
    meet(member, PSALM_23_1, Meeting.How.READ_ALOUD)
    reminders.set_reminder(member=member, daily=True)
    response = signed_in(member).get(reverse("verses:export"))
    assert 'filename="verses-Grandma_Ruth-' in response["Content-Disposition"]
    data = _exported(response)
    assert data["gamer_tag"] == "Grandma_Ruth" and data["daily_reminder"] is True
    assert data["scheduler"]["library"] == "fsrs" and data["scheduler"]["desired_retention"] == 0.9
    john, psalm = sorted(data["verses"], key=lambda v: v["book"], reverse=True)
    card.refresh_from_db()
    assert (john["reference"], john["book"], john["chapter"], john["verse"]) == ("John 3:16", 43, 3, 16)
    assert john["fsrs_card"] == card.schedule and john["standing"] == "learning"
    assert john["words"] == {"en": {"missed": ["loved"], "known": []}}
    assert [m["how"] for m in john["meetings"]] == ["stone", "question"]
    assert john["meetings"][0]["table_code"] == "KQXT"
    assert john["first_met"] == card.first_met_at.isoformat()
    [logged] = john["review_log"]
    assert logged["rating"] == 3 and logged["mode"] == "word" and logged["fsrs_review_log"] == review.log
    assert (psalm["standing"], psalm["review_log"], psalm["meetings"][0]["how"]) == ("new", [], "read_aloud")


def test_a_parent_exports_their_childs_verses_and_nobody_else_can():
    parent = UserFactory(gamer_tag="Daddy_Mike_the_Great")
    sam = family.add_child(parent=parent, tag="Sam_the_small")
    card = meet(sam, JOHN_3_16, Meeting.How.STONE)
    review_card(card.pk, Rating.Hard, "word", with_member=parent)
    data = _exported(signed_in(parent).get(reverse("verses:child_export", args=[sam.pk])))
    assert data["gamer_tag"] == "Sam_the_small"
    assert data["verses"][0]["review_log"][0]["practised_with"] == "Daddy_Mike_the_Great"
    url = reverse("verses:child_export", args=[sam.pk])
    assert signed_in(UserFactory()).get(url).status_code == 404
    assert signed_in(sam).get(url).status_code == 403
    assert signed_in(sam).get(reverse("verses:export")).status_code == 403  # a child's is their parent's
    # A member's own export holds only theirs.
    assert _exported(signed_in(parent).get(reverse("verses:export")))["verses"] == []


def _give_verses(member, *, practised_with=None) -> None:
    card = meet(member, JOHN_3_16, Meeting.How.STONE)
    review_card(card.pk, Rating.Good, "word", with_member=practised_with)
    Reminder.objects.create(member=member, daily=True)


def _nothing_left_of(*members: User) -> None:
    ids = [m.pk for m in members]
    assert not VerseCard.objects.filter(member_id__in=ids).exists()
    assert not Meeting.objects.filter(card__member_id__in=ids).exists()
    assert not Review.objects.filter(card__member_id__in=ids).exists()
    assert not Reminder.objects.filter(member_id__in=ids).exists()
    assert not WeeklyVerse.objects.filter(set_by_id__in=ids).exists()


def test_deleting_an_account_on_the_settings_page_deletes_its_verses_and_its_childrens(live_deck):
    parent = UserFactory(gamer_tag="Grandma_Ruth")
    sam = family.add_child(parent=parent, tag="Sam_the_small")
    _give_verses(parent)
    _give_verses(sam, practised_with=parent)
    together.set_weekly(setter=parent, key=together.weekly_choices("en")[0].key)
    friend = UserFactory()
    _give_verses(friend)
    response = signed_in(parent).post(reverse("accounts:delete_account"), {"confirm": "yes"})
    assert response.status_code == 302
    assert not User.objects.filter(pk__in=[parent.pk, sam.pk]).exists()
    _nothing_left_of(parent, sam)
    assert VerseCard.objects.filter(member=friend).count() == 1  # nobody else's


def test_an_account_kept_for_its_games_keeps_no_verses(live_deck):
    parent = UserFactory(gamer_tag="Grandma_Ruth")
    sam = family.add_child(parent=parent, tag="Sam_the_small")
    deal_private_table(parent, sam)  # their seats keep both rows, as "a former member"
    _give_verses(parent)
    _give_verses(sam, practised_with=parent)
    together.set_weekly(setter=parent, key=together.weekly_choices("en")[0].key)
    signed_in(parent).post(reverse("accounts:delete_account"), {"confirm": "yes"})
    assert User.objects.filter(pk__in=[parent.pk, sam.pk], is_active=False).count() == 2
    _nothing_left_of(parent, sam)


def test_a_child_deleted_from_the_family_page_takes_their_verses_along(live_deck):
    parent = UserFactory(gamer_tag="Grandma_Ruth")
    sam = family.add_child(parent=parent, tag="Sam_the_small")
    deal_private_table(parent, sam)
    _give_verses(sam, practised_with=parent)
    _give_verses(parent)
    signed_in(parent).post(reverse("family_delete", args=[sam.pk]), {"confirm": "yes"})
    _nothing_left_of(sam)
    assert VerseCard.objects.filter(member=parent).count() == 1
    # The parent's own review with the child is kept; only who practised is forgotten with them.
    assert Review.objects.filter(card__member=parent).count() == 1


def test_class_childrens_verses_go_when_their_accounts_are_deleted_on_schedule(live_deck):
    leader = UserFactory()
    classroom = joining.start_class(leader=leader, agreed=True)
    pupils = [joining.join_class(code=classroom.code, name=f"Kid_{n}") for n in range(2)]
    session = {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}
    leading.make_tables(**session)
    leading.start_all(**session)
    for pupil in pupils:
        game = Game.objects.get(table__class_table__pupils=pupil)
        card = meet(pupil.user, JOHN_3_16, Meeting.How.STONE, game=game)
        review_card(card.pk, Rating.Good, "table")
    leading.end_all(**session)
    later = timezone.now() + timedelta(days=forgetting.CHILDREN_KEPT_DAYS + 1)
    assert forgetting.forget_classes(later) == 2
    _nothing_left_of(*(p.user for p in pupils))
