"""In the browser: a member asks to be told by mail on their settings page, and a turn mail's link,
opened signed out, asks first and stops the mails with one button; on a phone and a desktop."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from justalllowgod.lib.site_address import site_url
from notices import mail as turn_mail
from notices.models import Notice
from notices.preferences import preference_of
from notices.telling import Telling
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

NARROW = {"width": 320, "height": 720}
DESKTOP = {"width": 1280, "height": 800}


def test_a_member_chooses_mail_and_the_mails_link_stops_it_signed_out(live_asgi, new_page):
    server = live_asgi()
    member = in_a_thread(lambda: UserFactory(gamer_tag="Ruth"))
    for viewport, name in ((NARROW, "320"), (DESKTOP, "1280")):
        page = new_page(viewport)
        sign_in(page, server, member)
        page.goto(server.url + "/me/settings/")
        section = page.locator("#turn-notices")
        expect(section.get_by_role("heading", name="When it's your turn")).to_be_visible()
        section.get_by_label("Tell me by email").check()
        section.get_by_label("Also at private tables I'm away from").check()
        section.get_by_role("button", name="Save").click()
        expect(page.locator(".messages")).to_contain_text("We'll tell you by email when it's your turn.")
        expect(page.get_by_label("Tell me by email")).to_be_checked()
        assert fits_sideways(page)
        assert axe_violations(page) == []
        screenshot(page, f"notice-settings-{name}")

    preference = in_a_thread(lambda: preference_of(member))
    assert preference.by_mail and preference.at_every_private_table

    telling = Telling(
        kind=Notice.Kind.YOUR_TURN,
        title="Your turn at KQXT",
        body="Naomi's table (KQXT) is waiting for you.",
        url=site_url() + "/t/KQXT/",
        tag="table-KQXT",
    )
    mail.outbox = []
    assert in_a_thread(lambda: turn_mail.send(member, telling))
    link = re.search(r"Stop these mails with one click: (\S+)", mail.outbox[0].body).group(1)
    on_the_live_server = server.url + link.removeprefix(site_url())

    for viewport, name in ((NARROW, "320"), (DESKTOP, "1280")):
        page = new_page(viewport)  # signed out: a fresh browser
        page.goto(on_the_live_server)
        expect(page.get_by_role("heading", name="Stop turn mails?")).to_be_visible()
        assert fits_sideways(page)
        assert axe_violations(page) == []
        screenshot(page, f"unsubscribe-ask-{name}")
    assert in_a_thread(lambda: preference_of(member).by_mail) is True  # opening it changed nothing

    page.get_by_role("button", name="Stop these mails").click()
    expect(page.get_by_role("heading", name="Turn mails stopped")).to_be_visible()
    screenshot(page, "unsubscribe-done-1280")
    preference = in_a_thread(lambda: preference_of(member))
    assert not preference.by_mail and preference.at_every_private_table

    page.goto(on_the_live_server[:-3] + "xx/")
    expect(page.get_by_role("heading", name="That link isn't right")).to_be_visible()
    screenshot(page, "unsubscribe-bad-1280")
