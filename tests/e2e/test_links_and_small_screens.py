"""Issue 46 in the browser, found by a family: an old invite link after Play again, the child's
sign-in link on a phone, the Join box within reach on the start screen, Your tables' cards at 320
and 390, Play now for a child who may not use it yet, sign-up's optional password, and Since you
were here in its new words. Layouts are measured at 320x640 and 390x844, never judged by eye
alone; each page is also photographed at 320 and 1280 px."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts import family
from game import engine, services
from game.models import Game, Seat, Table
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import sign_in
from tests.factories import UserFactory
from tests.game.support import play_one_move

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = ({"width": 320, "height": 640}, {"width": 390, "height": 844})
WIDE = {"width": 1280, "height": 900}


def box(page, selector: str) -> dict:
    """Where an element is on the page (not the screen): x, y, width, height, bottom, right."""
    return page.evaluate(
        """(selector) => {
            const r = document.querySelector(selector).getBoundingClientRect();
            return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height,
                    bottom: r.bottom + scrollY, right: r.right + scrollX};
        }""",
        selector,
    )


def most_lines(page, selector: str) -> int:
    """The most lines the text of any element matching `selector` takes."""
    return page.evaluate(
        """(selector) => Math.max(...[...document.querySelectorAll(selector)].map((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }))""",
        selector,
    )


def at_phone_and_wide(page, name: str, check=None) -> None:
    """Measure the page at each phone size (`check(page, size)`), then photograph it at 320 and 1280."""
    for size in PHONES:
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        assert fits_sideways(page), f"{name} scrolls sideways at {size['width']}"
        if check is not None:
            check(page, size)
    page.set_viewport_size(PHONES[0])
    screenshot(page, f"{name}-320")
    page.set_viewport_size(WIDE)
    screenshot(page, f"{name}-1280")


def test_the_child_s_sign_in_link_wraps_inside_a_phone(server, new_page):
    parent_user = UserFactory(gamer_tag="Grandma_Ruth")
    in_a_thread(lambda: family.add_child(parent=parent_user, tag="Sam"))
    parent = new_page(PHONES[0])
    sign_in(parent, server, parent_user)
    parent.goto(server.url + "/me/family/")
    parent.get_by_role("button", name="Sign Sam in on this tablet").click()
    expect(parent.locator("#child-qr")).to_be_visible()

    def link_inside(page, size) -> None:
        link = box(page, "#child-sign-in-link")
        assert link["right"] <= size["width"], f"the link runs off a {size['width']} px screen"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]

    at_phone_and_wide(parent, "child-sign-in-qr", link_inside)


def test_the_join_box_is_in_reach_before_the_start_form(server, new_page):
    member = UserFactory(gamer_tag="Lydia")
    page = new_page(PHONES[1])
    sign_in(page, server, member)
    page.goto(server.url + "/")

    def join_first(page, size) -> None:
        code_box = box(page, "#id_code")
        assert code_box["bottom"] <= size["height"], f"the code box is below the first screen at {size}"
        assert code_box["bottom"] < box(page, "#private-title")["y"], "the Start form comes first"

    at_phone_and_wide(page, "start-screen", join_first)
    # A member with a table under way still meets the code box before the Start form.
    in_a_thread(lambda: _over_days_table(member, UserFactory(gamer_tag="Sam")))
    page.reload()
    page.set_viewport_size(PHONES[1])
    assert box(page, "#id_code")["bottom"] < box(page, "#private-title")["y"]
    assert box(page, "#id_code")["bottom"] <= PHONES[1]["height"]


def _over_days_table(host, guest) -> Table:
    table = services.create_private_table(user=host, over_days=True).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    return table


def test_your_tables_cards_keep_their_words_on_a_phone(server, new_page):
    me = UserFactory(gamer_tag="Grandma_Ruth")
    other = UserFactory(gamer_tag="Bartholomew_Jones")
    in_a_thread(lambda: _over_days_table(me, other))  # my turn (seat 1 plays first)
    in_a_thread(lambda: _over_days_table(other, me))  # waiting on Bartholomew_Jones
    page = new_page(PHONES[1])
    sign_in(page, server, me)
    page.goto(server.url + "/")
    expect(page.locator(".your-tables .my-game")).to_have_count(2)

    def roomy(page, size) -> None:
        assert most_lines(page, ".your-tables .my-game-go") == 1, f"a button wraps at {size['width']}"
        # The words have the card's whole width, never a sliver of it beside the code.
        assert most_lines(page, ".your-tables .my-game-when") <= 2, f"whose table is squeezed at {size}"
        card = box(page, ".your-tables .my-game a")
        outcome = box(page, ".your-tables .my-game-outcome")
        assert outcome["width"] >= 0.9 * card["width"], f"what waits is squeezed at {size['width']}"
        button = box(page, ".your-tables .my-game-go")
        assert button["right"] <= card["right"] and button["y"] >= outcome["bottom"]

    at_phone_and_wide(page, "your-tables", roomy)


def test_a_child_kept_to_family_tables_is_not_offered_play_now(server, new_page):
    parent_user = UserFactory(gamer_tag="Grandpa_Joe")
    child = in_a_thread(lambda: family.add_child(parent=parent_user, tag="Ben"))
    page = new_page(PHONES[1])
    sign_in(page, server, child)
    page.goto(server.url + "/")
    expect(page.get_by_role("button", name="Play now")).to_be_disabled()
    expect(page.locator("#play-now-family")).to_contain_text("when your grown-up says yes")
    expect(page.locator("#lobby")).to_have_count(0)
    at_phone_and_wide(page, "start-screen-child")


def test_sign_up_shows_the_password_rules_only_once_a_password_is_wanted(server, new_page):
    page = new_page(PHONES[0])
    page.goto(server.url + "/accounts/signup/")
    expect(page.get_by_text("at least 8 characters")).to_be_hidden()
    at_phone_and_wide(page, "signup")
    page.get_by_text("Add a password too").click()
    expect(page.get_by_text("at least 8 characters")).to_be_visible()
    at_phone_and_wide(page, "signup-with-password")


def test_an_old_invite_link_leads_to_the_new_table_or_says_the_game_is_over(server, new_page):
    host, guest, friend = (UserFactory(gamer_tag=tag) for tag in ("Grandma_Ruth", "Sam", "Bea"))

    def finished_table() -> Table:
        table = services.create_private_table(user=host, read_aloud=True, deal_seven=True).table
        services.join_by_code(user=guest, code=table.code)
        services.start_table(user=host, code=table.code)
        services.end_game(user=host, code=table.code)
        return Table.objects.get(pk=table.pk)

    old = in_a_thread(finished_table)
    page = new_page(PHONES[0])
    sign_in(page, server, friend)
    page.goto(f"{server.url}/invite/{old.invite_token}/")
    expect(page.get_by_role("heading", name="This table's game is over")).to_be_visible()
    expect(page.get_by_role("link", name="Start a table")).to_be_visible()
    at_phone_and_wide(page, "invitation-over")
    visitor = new_page(PHONES[0])  # signed out: the way in is to sign up or sign in
    visitor.goto(f"{server.url}/invite/{old.invite_token}/")
    expect(visitor.get_by_role("link", name="Sign up, it's free").last).to_be_visible()
    at_phone_and_wide(visitor, "invitation-over-visitor")

    following = in_a_thread(lambda: services.play_again(user=host, code=old.code).table)
    page.set_viewport_size(PHONES[0])
    page.goto(f"{server.url}/invite/{old.invite_token}/")
    expect(page.get_by_role("heading", name=f"Join table {following.code}?")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text(f"The game at table {old.code} is over")
    expect(page.locator(".join-facts")).to_contain_text("Read the verse together")
    at_phone_and_wide(page, "invitation-leads-on")
    page.get_by_role("button", name="Join the table").click()
    expect(page).to_have_url(f"{server.url}/t/{following.code}/")


def test_since_you_were_here_says_what_the_game_answered_for_you(server, new_page):
    host, guest = UserFactory(gamer_tag="Mum"), UserFactory(gamer_tag="Sam")

    def played_while_away() -> str:
        table = _over_days_table(host, guest)
        game = Game.objects.get(table=table)
        Seat.objects.filter(table=table, user=guest).update(seen_version=game.version, seen_at=timezone.now())
        for _ in range(200):  # until someone has asked Sam, and the game waits on Sam
            play_one_move(table.pk, {1: host, 2: guest})
            game.refresh_from_db()
            rows = game.events.values_list("events", flat=True)
            asked = any(e["type"] == "answer" and e["seat"] == 2 for events in rows for e in events)
            if asked and engine.current_seat(engine.from_json(game.state)) == 2:
                return table.code
        raise AssertionError("nobody asked Sam")

    code = in_a_thread(played_while_away)
    page = new_page(PHONES[0])
    sign_in(page, server, guest)
    page.goto(f"{server.url}/t/{code}/")
    since = page.locator("#since")
    expect(since).to_contain_text("Mum asked you for")
    expect(since).not_to_contain_text("You said")
    at_phone_and_wide(page, "since-you-were-here")
