"""The whole editorial path in a browser: a new story with four cards, approved by a second person.

Every user action (a page opened by address, a field filled, a click) is counted; the count is the
measure of the short path (about 57 before it).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from playwright.sync_api import expect

from content.groups import APPROVERS, EDITORS
from content.models import Card, Status, Story
from tests.e2e.helpers import screenshot
from tests.factories import PASSWORD, StaffFactory

DESKTOP = {"width": 1280, "height": 900}
# What the editor types for each card row (the rows come preset Person, Place, Moment, Word).
CARDS = [
    ("Jonah", "A prophet who ran from God, then went where he was sent."),
    ("Nineveh", "The great city God sent him to warn."),
    ("Three days in the great fish", "Jonah prayed from inside, and the fish left him on dry land."),
    ("Jonah 2:9", "The end of Jonah's prayer from inside the fish."),
]


class Counted:
    """A page whose user actions are counted."""

    def __init__(self, page, counter: list[str]) -> None:
        self.page, self.counter = page, counter

    def goto(self, url: str) -> None:
        self.counter.append(f"open {url}")
        self.page.goto(url)

    def fill(self, locator, value: str) -> None:
        self.counter.append(f"type {value[:20]}")
        locator.fill(value)

    def click(self, locator) -> None:
        self.counter.append("click")
        locator.click()


def _staff(group: str, email: str):
    user = StaffFactory(email=email)
    user.groups.add(Group.objects.get(name=group))
    return user


def _log_in(me: Counted, base: str, email: str) -> None:
    me.goto(f"{base}/admin/")
    me.fill(me.page.locator("#id_username"), email)
    me.fill(me.page.locator("#id_password"), PASSWORD)
    me.click(me.page.get_by_role("button", name="Log in"))
    expect(me.page.locator("#user-tools")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_new_story_with_four_cards_is_written_submitted_and_approved_by_a_second_person(
    live_server, new_page
):
    call_command("load_default_deck", stdout=None)
    _staff(EDITORS, "editor@example.org")
    _staff(APPROVERS, "approver@example.org")
    actions: list[str] = []

    editor = Counted(new_page(DESKTOP), actions)
    _log_in(editor, live_server.url, "editor@example.org")
    editor.click(editor.page.locator("a[href='/admin/content/story/add/']").first)
    form = editor.page
    expect(form.locator("#id_position")).to_have_value("21")
    expect(form.locator("#id_deck option:checked")).to_have_text("The first twenty")
    for i, kind in enumerate(["person", "place", "moment", "word"]):
        expect(form.locator(f"#id_cards-{i}-kind")).to_have_value(kind)
    editor.fill(form.locator("#id_title"), "Jonah and the great fish")
    for i, (title, description) in enumerate(CARDS):
        editor.fill(form.locator(f"#id_cards-{i}-title"), title)
        editor.fill(form.locator(f"#id_cards-{i}-description"), description)
    editor.fill(form.locator("#id_cards-3-reference"), "Jonah 2:9")
    editor.click(form.get_by_role("button", name="Save and continue editing"))
    expect(form.locator(".messagelist")).to_contain_text("may be the same story")
    expect(form.locator(".messagelist")).to_contain_text("“Jonah” (no. 12")
    screenshot(form, "editorial-story-saved")
    editor.click(form.get_by_role("button", name="Submit story with its cards"))
    expect(form.locator(".messagelist")).to_contain_text("Sent for review: the story and 4 cards.")
    expect(form.get_by_role("button", name="Approve story with its cards")).to_have_count(0)

    approver = Counted(new_page(DESKTOP), actions)
    _log_in(approver, live_server.url, "approver@example.org")
    waiting = approver.page.locator("#waiting-for-me")
    expect(waiting).to_contain_text("Jonah and the great fish")
    screenshot(approver.page, "editorial-waiting-for-me")
    approver.click(waiting.get_by_role("link", name="Jonah and the great fish", exact=True))
    expect(approver.page.locator(".revision-diff")).to_contain_text("Never approved yet")
    approver.click(approver.page.get_by_role("button", name="Approve story with its cards"))
    expect(approver.page.locator(".messagelist")).to_contain_text("Approved: the story and 4 cards.")
    screenshot(approver.page, "editorial-approved")

    story = Story.objects.get(title="Jonah and the great fish")
    assert story.status == Status.APPROVED
    assert list(Card.objects.filter(story=story).values_list("status", flat=True)) == [Status.APPROVED] * 4
    assert Story.objects.dealable().filter(pk=story.pk).exists()
    print(f"\nEditorial path: {len(actions)} actions")
    assert len(actions) <= 25, actions
