"""My verses and the practice page (issue 43 item 1 and 2): a member's own verses only, grouped new,
learning and known, in their own language's Bible; the practice page carries the session for
static/js/practice.js."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone
from fsrs import Rating

from accounts import family
from tests.factories import UserFactory
from tests.trust import signed_in_client
from verses import acting
from verses.meeting import meet
from verses.models import Meeting, Review, VerseCard, WeeklyVerse
from verses.reviewing import review_card
from verses.texts import Place

pytestmark = pytest.mark.django_db

JOHN_3_16 = Place(43, 3, 16)
PSALM_23_1 = Place(19, 23, 1)
GENESIS_1_1 = Place(1, 1, 1)


def _items(html: str) -> list[dict]:
    found = re.search(r'<script id="practice-items" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(unescape(found.group(1)))


def practise_now(html: str) -> str:
    button = re.search(
        r'<a class="button button-big" href="/verses/practice/" id="practise-now">(.*?)</a>', html, re.S
    )
    return re.sub(r"<[^>]+>", "", button.group(1)) if button else ""


def _known(member, place: Place) -> VerseCard:
    """A verse answered well over months: fsrs keeps it for weeks."""
    at = timezone.now() - timedelta(days=400)
    card = meet(member, place, Meeting.How.QUESTION, table_code="WXYZ", now=at)
    for _ in range(8):
        card.refresh_from_db()
        at = max(at, card.due)
        review_card(card.pk, Rating.Good, Review.Mode.WORD, at=at)
    card.refresh_from_db()
    return card


def test_the_addresses_are_where_the_app_and_its_worker_expect_them():
    assert reverse("verses:mine") == "/verses/"
    assert reverse("verses:practice") == "/verses/practice/"  # templates/notices/sw.js names it
    assert reverse("verses:reviews") == "/verses/reviews/"


@pytest.mark.parametrize("name", ["verses:mine", "verses:practice"])
def test_a_visitor_is_sent_to_sign_in(client, name):
    answer = client.get(reverse(name))
    assert answer.status_code == 302
    assert answer["Location"].startswith(reverse("account_login"))


def test_a_new_member_is_told_how_verses_arrive():
    html = signed_in_client(UserFactory()).get("/verses/").content.decode()
    assert "No verses yet" in html
    assert "Each verse you meet in a game joins them" in html
    assert 'href="/verses/practice/"' not in html


def test_verses_are_grouped_new_learning_and_known_with_where_they_were_met():
    member = UserFactory()
    meet(member, JOHN_3_16, Meeting.How.STONE, table_code="ABCD")
    learning = meet(member, PSALM_23_1, Meeting.How.READ_ALOUD, table_code="EFGH")
    review_card(learning.pk, Rating.Good, Review.Mode.WORD)
    _known(member, GENESIS_1_1)
    html = signed_in_client(member).get("/verses/").content.decode()
    new, learning_part, known = (html.index(f'id="verses-{s}"') for s in ("new", "learning", "known"))
    assert new < html.index("John 3:16") < learning_part < html.index("Psalms 23:1") < known
    assert known < html.index("Genesis 1:1")
    assert "at table ABCD, laid in a stone" in html
    assert "at table EFGH, read together" in html
    assert "The LORD <em>is</em> my shepherd" in html  # the KJV's supplied words in italics
    assert "King James Version" in html
    # John 3:16, new; Psalm 23:1, back within the hour by fsrs's learning steps; Genesis 1:1 is kept.
    assert practise_now(html) == "Practise now (2 due)"
    nexts = re.findall(r"Next practice</dt><dd[^>]*>([^<]*)</dd>", html)
    assert nexts[:2] == ["today", "today"]
    assert re.fullmatch(r"in \d+\xa0(days|weeks|months|years)", nexts[2])


def test_a_verse_met_twice_says_when_it_was_first_and_last_met():
    member = UserFactory()
    then = timezone.now() - timedelta(days=30)
    meet(member, JOHN_3_16, Meeting.How.STONE, table_code="ABCD", now=then)
    meet(member, JOHN_3_16, Meeting.How.QUESTION, table_code="KLMN")
    html = signed_in_client(member).get("/verses/").content.decode()
    first, last = html.index("First met"), html.index("Last met")
    assert (
        first
        < html.index("at table ABCD, laid in a stone")
        < last
        < html.index("at table KLMN, asked at the table")
    )


def test_another_members_verses_are_never_shown():
    member, other = UserFactory(), UserFactory()
    meet(member, JOHN_3_16, Meeting.How.STONE)
    meet(other, PSALM_23_1, Meeting.How.STONE, table_code="QRST")
    browser = signed_in_client(member)
    mine = browser.get("/verses/").content.decode()
    assert "John 3:16" in mine and "Psalms 23:1" not in mine and "QRST" not in mine
    practice = _items(browser.get("/verses/practice/").content.decode())
    assert [item["reference"] for item in practice] == ["John 3:16"]


def test_verses_are_read_in_the_readers_own_bible(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES
    member = UserFactory(language="es")
    meet(member, JOHN_3_16, Meeting.How.STONE, table_code="ABCD")
    browser = signed_in_client(member)
    html = browser.get("/verses/").content.decode()
    assert "Juan 3:16" in html and "Reina-Valera 1909" in html and 'lang="es"' in html
    assert "Mis versículos" in html
    [item] = _items(browser.get("/verses/practice/").content.decode())
    assert (item["reference"], item["language"]) == ("Juan 3:16", "es")


def test_nothing_due_says_when_the_next_verse_comes_back():
    member = UserFactory()
    card = meet(member, JOHN_3_16, Meeting.How.STONE)
    VerseCard.objects.filter(pk=card.pk).update(due=timezone.now() + timedelta(days=3, hours=2))
    html = signed_in_client(member).get("/verses/").content.decode()
    assert "Nothing to practise today. The next verse comes back in 3\xa0days." in html
    assert "Practise now" not in html
    practice = signed_in_client(member).get("/verses/practice/").content.decode()
    assert "Nothing to practise now" in practice and _items(practice) == []


def test_the_practice_page_carries_the_session_and_where_answers_go():
    member = UserFactory()
    card = meet(member, JOHN_3_16, Meeting.How.STONE)
    answer = signed_in_client(member).get("/verses/practice/")
    assert "no-store" in answer["Cache-Control"]
    html = answer.content.decode()
    [item] = _items(html)
    assert item["card"] == card.pk and item["mode"] == "word"
    assert item["word"]["choices"][item["word"]["answer"]] in item["text"]
    config = json.loads(
        unescape(re.search(r'id="practice-config" type="application/json">(.*?)</script>', html).group(1))
    )
    assert config["member"] == member.pk and config["reviews"] == "/verses/reviews/"
    assert re.fullmatch(r"[0-9a-f]{32}", config["session"])
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'src="/static/js/practice.js"' in html


def test_the_verse_of_the_week_comes_first_and_is_marked():
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Bea")
    meet(child, JOHN_3_16, Meeting.How.STONE)
    WeeklyVerse.objects.create(set_by=parent, book=1, chapter=1, verse=1)
    browser = signed_in_client(child)
    mine = browser.get("/verses/").content.decode()
    assert practise_now(mine) == "Practise now (2 due)"  # the verse of the week comes first, met or not
    items = _items(browser.get("/verses/practice/").content.decode())
    assert [(i["reference"], i["weekly"]) for i in items] == [("Genesis 1:1", True), ("John 3:16", False)]
    assert "Verse of the week" in browser.get("/verses/").content.decode()


def test_a_childs_account_has_its_verses_and_the_header_links_them():
    child = family.add_child(parent=UserFactory(), tag="Little_Bea")
    meet(child, JOHN_3_16, Meeting.How.STONE)
    browser = signed_in_client(child)
    html = browser.get("/verses/").content.decode()
    assert "John 3:16" in html
    assert (
        '<a href="/verses/" class="nav-verses" title="My verses">' in html
        and '<span class="visually-hidden">My verses</span>' in html
    )


def test_the_header_links_my_verses_for_members_only(client):
    assert "nav-verses" not in client.get("/").content.decode()
    assert "nav-verses" in signed_in_client(UserFactory()).get("/").content.decode()


def test_my_verses_asks_the_database_a_few_times_whatever_the_number(django_assert_max_num_queries):
    member = UserFactory()
    for verse in range(1, 13):
        meet(member, Place(19, 119, verse), Meeting.How.STONE, table_code="ABCD")
    browser = signed_in_client(member)
    with django_assert_max_num_queries(12):
        assert browser.get("/verses/").status_code == 200


def test_a_parent_practising_with_their_child_is_asked_the_childs_verses_in_the_childs_bible(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Bea")
    child.language = "es"
    child.save(update_fields=["language"])
    meet(child, JOHN_3_16, Meeting.How.STONE)
    meet(parent, PSALM_23_1, Meeting.How.STONE)
    browser = signed_in_client(parent)
    session = browser.session
    session[acting.SESSION_KEY] = child.pk  # as "Practise with Little_Bea" leaves it
    session.save()
    html = browser.get("/verses/practice/").content.decode()
    assert [(i["reference"], i["language"]) for i in _items(html)] == [("Juan 3:16", "es")]
    assert "Practising with Little_Bea: their answers go to their verses." in html
    assert "Psalms 23:1" in browser.get("/verses/").content.decode()  # My verses stays the parent's own
