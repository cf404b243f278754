"""A newcomer signs up, chooses a tag, is refused an early rename, logs out and logs back in."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.accounts.mailed_codes import code_in
from tests.e2e.helpers import screenshot
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_newcomer_signs_up_chooses_a_tag_and_comes_back(live_server, new_page):
    page = new_page()
    page.goto(live_server.url)
    screenshot(page, "welcome")
    page.get_by_role("link", name="Sign up, it's free").click()

    page.get_by_label("Email").fill("lydia@example.org")
    expect(page.locator("#id_password1")).to_be_hidden()  # optional: its rules wait until asked for
    page.get_by_text("Add a password too").click()
    page.locator("#id_password1").fill(PASSWORD)  # optional, once: she likes a password
    screenshot(page, "signup")
    page.get_by_role("button", name="Sign up").click()
    page.get_by_label("Code").fill(code_in(mail.outbox[-1].body))  # the live server is in-process
    page.get_by_role("button", name="Confirm").click()

    expect(page.get_by_role("heading", name="Choose your gamer tag")).to_be_visible()
    page.get_by_label("Gamer tag").fill("jag_ai")
    page.get_by_role("button", name="Save my tag").click()
    expect(page.get_by_text("kept for the JustAllowGod team")).to_be_visible()
    page.get_by_label("Gamer tag").fill("Lydia_of_Thyatira")
    screenshot(page, "choose-tag")
    page.get_by_role("button", name="Save my tag").click()
    expect(page.get_by_role("heading", name=re.compile("Lydia_of_Thyatira"))).to_be_visible()
    screenshot(page, "start-screen")

    page.get_by_role("link", name="Lydia_of_Thyatira").click()
    # A first tag can be changed once within a day of choosing it; then once every 30 days.
    expect(page.get_by_text("You can change your first tag once until")).to_be_visible()
    page.get_by_label("Gamer tag").fill("Lydia")
    page.get_by_role("button", name="Change my tag").click()
    expect(page.get_by_text("Your gamer tag is changed.")).to_be_visible()
    page.get_by_label("Gamer tag").fill("Lydia_T")
    page.get_by_role("button", name="Change my tag").click()
    expect(page.get_by_text("once every 30 days")).to_be_visible()
    expect(page.get_by_text("Your next tag change can be on")).to_be_visible()
    screenshot(page, "rename-refused")

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign up, it's free")).to_be_visible()

    page.get_by_role("link", name="Sign in", exact=True).click()
    page.get_by_label("Email").fill("lydia@example.org")
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile(r"\bLydia\b"))).to_be_visible()
