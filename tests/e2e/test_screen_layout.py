"""The family screen and the watcher's page, front end only: templates/game/screen.html with
static/js/screen.js, fed a real game's public messages over a mocked socket (Playwright's
route_web_socket), served without the server side (issue 31). Nothing scrolls on a TV, tags and the
verse read from across the room, no hand is ever drawn, and a screen turned off says so."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import AnonymousUser
from django.shortcuts import render
from django.test import RequestFactory
from playwright.sync_api import expect

from game import engine, services
from game.models import Game, GameEvent, Table
from game.protocol import messages
from game.services.starting import seat_list
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db(transaction=True)

SITE = "http://screen.test"
SECRET = "s3cr3t-screen-link"
TAGS = [
    "Grandma_Ruthie_Anne",
    "Grandpa_Bartholomew",
    "Auntie_Marigold_Sue",
    "Cousin_Jebediah_Lee",
    "Little_Samuel_James",
]
TV = {"1080": {"width": 1920, "height": 1080}, "720": {"width": 1280, "height": 720}}
PHONE = {"width": 390, "height": 844}
STATIC = Path(django_settings.BASE_DIR) / "static"
TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".woff2": "font/woff2",
}
CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://screen.test"


@pytest.fixture(autouse=True)
def _one_deal(settings) -> None:
    settings.GAME_FIXED_SEED = 20261202


# --- A real game, as the public sees it ---------------------------------------------------------


def public_view(state: dict) -> dict:
    """A seat's view with no seat, as the server sends it (docs/protocol.md, issue 31)."""
    return engine.public_view(state)


def snapshot(code: str) -> dict:
    """The screen's welcome for the table as it is now (what the lead's server will send)."""
    table = Table.objects.get(code=code)
    payload = messages.table_payload(table, seat_list(table))
    payload["watchers"] = []
    welcome = {
        "type": "welcome",
        "version": 0,
        "audience": {
            "kind": "screen",
            "tag": None,
            "code": table.code,
            "join_url": f"https://justallowgod.example/join/{table.code}/",
            "join_qr": f"/s/{SECRET}/join.svg",
        },
        "table": payload,
    }
    game = Game.objects.filter(table=table).select_related("deal").first()
    if game is None:
        return welcome
    state = engine.from_json(game.state)
    rows = GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", "events")
    events = [{**e, "version": seq} for seq, evs in rows for e in engine.events_for(evs, None)]
    shared = messages.table_wide(game, state)
    welcome.update(
        version=game.version,
        cards=messages.public_cards(game),
        view=public_view(state),
        events=events[-60:],
        verses=shared["verses"],
        clock=shared["clock"],
        complete=True,
    )
    return welcome


def as_update(before: dict, after: dict) -> dict:
    """The update that took the table from one snapshot to the next (one move apart)."""
    return {
        "type": "update",
        "version": after["version"],
        "events": [
            {k: v for k, v in e.items() if k != "version"}
            for e in after["events"]
            if e["version"] > before["version"]
        ],
        "view": after["view"],
        "verses": after["verses"],
        "clock": after["clock"],
    }


def one_move(code: str, people: list, sessions: list, rng: random.Random) -> None:
    table = Table.objects.get(code=code)
    game = Game.objects.get(table=table)
    state = engine.from_json(game.state)
    for seat, member in enumerate(people, start=1):
        moves = engine.view(state, seat)["legal_moves"]
        if moves:
            services.play_move(
                table_id=table.pk,
                user=member,
                session_key=sessions[seat - 1],
                move_id=f"m{game.version}",
                version=game.version,
                move=rng.choice(moves),
            )
            return
    raise AssertionError("nobody can move")


@pytest.fixture
def story():
    """A five-seat private table of long tags: the waiting room, the game with ten stones laid, each
    move up to the next stone, and the end, all as the public sees them."""
    load_deck()
    people = [UserFactory(gamer_tag=tag) for tag in TAGS]

    def work() -> dict:
        table = services.create_private_table(user=people[0], seats=5, remember_word=False).table
        for member in people[1:]:
            services.join_by_code(user=member, code=table.code)
        waiting = snapshot(table.code)
        services.start_table(user=people[0], code=table.code)
        sessions = [signed_in_session(m) for m in people]
        rng = random.Random(7)
        now = snapshot(table.code)
        while len(now["view"]["stones"]) < 10 and now["view"]["result"] is None:
            one_move(table.code, people, sessions, rng)
            now = snapshot(table.code)
        mid = now
        steps = []
        while len(now["view"]["stones"]) == len(mid["view"]["stones"]) and now["view"]["result"] is None:
            one_move(table.code, people, sessions, rng)
            after = snapshot(table.code)
            steps.append(as_update(now, after))
            now = after
        stone = now
        while now["view"]["result"] is None:
            one_move(table.code, people, sessions, rng)
            now = snapshot(table.code)
        end = now
        services.play_again(user=people[0], code=table.code)
        again = snapshot(table.code)
        following = snapshot(again["table"]["next_code"])
        return {
            "waiting": waiting,
            "mid": mid,
            "steps": steps,
            "stone": stone,
            "end": end,
            "again": again,
            "next": following,
        }

    return in_a_thread(work)


# --- The page, served without the server side ---------------------------------------------------


def page_html(kind: str) -> str:
    request = RequestFactory().get(f"/s/{SECRET}/")
    request.user = AnonymousUser()
    context = {
        "kind": kind,
        "ws_path": f"/ws/screen/{SECRET}/" if kind == "screen" else "/ws/watch/ABCD/",
        "code": "ABCD",
        "voice_default": kind == "screen",
        "home_url": "/",
        "table_url": "/t/ABCD/" if kind == "watch" else None,
        "watcher_tag": "Grandpa_Joe" if kind == "watch" else None,
        "title": "The table screen" if kind == "screen" else "Watching ABCD",
    }
    return render(request, "game/screen.html", context).content.decode()


QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><rect width="29" height="29" fill="#fff"/>{}</svg>'


def fake_qr() -> str:
    """A QR-looking picture for the waiting room (the real one is the lead's join.svg)."""
    rng = random.Random(3)
    cells = []
    for y in range(29):
        for x in range(29):
            corner = (x < 7 and y < 7) or (x > 21 and y < 7) or (x < 7 and y > 21)
            ring = corner and (
                x % 22 in (0, 6) or y % 22 in (0, 6) or (2 <= x % 22 <= 4 and 2 <= y % 22 <= 4)
            )
            if ring or (not corner and rng.random() < 0.45):
                cells.append(f'<rect x="{x}" y="{y}" width="1" height="1"/>')
    return QR.format("".join(cells))


class Socket:
    """The mocked screen socket: sends what the test says, answers pings and hellos."""

    def __init__(self, first: dict):
        self.first = first
        self.route = None
        self.sent: list[dict] = []
        self.connections = 0
        self.latest: dict | None = None  # the table as it is now, for a catchup after a hello

    def handle(self, ws) -> None:
        self.route = ws
        self.connections += 1
        ws.on_message(lambda raw: self.answer(ws, json.loads(raw)))
        ws.send(json.dumps(self.first))

    def answer(self, ws, msg: dict) -> None:
        self.sent.append(msg)
        now = self.latest or self.first
        if msg.get("type") == "ping":
            ws.send(json.dumps({"type": "pong", "version": now.get("version", 0)}))
        if msg.get("type") == "hello" and "view" in now:
            missed = [e for e in now["events"] if e["version"] > msg["version"]]
            keys = ("version", "view", "verses", "clock")
            ws.send(
                json.dumps(
                    {"type": "catchup", "events": missed, "complete": True, **{k: now[k] for k in keys}}
                )
            )

    def send(self, msg: dict) -> None:
        self.route.send(json.dumps(msg))


def open_screen(new_page, viewport: dict, first: dict, kind: str = "screen"):
    page = new_page(viewport)
    html = page_html(kind)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))

    def serve(route) -> None:
        path = route.request.url.removeprefix(SITE).split("?")[0]
        if path.startswith("/static/"):
            file = STATIC / path.removeprefix("/static/")
            if not file.is_file():
                route.fulfill(status=404, body="")
                return
            route.fulfill(
                body=file.read_bytes(),
                headers={"content-type": TYPES.get(file.suffix, "application/octet-stream")},
            )
        elif path.endswith("/join.svg"):
            route.fulfill(body=fake_qr(), headers={"content-type": "image/svg+xml"})
        else:
            route.fulfill(
                body=html,
                headers={"content-type": "text/html; charset=utf-8", "content-security-policy": CSP},
            )

    page.route(f"{SITE}/**", serve)
    socket = Socket(first)
    page.route_web_socket(
        f"ws://screen.test/ws/{'screen' if kind == 'screen' else 'watch'}/**", socket.handle
    )
    page.goto(f"{SITE}/s/{SECRET}/" if kind == "screen" else f"{SITE}/t/ABCD/watch/")
    return page, socket, errors


FITS = "() => ({h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth, ih: innerHeight, iw: innerWidth})"
SIZES = "(sel) => [...document.querySelectorAll(sel)].map((el) => parseFloat(getComputedStyle(el).fontSize))"


def assert_no_scrolling(page, where: str) -> None:
    fit = page.evaluate(FITS)
    assert fit["h"] <= fit["ih"] and fit["w"] <= fit["iw"], f"{where}: the screen scrolls ({fit})"


def no_hand(page) -> None:
    assert page.locator(".hand, #hand, .story-group, .hand-card").count() == 0
    assert "hand" not in page.evaluate(
        "() => document.getElementById('screen-app').innerText.toLowerCase().replace('handed', '')"
    )


@pytest.mark.parametrize("tv", TV)
def test_the_screen_fits_the_tv_and_reads_from_across_the_room(new_page, story, tv):
    page, socket, errors = open_screen(new_page, TV[tv], story["waiting"])
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "waiting")
    expect(page.locator("#join-code")).to_have_text(story["waiting"]["table"]["code"])
    expect(page.locator("#join-host")).to_have_text("justallowgod.example")
    expect(page.locator("#waiting-seats .screen-seat")).to_have_count(5)
    assert_no_scrolling(page, f"waiting room at {tv}")
    assert page.locator(".site-header, .site-footer").count() == 0
    screenshot(page, f"screen/{tv}-waiting")

    # The deal: the screen is sent the game as it stands with ten stones laid.
    socket.send(story["mid"])
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "playing")
    stones = len(story["mid"]["view"]["stones"])
    expect(page.locator(".ring-place.is-filled")).to_have_count(stones)
    expect(page.locator(".ring-place")).to_have_count(12)
    expect(page.locator("#seats .screen-seat")).to_have_count(5)
    expect(page.locator("#seats .screen-seat.is-turn")).to_have_count(1)
    turn = story["mid"]["view"]["turn"]
    expect(page.locator("#turn-line")).to_contain_text("'s turn")
    assert page.locator("#turn-line .tag").get_attribute("data-tag") == TAGS[turn - 1]
    # A long tag breaks the line before "turn", never between the tag and its "'s".
    tag_box = page.locator("#turn-line .turn-tag").bounding_box()
    suffix_box = page.locator("#turn-line .turn-suffix").bounding_box()
    assert abs(tag_box["y"] - suffix_box["y"]) < 2, f"'s on a line of its own at {tv}"
    expect(page.locator("#well-count")).to_have_text(str(story["mid"]["view"]["well"]))
    expect(page.locator("#feed .feed-item").first).to_be_visible()
    assert not page.locator("#feed").inner_text().count("You ")
    # A stone shows its story's title and its owner.
    first = story["mid"]["view"]["stones"][0]
    title = story["mid"]["cards"][str((first["story"] - 1) * 4)]["story_title"]
    place = page.locator(f".ring-place.place-{first['place']}")
    expect(place.locator(".ring-title")).to_have_text(title)
    assert place.locator(".ring-owner").get_attribute("data-tag") == TAGS[first["seat"] - 1]
    assert_no_scrolling(page, f"mid-game at {tv}")
    tags = page.evaluate(SIZES, ".screen-tag, .turn-tag, .ring-owner")
    assert tags and min(tags) >= 28, f"tags at {tv}: {tags}"
    socket.send(
        {
            "type": "reaction",
            "version": story["mid"]["version"],
            "seat": 2,
            "tag": TAGS[1],
            "reaction": "amen",
            "label": "Amen!",
        }
    )
    expect(page.locator("#feed .feed-item").first).to_have_text(f"{TAGS[1]}: Amen!")
    no_hand(page)
    screenshot(page, f"screen/{tv}-mid-game")

    # Move by move up to the next stone: its verse comes large.
    for update in story["steps"]:
        socket.send(update)
    verse = page.locator("#verse-moment")
    expect(verse).to_be_visible()
    laid = story["stone"]["view"]["stones"]
    newest = max(laid, key=lambda s: s["place"]) if laid else None
    expect(page.locator("#verse-ref")).to_have_text(
        story["stone"]["verses"][str(newest["story"])]["reference"]
    )
    assert min(page.evaluate(SIZES, "#verse-text")) >= 40
    page.wait_for_timeout(700)  # the verse's fade-in
    assert_no_scrolling(page, f"the verse at {tv}")
    expect(page.locator(".ring-place.is-filled")).to_have_count(len(laid))
    no_hand(page)
    screenshot(page, f"screen/{tv}-verse")

    # The end: the podium or its words, the stones laid; then Play again's next table.
    end = story["end"]
    # Its last update arrives after a gap: the screen asks with a hello, the catchup brings the rest.
    socket.latest = end
    socket.send({"type": "table", "version": 0, "table": end["table"]})
    socket.send({**as_update(story["stone"], end), "events": []})
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "over")
    expect(page.locator("#end-stones li")).to_have_count(len(end["view"]["stones"]))
    if end["view"]["result"]["winners"] and not end["view"]["result"].get("no_winner"):
        expect(page.locator("#end-podium .podium-step").first).to_be_visible()
    assert_no_scrolling(page, f"the end at {tv}")
    screenshot(page, f"screen/{tv}-end")
    again = story["again"]["table"]
    socket.send({"type": "table", "version": 0, "table": {**end["table"], "next_code": again["next_code"]}})
    expect(page.locator("#next-game")).to_have_text(f"Next game: {again['next_code']}")
    # About ten seconds later the screen connects again; the welcome is the new table's.
    socket.first = story["next"]
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "waiting", timeout=15000)
    expect(page.locator("#join-code")).to_have_text(again["next_code"])
    assert socket.connections == 2
    assert errors == [], errors


def test_a_screen_turned_off_says_so_and_stops(new_page, story):
    page, socket, errors = open_screen(new_page, TV["1080"], story["mid"])
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "playing")
    socket.route.close(code=4410, reason="turned off")
    expect(page.locator("#screen-closed")).to_be_visible()
    expect(page.locator("#closed-title")).to_have_text("This screen has been turned off")
    expect(page.locator("#closed-line")).to_have_text(
        "The host can show the table again from the table page."
    )
    expect(page.locator("#screen-game")).to_be_hidden()
    page.wait_for_timeout(1500)
    assert socket.connections == 1, "a screen turned off came back"
    assert errors == [], errors


def test_a_screen_opened_elsewhere_says_so(new_page, story):
    page, socket, _ = open_screen(new_page, TV["720"], story["waiting"])
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "waiting")
    socket.route.close(code=4409, reason="replaced")
    expect(page.locator("#closed-title")).to_have_text("This screen was opened somewhere else.")


def test_the_screen_off_page_is_big_and_calm(new_page):
    page = new_page(TV["1080"])
    request = RequestFactory().get(f"/s/{SECRET}/")
    request.user = AnonymousUser()
    html = render(request, "game/screen_off.html", {}).content.decode()
    page.set_content(html)
    expect(page.locator("h1")).to_have_text("This screen has been turned off")
    assert page.locator("button, form, .site-header").count() == 0


def test_a_watcher_on_a_phone_sees_the_public_view(new_page, story):
    first = {
        **story["mid"],
        "audience": {
            **story["mid"]["audience"],
            "kind": "watcher",
            "tag": "Grandpa_Joe",
            "join_url": None,
            "join_qr": None,
        },
    }
    page, socket, errors = open_screen(new_page, PHONE, first, kind="watch")
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "playing")
    expect(page.locator(".watch-title")).to_have_text(f"Watching {story['mid']['table']['code']}")
    expect(page.locator("#seats .screen-seat")).to_have_count(5)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    no_hand(page)
    screenshot(page, "screen/watch-390-mid-game")
    end = story["end"]
    socket.send(
        {
            "type": "table",
            "version": 0,
            "table": {**end["table"], "next_code": story["again"]["table"]["next_code"]},
        }
    )
    socket.latest = end
    socket.send({**as_update(story["mid"], end), "events": []})
    link = page.locator("#next-game a")
    expect(link).to_have_attribute("href", f"/t/{story['again']['table']['next_code']}/")
    socket.route.close(code=4410, reason="removed")
    expect(page.locator("#closed-title")).to_have_text("You are no longer watching this table.")
    assert errors == [], errors


@pytest.fixture
def word_story():
    """A four-seat table playing Remember the Word, up to the first question and its answer."""
    load_deck()
    people = [UserFactory(gamer_tag=tag) for tag in TAGS[:4]]

    def work() -> dict:
        table = services.create_private_table(user=people[0], seats=4, remember_word=True).table
        for member in people[1:]:
            services.join_by_code(user=member, code=table.code)
        services.start_table(user=people[0], code=table.code)
        sessions = [signed_in_session(m) for m in people]
        rng = random.Random(5)
        now = snapshot(table.code)
        asked = lambda snap: any(e["type"] == "word_question" for e in snap["events"])  # noqa: E731
        while not asked(now):
            before = now
            one_move(table.code, people, sessions, rng)
            now = snapshot(table.code)
            assert now["view"]["result"] is None, "the game ended before a question"
        question = as_update(before, now)
        one_move(table.code, people, sessions, rng)
        answered = snapshot(table.code)
        return {"before": before, "question": question, "answer": as_update(now, answered)}

    return in_a_thread(work)


def test_the_verse_waits_for_remember_the_word(new_page, word_story):
    page, socket, errors = open_screen(new_page, TV["1080"], word_story["before"])
    expect(page.locator("#screen-app")).to_have_attribute("data-state", "playing")
    question = word_story["question"]
    story = next(e["story"] for e in question["events"] if e["type"] == "word_question")
    socket.send(question)
    expect(page.locator("#feed")).to_contain_text("Remember the Word")
    page.wait_for_timeout(500)
    expect(page.locator("#verse-moment")).to_be_hidden()  # the verse is the question's answer
    socket.send(word_story["answer"])
    expect(page.locator("#verse-moment")).to_be_visible()
    assert page.locator("#verse-moment").get_attribute("data-story") == str(story)
    assert errors == [], errors
