"""Together in the browser (issue 43 item 4): on a 390 px phone a parent opens their child's verses
from the family page and sets the family's verse of the week; the pages fit from 320 to 1280 px,
and a class's leader sees the verses the children carry after the class."""

from __future__ import annotations

import pytest
from fsrs import Rating
from playwright.sync_api import expect

from accounts import family
from classes import joining, leading
from game.models import Game
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory, signed_in_session
from verses import together
from verses.meeting import meet
from verses.models import Meeting, WeeklyVerse
from verses.reviewing import review_card
from verses.texts import Place

pytestmark = pytest.mark.django_db(transaction=True)

WIDE = {"width": 1280, "height": 900}
NARROW = {"width": 320, "height": 640}


def _family_with_verses():
    parent = UserFactory(gamer_tag="Daddy_Mike_the_Great")
    child = family.add_child(parent=parent, tag="Grandma_Ruth_Jr")
    meet(child, Place(43, 3, 16), Meeting.How.STONE, table_code="KQXT")
    learning = meet(child, Place(19, 23, 1), Meeting.How.QUESTION, table_code="KQXT")
    review_card(learning.pk, Rating.Good, "word")
    return parent, child


def test_a_parent_opens_their_childs_verses_and_sets_the_verse_of_the_week(server, new_page):
    parent, child = _family_with_verses()
    page = new_page()
    sign_in(page, server, parent)
    page.goto(server.url + "/me/family/")
    page.get_by_role("link", name="Grandma_Ruth_Jr's verses, and practising with them").click()
    expect(page.get_by_role("heading", name="Grandma_Ruth_Jr's verses")).to_be_visible()
    expect(page.locator("#verses-new")).to_contain_text("John 3:16")
    expect(page.locator("#verses-learning")).to_contain_text("Psalms 23:1")
    expect(page.get_by_role("button", name="Practise with Grandma_Ruth_Jr")).to_be_visible()
    assert fits_sideways(page)
    assert axe_violations(page) == []
    screenshot(page, "verses-together/child-390")

    page.get_by_role("link", name="Your family's verses").click()
    expect(page.get_by_role("heading", name="Verse of the week")).to_be_visible()
    expect(page.locator("#weekly-none")).to_be_visible()
    choice = together.weekly_choices("en")[3]
    page.get_by_label("Choose a verse").select_option(choice.key)
    page.get_by_role("button", name="Set the verse of the week").click()
    expect(page.locator(".messages")).to_contain_text(f"The verse of the week is {choice.reference}.")
    expect(page.locator("#weekly-now")).to_contain_text(choice.reference)
    assert fits_sideways(page)
    assert axe_violations(page) == []
    screenshot(page, "verses-together/family-390")
    weekly = WeeklyVerse.objects.get()
    assert weekly.set_by_id == parent.pk and Place.of_row(weekly).key == choice.key

    # The child's page now shows it, and "Practise with" takes this device to practice as them.
    page.goto(server.url + f"/verses/child/{child.pk}/")
    expect(page.locator("#child-weekly")).to_contain_text(choice.reference)
    page.get_by_role("button", name="Practise with Grandma_Ruth_Jr").click()
    expect(page).to_have_url(server.url + "/verses/practice/")
    page.goto(server.url + f"/verses/child/{child.pk}/")
    expect(page.locator(".together-practising")).to_contain_text("Grandma_Ruth_Jr")
    page.get_by_role("button", name="Practise as myself").click()
    expect(page.get_by_role("button", name="Practise with Grandma_Ruth_Jr")).to_be_visible()


@pytest.mark.parametrize("viewport", [NARROW, WIDE], ids=["320", "1280"])
def test_the_together_pages_fit_a_small_phone_and_a_wide_screen(server, new_page, viewport):
    parent, child = _family_with_verses()
    together.set_weekly(setter=parent, key=together.weekly_choices("en")[0].key)
    page = new_page(viewport)
    sign_in(page, server, parent)
    width = viewport["width"]
    for path, name in [
        (f"/verses/child/{child.pk}/", "child"),
        ("/verses/family/", "family"),
        ("/me/settings/", "settings"),
        ("/me/family/", "family-page"),
        ("/privacy/", "privacy"),
    ]:
        page.goto(server.url + path)
        assert fits_sideways(page), path
        screenshot(page, f"verses-together/{name}-{width}")


def test_the_leader_sees_the_verses_the_class_carries_and_sets_the_verse_of_the_week(server, new_page):
    leader = UserFactory(gamer_tag="Teacher_Tom")

    def ended_class() -> int:
        classroom = joining.start_class(leader=leader, agreed=True)
        names = ["Sam", "Priscilla_Anne", "Eli", "Hannah"]
        pupils = [joining.join_class(code=classroom.code, name=name) for name in names]
        session = {"leader": leader, "session_key": signed_in_session(leader), "class_id": classroom.pk}
        leading.make_tables(**session)
        leading.start_all(**session)
        for n, pupil in enumerate(pupils):
            game = Game.objects.get(table__class_table__pupils=pupil)
            for verse in range(1, n + 2):
                meet(pupil.user, Place(19, 23, verse), Meeting.How.STONE, game=game)
        leading.end_all(**session)
        return classroom.pk

    class_id = in_a_thread(ended_class)
    page = new_page(WIDE)
    sign_in(page, server, leader)
    page.goto(server.url + f"/class/board/{class_id}/")
    expect(page.locator("#class-verses")).to_contain_text("In all, the children carry 10 verses")
    page.locator("#class-verses summary").click()
    expect(page.locator("#class-verses")).to_contain_text("Priscilla_Anne")
    screenshot(page, "verses-together/class-report-1280")
    page.locator("#class-weekly summary").click()
    choice = together.weekly_choices("en")[1]
    page.get_by_label("Choose a verse").select_option(choice.key)
    page.get_by_role("button", name="Set the verse of the week").click()
    expect(page.locator(".messages")).to_contain_text(f"The verse of the week is {choice.reference}.")
    expect(page.locator("#class-weekly summary")).to_contain_text(choice.reference)
    assert fits_sideways(page)
    screenshot(page, "verses-together/class-board-1280")
    page.set_viewport_size(NARROW)
    page.locator("#class-weekly summary").click()
    assert fits_sideways(page)
    screenshot(page, "verses-together/class-board-320")
