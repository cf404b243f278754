"""An editor reworks a card and submits it; an approver approves it; the reader opens at the verse."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from playwright.sync_api import expect

from content.groups import APPROVERS, EDITORS
from content.models import Card, Kind, Status, Story
from tests.e2e.helpers import screenshot
from tests.factories import PASSWORD, StaffFactory

DESKTOP = {"width": 1280, "height": 900}


def _staff(group: str, email: str):
    user = StaffFactory(email=email)
    user.groups.add(Group.objects.get(name=group))
    return user


def _log_in(page, base: str, email: str) -> None:
    page.goto(f"{base}/admin/login/?next=/admin/")
    page.locator("#id_username").fill(email)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("#user-tools")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_an_editor_reworks_a_card_and_an_approver_approves_it(live_server, new_page):
    call_command("load_default_deck", stdout=None)
    _staff(EDITORS, "editor@example.org")
    _staff(APPROVERS, "approver@example.org")
    story = Story.objects.get(position=7)
    moment = story.cards.get(kind=Kind.MOMENT)
    Card.objects.filter(pk=moment.pk).update(status=Status.CHANGES_REQUESTED)
    place = story.cards.get(kind=Kind.PLACE)
    Card.objects.filter(pk=place.pk).update(status=Status.IN_REVIEW)

    editor = new_page(DESKTOP)
    _log_in(editor, live_server.url, "editor@example.org")
    editor.goto(f"{live_server.url}/admin/content/story/{story.pk}/change/")
    editor.locator("#id_cards-2-description").fill(
        "David chose them from the brook and ran to meet the giant."
    )
    editor.get_by_role("button", name="Save and continue editing").click()
    expect(editor.locator(".messagelist")).to_contain_text("changed successfully")
    screenshot(editor, "content-admin-story")

    editor.goto(f"{live_server.url}/admin/content/card/{moment.pk}/change/")
    editor.get_by_role("button", name="Submit for review").click()
    expect(editor.locator(".messagelist")).to_contain_text("Sent for review: 1 card.")
    expect(editor.get_by_role("button", name="Approve")).to_have_count(0)

    approver = new_page(DESKTOP)
    _log_in(approver, live_server.url, "approver@example.org")
    approver.goto(f"{live_server.url}/admin/content/card/?status__exact=in_review")
    approver.get_by_role("link", name=re.compile("Five smooth stones")).click()
    expect(approver.locator(".revision-diff")).to_be_visible()
    approver.get_by_role("button", name="Approve", exact=True).click()
    expect(approver.locator(".messagelist")).to_contain_text("Approved: 1 card.")
    approver.goto(f"{live_server.url}/admin/content/card/{place.pk}/change/")
    approver.get_by_role("link", name="Request changes").click()
    approver.get_by_label("What should change?").fill(
        "Name the two hills: Israel on one, the Philistines on the other."
    )
    screenshot(approver, "content-admin-request-changes")
    approver.get_by_role("button", name="Send back with this note").click()
    expect(approver.locator(".messagelist")).to_contain_text("Sent back with your note: 1 card.")
    expect(approver.locator(".decision-log")).to_contain_text("Name the two hills")
    approver.goto(f"{live_server.url}/admin/content/story/")
    screenshot(approver, "content-admin-story-list")
    approver.goto(f"{live_server.url}/admin/content/card/{moment.pk}/change/")
    expect(approver.locator(".decision-log")).to_contain_text("Approved")
    screenshot(approver, "content-admin-card")
    approver.goto(f"{live_server.url}/admin/content/card/{story.cards.get(kind=Kind.WORD).pk}/change/")
    expect(approver.locator(".rtw-sample")).to_contain_text("Remember the Word")
    screenshot(approver, "content-admin-word-card")

    moment.refresh_from_db()
    assert moment.status == Status.APPROVED
    assert moment.description.startswith("David chose them")
    assert not Story.objects.dealable().filter(pk=story.pk).exists()  # its Place card went back
    assert Story.objects.dealable().count() == 19


@pytest.mark.django_db(transaction=True)
def test_the_reader_opens_at_the_key_verse_on_a_phone(live_server, new_page):
    page = new_page()
    page.goto(f"{live_server.url}/bible/1-samuel/17/#v45")
    expect(page.get_by_role("heading", name="1 Samuel 17")).to_be_visible()
    expect(page.locator("#v45")).to_be_in_viewport()
    screenshot(page, "content-reader-at-verse", full_page=False)
    page.get_by_role("link", name=re.compile("1 Samuel 18")).click()
    expect(page).to_have_url(re.compile(r"/bible/1-samuel/18/$"))
    page.goto(f"{live_server.url}/bible/jonah/2/#v9")
    expect(page.locator("#v9 em").first).to_have_text("that")
    screenshot(page, "content-reader")
    page.goto(f"{live_server.url}/bible/hezekiah/1/")
    expect(page.get_by_role("heading", name="We couldn't find that page")).to_be_visible()
    screenshot(page, "content-404")
