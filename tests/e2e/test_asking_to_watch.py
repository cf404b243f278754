"""Issue 49 in the browser: a member with only the code asks to watch, the host says yes on the
table page, and the asker's page opens the game by itself; a big screen the host did not make is
shown to them with a way to turn it off."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game import services
from game.models import Table
from game.services import screens
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import sign_in
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 320, "height": 640}
LAPTOP = {"width": 1280, "height": 800}


def test_the_host_lets_a_member_who_asked_watch_and_their_page_opens_the_game(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, bea = in_a_thread(
        lambda: (UserFactory(gamer_tag="Daddy_Mike_the_Great"), UserFactory(gamer_tag="Little_Bea"))
    )
    table = in_a_thread(lambda: services.create_private_table(user=host).table)
    host_page = new_page(NARROW)
    sign_in(host_page, server, host)
    host_page.goto(f"{server.url}/t/{table.code}/")
    expect(host_page.get_by_role("button", name="Start the game")).to_be_visible()

    phone = new_page(PHONE)
    sign_in(phone, server, bea)
    phone.goto(f"{server.url}/join/{table.code}/")
    phone.get_by_role("button", name="Ask to watch").click()
    expect(
        phone.get_by_role("heading", name="We asked Daddy_Mike_the_Great to let you watch")
    ).to_be_visible()
    screenshot(phone, "asking-to-watch-390")

    request = host_page.locator(".watch-request").filter(has_text="asks to watch")
    expect(request).to_contain_text("Little_Bea asks to watch")
    yes = request.get_by_role("button", name="Let Little_Bea watch")
    expect(yes).to_be_visible()
    assert host_page.evaluate("() => document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(host_page, "host-sees-a-request-320")
    yes.click()
    expect(host_page.get_by_text("They can watch now.")).to_be_visible()

    expect(phone).to_have_url(f"{server.url}/t/{table.code}/watch/")
    expect(phone.locator("#screen-waiting, #screen-game").first).to_be_visible()
    expect(host_page.locator(".watching-count")).to_have_text("1 person watching")


def test_a_screen_that_follows_play_again_is_shown_to_the_new_host_who_turns_it_off(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    mum, ruth = in_a_thread(lambda: (UserFactory(gamer_tag="Mum"), UserFactory(gamer_tag="Grandma_Ruth")))

    def finished_with_a_screen():
        table = services.create_private_table(user=mum).table
        services.join_by_code(user=ruth, code=table.code)
        screens.show_on_screen(user=mum, session_key=signed_in_session(mum), code=table.code)
        services.start_table(user=mum, code=table.code)
        Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished_at=timezone.now())
        return table

    table = in_a_thread(finished_with_a_screen)
    # Ruth taps Play again first, so she hosts the next table; Mum's screen comes when Mum does.
    following = in_a_thread(lambda: services.play_again(user=ruth, code=table.code).table)
    in_a_thread(lambda: services.play_again(user=mum, code=table.code))
    page = new_page(LAPTOP)
    sign_in(page, server, ruth)
    page.goto(f"{server.url}/t/{following.code}/")
    line = page.locator(".watch-request").filter(has_text="A screen is following this table")
    expect(line).to_be_visible()
    screenshot(page, "screen-following-1280")
    line.get_by_role("button", name="Turn it off").click()
    expect(page.get_by_text("The big screen is off.")).to_be_visible()
    expect(page.locator(".watch-request")).to_have_count(0)
