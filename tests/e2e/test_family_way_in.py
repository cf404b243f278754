"""A new member from the host's QR code to seated by an email code (issue 30 items 1 and 2), on a
phone, counting every tap and typed field: the goal is at most 3 fields and 5 taps. The code is
read from the mail the live server sends (Django's file backend: the console's output, in a file)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from game import services
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import axe_violations
from tests.e2e.mailbox import mail_server, mailed_code  # noqa: F401  (a fixture)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


class Counted:
    """What the newcomer does with their thumbs: taps on buttons and links, and fields typed."""

    def __init__(self, page) -> None:
        self.page, self.taps, self.fields = page, 0, 0

    def tap(self, target) -> None:
        self.taps += 1
        target.click()

    def type_into(self, field, text: str) -> None:
        # Each box is focused as its page opens (autofocus), so typing needs no tap first.
        self.fields += 1
        field.fill(text)


def grandmas_table():
    def work():
        host = UserFactory(gamer_tag="Grandma_Ruth", email="ruth.private@example.org")
        table = services.create_private_table(user=host, seats=4).table
        services.join_by_code(user=UserFactory(gamer_tag="Uncle_Joe"), code=table.code)
        return table

    return in_a_thread(work)


def test_a_new_member_goes_from_the_qr_code_to_seated_in_three_fields_and_five_taps(mail_server, new_page):  # noqa: F811
    server, outbox = mail_server
    table = grandmas_table()
    page = new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    thumbs = Counted(page)

    thumbs.taps += 1  # the phone's camera shows the QR code's link: one tap opens it
    page.goto(f"{server.url}/invite/{table.invite_token}/")
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(f"Grandma_Ruth invited you to table {table.code}: 2 of 4 seats taken")
    expect(page.get_by_text("Uncle_Joe")).to_be_visible()
    assert "@" not in page.locator("main").inner_text()  # never an email
    assert axe_violations(page) == []
    screenshot(page, "family-invitation")

    email = page.get_by_label("Your email")
    expect(email).to_be_focused()
    thumbs.type_into(email, "lois@example.org")
    thumbs.tap(page.get_by_role("button", name="Send me a code"))

    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    code = page.get_by_label("Code")
    expect(code).to_be_focused()
    thumbs.type_into(code, mailed_code(outbox, "lois@example.org"))
    screenshot(page, "family-code")
    thumbs.tap(page.get_by_role("button", name="Confirm"))

    expect(page.get_by_role("heading", name="Choose your gamer tag")).to_be_visible()
    tag = page.get_by_label("Gamer tag")
    expect(tag).to_be_focused()
    thumbs.type_into(tag, "Lois_Timothy")
    thumbs.tap(page.get_by_role("button", name="Save my tag"))

    expect(page.get_by_role("heading", name=f"Join table {table.code}?")).to_be_visible()
    screenshot(page, "family-one-tap-left")
    thumbs.tap(page.get_by_role("button", name="Join the table"))

    expect(page).to_have_url(re.compile(rf"/t/{table.code}/$"))
    expect(page.locator("#waiting-seats")).to_contain_text("Lois_Timothy")
    screenshot(page, "family-seated")
    assert (thumbs.fields, thumbs.taps) == (3, 5)
    assert not [e for e in errors if "Content Security Policy" in e]


def test_a_member_who_scans_the_qr_code_signs_in_by_a_code_and_is_back_at_the_table(mail_server, new_page):  # noqa: F811
    server, outbox = mail_server
    table = grandmas_table()
    in_a_thread(lambda: UserFactory(gamer_tag="Grandpa_Bob", email="bob@example.org"))
    page = new_page()
    page.goto(f"{server.url}/invite/{table.invite_token}/")
    page.get_by_role("link", name="Sign in", exact=True).last.click()
    page.get_by_role("link", name="Email me a sign-in code").click()
    page.get_by_label("Email").fill("bob@example.org")
    page.get_by_role("button", name="Send me a code").click()
    code = page.get_by_label("Code")
    expect(code).to_be_focused()
    code.fill(mailed_code(outbox, "bob@example.org"))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("heading", name=f"Join table {table.code}?")).to_be_visible()
    page.get_by_role("button", name="Join the table").click()
    expect(page.locator("#waiting-seats")).to_contain_text("Grandpa_Bob")
