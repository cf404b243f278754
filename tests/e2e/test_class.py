"""Issue 48 in the browser: a class of twelve children on twelve devices (320 to 768 px wide) joins
by the board's code, is split into three tables, plays to the end (the children's moves made for
them, as the protocol tests do), with the board at 1920x1080 showing every table; and a class
child's device refused every page but its class's."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from classes.models import Classroom
from tests.classes.test_classes import play_class_to_the_end
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

BOARD = {"width": 1920, "height": 1080}
WIDTHS = [320, 360, 375, 390, 412, 414, 428, 480, 540, 600, 720, 768]
NAMES = [
    "Sam",
    "Ruth",
    "Eli",
    "Hannah",
    "Joe",
    "Miriam",
    "Caleb",
    "Esther",
    "Gideon",
    "Lydia",
    "Noah",
    "Priscilla_Anne",
]


def test_a_class_of_twelve_joins_by_code_plays_at_three_tables_and_the_board_shows_them(live_asgi, new_page):
    server = live_asgi()
    in_a_thread(load_deck)
    leader = in_a_thread(lambda: UserFactory(gamer_tag="Pastor_Dan"))
    board = new_page(BOARD)
    sign_in(board, server, leader)
    board.goto(f"{server.url}/class/new/")
    board.get_by_label("The children's parents agree").check()
    board.get_by_role("button", name="Start the class").click()
    code = board.locator(".class-code").inner_text()
    expect(board.locator("#class-stage-line")).to_have_text("0 children of 30 have joined")
    screenshot(board, "class/board-empty-1920", full_page=False)

    devices = []
    for name, width in zip(NAMES, WIDTHS, strict=True):
        page = new_page({"width": width, "height": 800})
        page.goto(f"{server.url}/class/{code}/")  # the board's QR code
        if width == 320:
            assert axe_violations(page) == []
        page.get_by_label("Your name at the table").fill(name)
        page.get_by_role("button", name="Join the class").click()
        expect(page.locator("#class-wait-title")).to_contain_text(f"You're in, {name}")
        devices.append(page)
    expect(board.locator("#class-stage-line")).to_have_text("12 children of 30 have joined")
    expect(board.locator(".class-child")).to_have_count(12)
    screenshot(board, "class/board-joined-1920", full_page=False)
    assert axe_violations(board) == []
    phone = new_page({"width": 390, "height": 844})  # the leader's phone: the same board, to hand
    sign_in(phone, server, leader)
    phone.goto(board.url)
    expect(phone.locator(".class-child")).to_have_count(12)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(phone, "class/board-joined-390")
    screenshot(devices[0], "class/child-waiting-320")

    board.get_by_role("button", name="Make tables").click()
    expect(board.locator(".class-table")).to_have_count(3)
    expect(board.locator("#class-stage-line")).to_contain_text("3 tables made")
    expect(devices[0].locator("#class-status")).to_contain_text("You're at table 1")
    board.get_by_role("button", name="Start all").click()
    for page in devices:
        expect(page.locator("#game")).to_be_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(devices[0], "class/child-playing-320")
    expect(board.locator("#class-stage-line")).to_have_text("Playing at 3 tables")
    screenshot(board, "class/board-playing-1920", full_page=False)

    classroom = in_a_thread(lambda: Classroom.objects.get(leader=leader))
    in_a_thread(lambda: play_class_to_the_end(classroom, random.Random(3)))
    expect(board.locator(".class-table.is-over")).to_have_count(3)
    for card in board.locator(".class-table").all():
        expect(card.locator(".class-seat")).to_have_count(4)
        expect(card.locator(".class-slot.is-laid").first).to_be_visible()
    assert "hand" not in board.locator("#class-tables").inner_text().lower()
    assert board.evaluate("() => document.documentElement.scrollWidth") <= BOARD["width"]
    screenshot(board, "class/board-finished-1920", full_page=False)
    expect(devices[5].locator("#result, .result, #game")).not_to_have_count(0)

    board.get_by_role("button", name="End all").click()
    expect(board.get_by_role("heading", name="What we did together")).to_be_visible()
    screenshot(board, "class/board-together-1920", full_page=False)
    assert axe_violations(board) == []


def test_a_class_childs_device_is_refused_every_page_but_its_class(live_asgi, new_page):
    server = live_asgi()
    leader = in_a_thread(lambda: UserFactory(gamer_tag="Miss_Ada"))
    board = new_page(BOARD)
    sign_in(board, server, leader)
    board.goto(f"{server.url}/class/new/")
    board.get_by_label("The children's parents agree").check()
    board.get_by_role("button", name="Start the class").click()
    code = board.locator(".class-code").inner_text()
    child = new_page({"width": 390, "height": 800})
    child.goto(f"{server.url}/class/")
    child.get_by_label("The class code on the board").fill(code.lower())
    child.locator(".guest-pick").first.click()
    expect(child.get_by_role("heading", name="You're in")).to_be_visible()
    for path in (
        "/me/settings/",
        "/play-now/",
        "/me/family/",
        "/tv/",
        "/review/",
        "/accounts/email/",
        "/me/games/",
    ):
        child.goto(f"{server.url}{path}")
        expect(child.get_by_role("heading", name="This page isn't part of your class")).to_be_visible()
    child.get_by_role("link", name="Back to my class").click()
    expect(child.get_by_role("heading", name="You're in")).to_be_visible()
    expect(board.locator(".class-child")).to_have_count(1)


def test_the_leader_prints_take_home_cards_and_a_parent_keeps_a_childs_games(live_asgi, new_page):
    from classes import joining, leading
    from tests.factories import signed_in_session

    server = live_asgi()

    def ended_class():
        leader = UserFactory(gamer_tag="Teacher_Grace")
        classroom = joining.start_class(leader=leader, agreed=True)
        for name in ("Timothy", "Lois"):
            joining.join_class(code=classroom.code, name=name)
        leading.end_all(leader=leader, session_key=signed_in_session(leader), class_id=classroom.pk)
        return leader, classroom

    leader, classroom = in_a_thread(ended_class)
    board = new_page(BOARD)
    sign_in(board, server, leader)
    board.goto(f"{server.url}/class/board/{classroom.pk}/")
    expect(board.get_by_role("heading", name="What we did together")).to_be_visible()
    with board.context.expect_page() as opened:
        board.get_by_role("button", name="Print take-home cards").click()
    cards = opened.value
    expect(cards.locator(".take-home-card")).to_have_count(2)
    first = cards.locator(".take-home-card").first
    expect(first.locator(".take-home-name")).to_have_text("Timothy")
    code = first.locator(".take-home-code").inner_text()
    screenshot(cards, "class/take-home-cards-1280")

    parent = new_page({"width": 390, "height": 844})
    sign_in(parent, server, in_a_thread(lambda: UserFactory(gamer_tag="Eunice")))
    parent.goto(f"{server.url}/class/claim/")
    parent.get_by_label("The code on the card").fill(code)
    parent.get_by_role("button", name="Add to my family").click()
    expect(parent.get_by_text("Timothy is in your family now")).to_be_visible()
    expect(parent.locator("main")).to_contain_text("Timothy")
    screenshot(parent, "class/claimed-390")
