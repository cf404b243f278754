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
        # Twelve pages each poll (every 2 s), open their table and take the deal: on a loaded
        # machine the last of them takes longer than one expectation's usual 10 s.
        expect(page.locator("#game")).to_be_visible(timeout=30_000)
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
    expect(board.get_by_role("button", name="Keep playing")).to_be_focused()
    screenshot(board, "class/board-end-all-asks-1920", full_page=False)
    board.get_by_role("button", name="Yes, end the class").click()
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


# What a page's script measures: how many lines an element's text takes, and where it is.
LINES = """(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
  return tops.filter((top, i) => tops.findIndex((t) => Math.abs(t - top) < 6) === i).length;
}"""
BOX = "(el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, middle: (r.top + r.bottom) / 2}; }"


def _start_class(server, board, leader) -> str:
    sign_in(board, server, leader)
    board.goto(f"{server.url}/class/new/")
    board.get_by_label("The children's parents agree").check()
    board.get_by_role("button", name="Start the class").click()
    return board.locator(".class-code").inner_text()


def _join(page, server, code: str, name: str) -> None:
    page.goto(f"{server.url}/class/{code}/")
    page.get_by_label("Your name at the table").fill(name)
    page.get_by_role("button", name="Join the class").click()
    expect(page.locator("#class-wait-title")).to_contain_text("You're in")


def test_the_board_reads_from_the_back_of_the_room_keeps_open_menus_and_asks_before_ending(
    live_asgi, new_page
):
    from classes import joining

    server = live_asgi()
    board = new_page(BOARD)
    code = _start_class(server, board, in_a_thread(lambda: UserFactory(gamer_tag="Teacher_Ann")))
    expect(board.locator("#class-stage-line")).to_have_text("0 children of 30 have joined")

    # The address big and on one line, the code bigger, the QR large on the right half.
    address = board.locator("#class-join-address")
    assert (
        board.evaluate(
            "() => parseFloat(getComputedStyle(document.getElementById('class-join-address')).fontSize)"
        )
        >= 40
    )
    assert address.evaluate(LINES) == 1
    qr = board.locator("#class-qr").evaluate(BOX)
    assert qr["width"] >= 400 and qr["left"] >= BOARD["width"] / 2 and qr["bottom"] <= BOARD["height"]
    assert board.locator(".class-code").evaluate(BOX)["bottom"] <= BOARD["height"]
    # Teams of two, Make tables, Lock joining and End the class: one row, their middles level.
    middles = [
        board.get_by_label("Teams of two").evaluate(BOX)["middle"],
        *(
            board.get_by_role("button", name=n).evaluate(BOX)["middle"]
            for n in ("Make tables", "Lock joining", "End the class")
        ),
    ]
    assert max(middles) - min(middles) <= 3, middles
    screenshot(board, "class/board-projector-empty-1920", full_page=False)

    # The Change menu stays open (and focused) while children join and the board redraws.
    in_a_thread(lambda: joining.join_class(code=code, name="Sam"))
    expect(board.locator(".class-child")).to_have_count(1)
    sam = board.locator(".class-child", has_text="Sam")
    sam.locator("summary").click()
    rename = sam.get_by_placeholder("New name")
    rename.fill("Samuel")
    sam.locator("summary").focus()
    for name in ("Ruth_B", "Abigail_Rose"):
        in_a_thread(lambda name=name: joining.join_class(code=code, name=name))
    expect(board.locator(".class-child")).to_have_count(3)
    expect(sam.locator("details")).to_have_attribute("open", "")
    expect(rename).to_have_value("Samuel")
    assert board.evaluate("() => document.activeElement.dataset.focus || ''").startswith("change-")
    assert board.evaluate("() => document.activeElement.textContent").endswith("Change")
    screenshot(board, "class/board-change-open-1920", full_page=False)
    assert axe_violations(board) == []

    # A projector at 1280x720: the QR still whole on the screen, nothing wider than it.
    board.set_viewport_size({"width": 1280, "height": 720})
    qr = board.locator("#class-qr").evaluate(BOX)
    assert qr["width"] >= 280 and qr["bottom"] <= 720 and qr["right"] <= 1280
    assert board.locator("#class-join-address").evaluate(LINES) == 1
    assert board.evaluate("() => document.documentElement.scrollWidth") <= 1280
    screenshot(board, "class/board-change-open-1280x720", full_page=False)
    board.set_viewport_size(BOARD)

    # The first press asks; "Keep playing" puts it back and ends nothing; "Yes" ends the class.
    board.get_by_role("button", name="End the class").click()
    expect(board.get_by_text("End the class for everyone?")).to_be_visible()
    expect(board.get_by_role("button", name="Keep playing")).to_be_focused()
    in_a_thread(lambda: joining.join_class(code=code, name="Eli"))  # a redraw keeps the question
    expect(board.locator(".class-child")).to_have_count(4)
    expect(board.get_by_role("button", name="Yes, end the class")).to_be_visible()
    screenshot(board, "class/board-asks-before-ending-1920", full_page=False)
    board.get_by_role("button", name="Keep playing").click()
    expect(board.get_by_role("button", name="End the class")).to_be_focused()
    expect(board.get_by_role("button", name="Yes, end the class")).to_have_count(0)
    assert in_a_thread(lambda: Classroom.objects.get(code=code).ended_at) is None
    board.get_by_role("button", name="End the class").click()
    board.get_by_role("button", name="Yes, end the class").click()
    expect(board.locator("#class-stage-line")).to_have_text(
        "The class has ended. Thank you for playing together!"
    )


def test_a_childs_page_keeps_a_long_name_whole_and_says_plainly_when_the_class_is_over(live_asgi, new_page):
    server = live_asgi()
    board = new_page(BOARD)
    code = _start_class(server, board, in_a_thread(lambda: UserFactory(gamer_tag="Teacher_Ann")))
    mike = new_page({"width": 320, "height": 700})
    _join(mike, server, code, "Daddy_Mike_the_Great")
    bea = new_page({"width": 320, "height": 700})
    _join(bea, server, code, "Bea")
    sam = new_page({"width": 1280, "height": 800})
    _join(sam, server, code, "Sam")

    # The 20-letter name whole on one line, its "!" beside it, inside the panel.
    name = mike.locator(".class-wait-name")
    assert name.evaluate(LINES) == 1
    panel = mike.locator("#class-wait").evaluate(BOX)
    box = name.evaluate(BOX)
    assert panel["left"] <= box["left"] and box["right"] <= panel["right"]
    assert name.inner_text() == "Daddy_Mike_the_Great!"
    assert mike.evaluate("() => document.documentElement.scrollWidth") <= 320
    screenshot(mike, "class/child-long-name-320")
    screenshot(sam, "class/child-waiting-1280")

    # Bea is taken off the list: her page says so, with no "You're in" above it.
    expect(board.locator(".class-child")).to_have_count(3)
    board.locator(".class-child", has_text="Bea").locator("summary").click()
    board.get_by_role("button", name="Remove Bea").click()
    expect(bea.get_by_role("heading", name="Your leader took you off the list")).to_be_visible()
    expect(bea.locator("main")).not_to_contain_text("You're in")
    expect(bea.locator("main button, main form, main a")).to_have_count(0)
    screenshot(bea, "class/child-taken-off-320")
    bea.reload()
    expect(bea.get_by_role("heading", name="Your leader took you off the list")).to_be_visible()

    # The class ends: each page says so at once, and again after a reload, with nothing to press.
    board.get_by_role("button", name="End the class").click()
    board.get_by_role("button", name="Yes, end the class").click()
    for page, width in ((mike, 320), (sam, 1280)):
        expect(page.get_by_role("heading", name="Your class has ended")).to_be_visible()
        expect(page.locator("main")).to_contain_text("Thank you for playing!")
        expect(page.locator("main")).not_to_contain_text("You're in")
        expect(page.locator("main button, main form, main a")).to_have_count(0)
        screenshot(page, f"class/child-class-ended-{width}")
        page.goto(f"{server.url}/")
        expect(page.get_by_role("heading", name="Your class has ended")).to_be_visible()
        expect(page.locator(".message")).to_have_count(0)


def test_an_ended_code_a_refused_name_the_cards_and_a_parent_signed_out(live_asgi, new_page):
    from classes import claiming, joining, leading
    from tests.factories import signed_in_session

    server = live_asgi()
    names = ["Sam", "Steady_Fish", "Ruthie", "Noah", "Abigail_Rose", "Eli", "Hannah"]

    def ended_class():
        leader = UserFactory(gamer_tag="Teacher_Grace")
        classroom = joining.start_class(leader=leader, agreed=True)
        for name in names:
            joining.join_class(code=classroom.code, name=name)
        leading.end_all(leader=leader, session_key=signed_in_session(leader), class_id=classroom.pk)
        return leader, classroom

    leader, classroom = in_a_thread(ended_class)
    for width in (320, 1280):
        child = new_page({"width": width, "height": 700})
        child.goto(f"{server.url}/class/{classroom.code}/")  # last week's QR
        expect(child.get_by_role("heading", name="That class has ended")).to_be_visible()
        expect(child.locator("main")).to_contain_text("Ask your leader for the new code.")
        expect(child.locator("main form")).to_have_count(0)
        expect(child.locator("main")).not_to_contain_text("Teacher_Grace")
        screenshot(child, f"class/ended-code-{width}")

    running = in_a_thread(lambda: joining.start_class(leader=UserFactory(), agreed=True))
    child = new_page({"width": 320, "height": 700})
    child.goto(f"{server.url}/class/{running.code}/")
    child.get_by_label("Your name at the table").fill("N1gger")
    child.get_by_role("button", name="Join the class").click()
    expect(child.locator("#class-join-error")).to_have_text("Please choose a kinder name.")
    expect(child.get_by_label("Your name at the table")).to_have_value("")
    screenshot(child, "class/name-refused-320")

    board = new_page(BOARD)
    sign_in(board, server, leader)
    board.goto(f"{server.url}/class/board/{classroom.pk}/")
    with board.context.expect_page() as opened:
        board.get_by_role("button", name="Print take-home cards").click()
    cards = opened.value
    expect(cards.locator(".take-home-card")).to_have_count(len(names))
    for width in (1920, 1280, 320):
        cards.set_viewport_size({"width": width, "height": 1000})
        assert [code.evaluate(LINES) for code in cards.locator(".take-home-code").all()] == [1] * len(names)
        assert cards.evaluate("() => document.documentElement.scrollWidth") <= width
        screenshot(cards, f"class/take-home-cards-{width}")
    code = cards.locator(".take-home-code").first.inner_text()

    # A parent scans the card signed out: the sign-in page says why it came.
    parent = new_page({"width": 320, "height": 800})
    card_url = f"{server.url}/class/claim/{code.replace('-', '')}/"
    parent.goto(card_url)
    expect(parent.get_by_text("Sign in or sign up to keep your child's games from class.")).to_be_visible()
    screenshot(parent, "class/claim-signed-out-320")
    sign_in(parent, server, in_a_thread(lambda: UserFactory(gamer_tag="Sams_Mum")))
    parent.goto(card_url)
    parent.get_by_role("button", name="Add to my family").click()
    expect(parent.get_by_text("Sam is in your family now")).to_be_visible()
    parent.goto(card_url)
    parent.get_by_role("button", name="Add to my family").click()
    expect(parent.locator("#claim-error")).to_have_text(claiming.CARD_USED)
    screenshot(parent, "class/claim-used-again-320")
