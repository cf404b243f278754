"""Issue 31 end to end: a table screen with no session follows a whole game of two members at a
private table to its end screen, receiving nothing a screen may not see (checked against the
database's full state at every version); a turned-off or ended link goes dark and hears no more; a
watcher joins a full table and follows it; a public table has no watchers."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import expect

from game import engine, services
from game.models import Game
from game.services import screens
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import sign_in
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table
from tests.realtime.public_view_checks import History, check_public_message
from tests.realtime.sockets import Tab, versions_reached
from tests.trust import LiveBrowser, session_cookie_of, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


def _members(*tags: str) -> list:
    return in_a_thread(lambda: [UserFactory(gamer_tag=tag) for tag in tags])


def _tab(server, table, user) -> Tab:
    cookie = in_a_thread(lambda: session_cookie_of(signed_in_client(user)))
    return Tab(server, table.code, cookie)


def _screen_link(table, host) -> str:
    return in_a_thread(
        lambda: screens.show_on_screen(user=host, session_key=signed_in_session(host), code=table.code).secret
    )


def _open_screen(new_page, server, secret: str, viewport: dict = TV, sockets: list | None = None):
    """A browser with no session on the screen link; every frame its socket receives is kept (and
    every socket it opens, in `sockets`)."""
    page = new_page(viewport)
    received: list[dict] = []

    def opened(ws) -> None:
        ws.on("framereceived", lambda text: received.append(json.loads(text)))
        if sockets is not None:
            sockets.append(ws)

    page.on("websocket", opened)
    page.goto(f"{server.url}/s/{secret}/")
    return page, received


def _state(table_id: int) -> tuple[int, dict]:
    def read():
        game = Game.objects.get(table_id=table_id)
        return game.version, engine.from_json(game.state)

    return in_a_thread(read)


def _one_move(tabs: dict, table_id: int, rng: random.Random, k: int) -> int:
    """The seat whose turn it is makes a random legal move over its own socket; the new version."""
    version, state = _state(table_id)
    seat = engine.current_seat(state)
    tab = tabs[seat]
    tab.send(
        {
            "type": "move",
            "id": f"m{k}",
            "version": version,
            "move": rng.choice(engine.legal_moves(state, seat)),
        }
    )
    answer = tab.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == f"m{k}")
    assert answer["type"] == "ack", answer
    return answer["version"]


def _until_version(page, received: list[dict], version: int) -> None:
    for _ in range(200):
        if any(m.get("view") is not None and m["version"] >= version for m in received):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the screen never got version {version}")


def _no_scrolling(page) -> bool:
    return page.evaluate(
        "() => document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
    )


def test_a_screen_follows_a_whole_game_to_its_end_and_is_sent_no_hidden_card(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = _members("Grandma_Ruth", "Sam")
    table = in_a_thread(lambda: deal_private_table(host, guest))
    page, received = _open_screen(new_page, server, _screen_link(table, host))
    expect(page.locator("#screen-game")).to_be_visible()
    tabs = {1: _tab(server, table, host), 2: _tab(server, table, guest)}
    rng, shots, version = random.Random(3), set(), 0
    for k in range(3000):
        if engine.is_over(_state(table.pk)[1]):
            break
        time.sleep(0.05)  # a quick human's pace
        version = _one_move(tabs, table.pk, rng, k)
        verse_up = page.locator("#verse-moment").is_visible()
        if k >= 12 and "mid" not in shots and not verse_up:
            _until_version(page, received, version)
            shots.add("mid")
            screenshot(page, "family-screen-1920-mid-game")
            assert _no_scrolling(page), "a TV screen must not scroll"
        if "verse" not in shots and verse_up:
            shots.add("verse")
            screenshot(page, "family-screen-1920-verse")  # once it has faded in
    _until_version(page, received, version)
    expect(page.locator("#screen-end")).to_be_visible()
    expect(page.locator("#end-podium")).not_to_be_empty()
    screenshot(page, "family-screen-1920-end")
    assert _no_scrolling(page)
    history = in_a_thread(lambda: History(table.pk))
    views = [m for m in received if m.get("view") is not None]
    assert versions_reached(views, client_asks=True) == list(range(1, version + 1))
    checks = random.Random(31)
    for message in views:
        check_public_message(message, history, checks)
    assert all("hand" not in json.dumps(m.get("table", {})) for m in received)
    assert not page.locator("#screen-app .hand, #screen-app [data-hand]").count()


def test_a_turned_off_link_and_an_ended_game_go_dark_and_hear_no_more(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = _members("Mum", "Dad")
    table = in_a_thread(lambda: deal_private_table(host, guest))
    host_browser = LiveBrowser(server, in_a_thread(lambda: signed_in_client(host)))
    page = f"/t/{table.code}/"

    sockets: list = []
    screen, received = _open_screen(new_page, server, _screen_link(table, host), sockets=sockets)
    expect(screen.locator("#screen-game")).to_be_visible()
    assert host_browser.post_form(f"{page}screen/off/", {}, page=page) == 302
    expect(screen.get_by_text("This screen has been turned off")).to_be_visible()
    # Its socket was closed for good, and the page opens no other.
    for _ in range(100):
        if all(ws.is_closed() for ws in sockets):
            break
        screen.wait_for_timeout(50)
    assert sockets and all(ws.is_closed() for ws in sockets), "the turned-off screen's socket is still open"
    heard, opened = len(received), len(sockets)
    tabs = {1: _tab(server, table, host), 2: _tab(server, table, guest)}
    version = _one_move(tabs, table.pk, random.Random(1), 0)
    tabs[2].until_version(version)  # the move reached the table's other seat
    assert len(received) == heard, "a turned-off screen was sent more"
    assert len(sockets) == opened, "a turned-off screen opened another socket"
    screen.reload()
    expect(screen.get_by_text("This screen has been turned off")).to_be_visible()

    again, received = _open_screen(new_page, server, _screen_link(table, host))
    expect(again.locator("#screen-game")).to_be_visible()
    assert host_browser.post_form(f"{page}end/", {}, page=page) == 302
    expect(again.get_by_text("This screen has been turned off")).to_be_visible()


def test_a_watcher_joins_a_full_table_and_follows_it(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, aunt, uncle, cousin, grandpa = _members(
        "Mum", "Auntie_Marigold", "Uncle_Bo", "Cousin_Jo", "Grandpa_Joe"
    )

    def deal_full():
        made = services.create_private_table(user=host).table
        for member in (aunt, uncle, cousin):
            services.join_by_code(user=member, code=made.code)
        services.start_table(user=host, code=made.code)
        return made

    table = in_a_thread(deal_full)
    phone = new_page(PHONE)
    sign_in(phone, server, grandpa)
    phone.goto(f"{server.url}/invite/{table.invite_token}/")  # the host's link: four letters are not enough
    phone.get_by_role("button", name="Watch this game").click()
    expect(phone).to_have_url(f"{server.url}/t/{table.code}/watch/")
    expect(phone.locator("#screen-game")).to_be_visible()
    tabs = {
        seat: _tab(server, table, member) for seat, member in enumerate((host, aunt, uncle, cousin), start=1)
    }
    rng = random.Random(5)
    for k in range(12):
        time.sleep(0.05)
        version = _one_move(tabs, table.pk, rng, k)
    phone.wait_for_function(f"() => window.jagScreen && window.jagScreen.version >= {version}")
    screenshot(phone, "family-watcher-390")
    # Every seat is told someone watches.
    tabs[1].until(lambda m: m["type"] == "table" and m["table"]["watchers"], within=2) if not any(
        m.get("table", {}).get("watchers") for m in tabs[1].got
    ) else None
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_public_table_has_no_watchers(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    player, stranger = _members("Player_One", "Nosy_Neighbour")
    table = in_a_thread(lambda: services.play_now(user=player).table)
    phone = new_page(PHONE)
    sign_in(phone, server, stranger)
    phone.goto(f"{server.url}/join/{table.code}/")
    expect(phone.get_by_role("button", name="Join the table")).to_be_visible()
    assert phone.get_by_role("button", name="Watch the game").count() == 0
    # A watch typed or forged is refused with its words, and sends to the join page.
    phone.goto(f"{server.url}/t/{table.code}/watch/")
    expect(phone).to_have_url(f"{server.url}/join/{table.code}/")
    browser = LiveBrowser(server, in_a_thread(lambda: signed_in_client(stranger)))
    assert browser.post_form(f"/t/{table.code}/watch/", {}, page=f"/join/{table.code}/") == 302
    assert in_a_thread(lambda: table.watchers.count()) == 0
