"""Together (issue 43 item 4): a parent sees their child's verses and practises with them on one
device; a family's or a class's verse of the week comes first in practice; the class's report
counts the verses its children met at its tables."""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client, RequestFactory
from django.urls import reverse
from fsrs import Rating

from accounts import family
from accounts.guests import make_guest
from classes import joining, leading
from game.models import Game
from tests.factories import UserFactory, signed_in_session
from verses import acting, together
from verses.meeting import meet
from verses.models import Meeting, VerseCard, WeeklyVerse
from verses.practice import due_cards
from verses.reviewing import review_card
from verses.texts import Place

pytestmark = pytest.mark.django_db

JOHN_3_16 = Place(43, 3, 16)
PSALM_23_1 = Place(19, 23, 1)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def a_family(tags=("Sam_the_small", "Daddy_Mike_the_Great"), parent_tag: str = "Grandma_Ruth") -> tuple:
    parent = UserFactory(gamer_tag=parent_tag)
    return parent, [family.add_child(parent=parent, tag=tag) for tag in tags]


def a_class_with(names: list[str]):
    leader = UserFactory(gamer_tag="Teacher_Tom")
    classroom = joining.start_class(leader=leader, agreed=True)
    pupils = [joining.join_class(code=classroom.code, name=name) for name in names]
    return leader, classroom, pupils


# --- A parent's view of a child -------------------------------------------------------------------


def test_a_parent_sees_their_childs_verses_in_the_childs_own_bible_grouped_as_my_verses_are():
    parent, (sam, _mike) = a_family()
    sam.language = "es"
    sam.save(update_fields=["language"])
    meet(sam, JOHN_3_16, Meeting.How.STONE, table_code="KQXT")
    learning = meet(sam, PSALM_23_1, Meeting.How.QUESTION)
    review_card(learning.pk, Rating.Good, "word")
    page = signed_in(parent).get(reverse("verses:child", args=[sam.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Sam_the_small" in text and "Juan 3:16" in text and "Salmos 23:1" in text
    assert "Porque de tal manera amó Dios al mundo" in text
    assert "at table KQXT" in text
    groups = {
        key: [one.verse.reference for one in carried] for key, _t, _a, carried in page.context["sections"]
    }
    assert groups == {"new": ["Juan 3:16"], "learning": ["Salmos 23:1"]}
    assert f'action="{reverse("verses:practise_with", args=[sam.pk])}"' in text


def test_the_family_page_links_each_child_to_their_verses():
    parent, (sam, mike) = a_family()
    text = signed_in(parent).get(reverse("family")).content.decode()
    assert reverse("verses:child", args=[sam.pk]) in text and reverse("verses:child", args=[mike.pk]) in text
    assert reverse("verses:family") in text


def test_nobody_but_the_childs_own_parent_learns_the_child_or_acts_for_them():
    _parent, (sam, mike) = a_family()
    meet(sam, JOHN_3_16, Meeting.How.STONE)
    other_parent, _ = a_family(tags=("Other_kid",), parent_tag="Grandpa_Joe")
    stranger = UserFactory()
    leader, _classroom, (pupil,) = a_class_with(["Kid_in_class"])
    guest = make_guest(host=stranger, name="Visiting_Vi")
    for who in (other_parent, stranger, leader):
        client = signed_in(who)
        for name in ("verses:child", "verses:child_export"):
            assert client.get(reverse(name, args=[sam.pk])).status_code == 404
        assert client.post(reverse("verses:practise_with", args=[sam.pk])).status_code == 404
        assert acting.SESSION_KEY not in client.session
    # A class's child is their leader's to run a class with, and a guest their host's: no family's.
    assert signed_in(leader).get(reverse("verses:child", args=[pupil.user.pk])).status_code == 404
    assert signed_in(stranger).get(reverse("verses:child", args=[guest.pk])).status_code == 404
    # A child's own account sees no grown-up's page, their sibling's least of all.
    assert signed_in(mike).get(reverse("verses:child", args=[sam.pk])).status_code == 403
    assert Client().get(reverse("verses:child", args=[sam.pk])).status_code == 302  # sign in first
    assert VerseCard.objects.filter(member=sam).count() == 1


def _request_with(session_key: str, user):
    request = RequestFactory().get("/verses/practice/")
    request.session = SessionStore(session_key)
    request.user = user
    return request


def test_practise_with_acts_for_the_child_on_this_device_until_stopped():
    parent, (sam, _mike) = a_family()
    client = signed_in(parent)
    response = client.post(reverse("verses:practise_with", args=[sam.pk]))
    assert response.status_code == 302
    assert client.session[acting.SESSION_KEY] == sam.pk
    assert acting.practising_for(_request_with(client.session.session_key, parent)) == (sam, parent)
    page = client.get(reverse("verses:child", args=[sam.pk])).content.decode()
    assert "This device practises with Sam_the_small now." in page
    stop = client.post(reverse("verses:stop_practising"))
    assert stop["Location"] == reverse("verses:child", args=[sam.pk])
    assert acting.SESSION_KEY not in client.session
    assert acting.practising_for(_request_with(client.session.session_key, parent)) == (parent, None)


def test_practising_for_asks_again_every_time_and_forgets_a_child_no_longer_theirs():
    parent, (sam, _mike) = a_family()
    client = signed_in(parent)
    client.post(reverse("verses:practise_with", args=[sam.pk]))
    key = client.session.session_key
    family.delete_child(parent=parent, child_id=sam.pk)
    request = _request_with(key, parent)
    assert acting.practising_for(request) == (parent, None)
    assert acting.SESSION_KEY not in request.session
    # A session that names someone else's child (however it came to) acts for nobody.
    _other, (kid,) = a_family(tags=("Not_yours",), parent_tag="Grandpa_Joe")
    request = _request_with(key, parent)
    request.session[acting.SESSION_KEY] = kid.pk
    assert acting.practising_for(request) == (parent, None)
    # Nor does a child's own session, nor a signed-out one.
    request = _request_with(key, kid)
    request.session[acting.SESSION_KEY] = kid.pk
    assert acting.practising_for(request) == (kid, None)


def test_a_parent_may_send_answers_for_their_own_child_only():
    parent, (sam, _mike) = a_family()
    _other, (kid,) = a_family(tags=("Not_yours",), parent_tag="Grandpa_Joe")
    assert acting.may_answer_for(parent, parent.pk) == (True, None)
    assert acting.may_answer_for(parent, sam.pk) == (True, parent)
    assert acting.may_answer_for(parent, kid.pk) == (False, None)
    assert acting.may_answer_for(sam, parent.pk) == (False, None)
    leader, _classroom, (pupil,) = a_class_with(["Kid_in_class"])
    assert acting.may_answer_for(leader, pupil.user.pk) == (False, None)


# --- The verse of the week -----------------------------------------------------------------------


def _two_keys() -> tuple[str, str]:
    choices = together.weekly_choices("en")
    assert len(choices) >= 2
    return choices[0].key, choices[5].key


def test_the_choices_are_the_live_decks_word_cards_each_once(live_deck):
    choices = together.weekly_choices("es")
    assert len(choices) == len({c.key for c in choices}) >= 8
    assert all(c.reference and c.title for c in choices)
    page = signed_in(UserFactory()).get(reverse("verses:family")).content.decode()
    assert all(f'value="{c.key}"' in page for c in together.weekly_choices("en"))


def test_a_parent_sets_the_verse_of_the_week_and_it_comes_first_for_them_and_each_child(live_deck):
    parent, children = a_family()
    first, _second = _two_keys()
    for member in [parent, *children]:
        meet(member, JOHN_3_16, Meeting.How.STONE)  # a verse already due
    response = signed_in(parent).post(reverse("verses:family"), {"verse": first})
    assert response.status_code == 302
    weekly = WeeklyVerse.objects.get()
    assert weekly.set_by == parent and Place.of_row(weekly).key == first
    for member in [parent, *children]:
        cards = due_cards(member)
        assert Place.of_row(cards[0]).key == first
        assert [Place.of_row(c) for c in cards[1:]] == [JOHN_3_16]
    # Nobody else's practice.
    stranger = UserFactory()
    meet(stranger, JOHN_3_16, Meeting.How.STONE)
    assert [Place.of_row(c) for c in due_cards(stranger)] == [JOHN_3_16]


def test_setting_another_verse_replaces_the_week_and_the_page_shows_the_one_running(live_deck):
    parent, _children = a_family()
    first, second = _two_keys()
    client = signed_in(parent)
    client.post(reverse("verses:family"), {"verse": first})
    client.post(reverse("verses:family"), {"verse": second})
    assert [Place.of_row(w).key for w in WeeklyVerse.objects.all()] == [second]
    page = client.get(reverse("verses:family"))
    assert page.context["weekly"]["key"] == second
    assert f'<option value="{second}" selected>' in page.content.decode()


@pytest.mark.parametrize("typed", ["66:22:21", "43:3:999", "abc", "", "1:1", "1:1:1:1"])
def test_a_verse_not_in_the_deck_is_refused_in_words_and_nothing_changes(live_deck, typed):
    parent, _children = a_family()
    first, _second = _two_keys()
    assert typed not in {c.key for c in together.weekly_choices("en")}
    client = signed_in(parent)
    client.post(reverse("verses:family"), {"verse": first})
    response = client.post(reverse("verses:family"), {"verse": typed})
    assert response.status_code == 400
    assert "Choose a verse from the list" in response.content.decode()
    assert [Place.of_row(w).key for w in WeeklyVerse.objects.all()] == [first]


def test_a_leader_sets_the_verse_of_the_week_for_their_class_and_it_comes_first_for_its_children(live_deck):
    leader, classroom, pupils = a_class_with(["Kid_one", "Kid_two"])
    first, _second = _two_keys()
    response = signed_in(leader).post(reverse("class_weekly", args=[classroom.pk]), {"verse": first})
    assert response["Location"] == reverse("class_board", args=[classroom.pk])
    for pupil in pupils:
        meet(pupil.user, JOHN_3_16, Meeting.How.QUESTION)
        assert Place.of_row(due_cards(pupil.user)[0]).key == first
    board = signed_in(leader).get(reverse("class_board", args=[classroom.pk])).content.decode()
    assert 'id="class-weekly"' in board and reverse("class_weekly", args=[classroom.pk]) in board


def test_another_leader_a_parent_and_a_child_set_no_verse_for_a_class_and_nothing_changes(live_deck):
    _leader, classroom, (pupil,) = a_class_with(["Kid_one"])
    first, _second = _two_keys()
    other_leader = UserFactory()
    joining.start_class(leader=other_leader, agreed=True)
    url = reverse("class_weekly", args=[classroom.pk])
    assert signed_in(other_leader).post(url, {"verse": first}).status_code == 404
    assert signed_in(UserFactory()).post(url, {"verse": first}).status_code == 404
    child_client = Client()
    child_client.cookies["sessionid"] = signed_in_session(pupil.user)
    assert child_client.post(url, {"verse": first}).status_code == 403
    parent, (sam, _mike) = a_family()
    assert signed_in(sam).post(reverse("verses:family"), {"verse": first}).status_code == 403
    assert not WeeklyVerse.objects.exists()
    with pytest.raises(PermissionDenied):
        together.set_weekly(setter=sam, key=first)
    with pytest.raises(PermissionDenied):
        together.set_weekly(setter=pupil.user, key=first)
    with pytest.raises(ValidationError):
        together.set_weekly(setter=parent, key="66:22:21")
    assert not WeeklyVerse.objects.exists()


# --- The class's report --------------------------------------------------------------------------


def test_the_class_report_counts_the_verses_each_child_met_at_the_class_tables(live_deck):
    leader, classroom, pupils = a_class_with(["Kid_one", "Kid_two", "Kid_three"])
    session = {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}
    leading.make_tables(**session)
    leading.start_all(**session)
    one, two, three = (p.user for p in pupils)
    game_of = {p.user_id: Game.objects.get(table__class_table__pupils=p) for p in classroom.pupils.all()}
    meet(one, JOHN_3_16, Meeting.How.STONE, game=game_of[one.pk])
    meet(one, PSALM_23_1, Meeting.How.QUESTION, game=game_of[one.pk])
    meet(one, PSALM_23_1, Meeting.How.STONE, game=game_of[one.pk])  # the same verse again
    meet(two, JOHN_3_16, Meeting.How.READ_ALOUD, game=game_of[two.pk])
    meet(three, Place(1, 1, 1), Meeting.How.STONE)  # met elsewhere: not the class's to count
    client = signed_in(leader)
    playing = client.get(reverse("class_board", args=[classroom.pk]))
    assert 'id="class-verses"' not in playing.content.decode()  # the report comes at the end
    leading.end_all(**session)
    page = client.get(reverse("class_board", args=[classroom.pk]))
    carried = [(c.name, c.verses) for c in page.context["carried"]]
    assert carried == [("Kid_one", 2), ("Kid_two", 1), ("Kid_three", 0)]
    assert page.context["carried_total"] == 3
    text = page.content.decode()
    assert "In all, the children carry 3 verses from the class" in text and "2 verses" in text
