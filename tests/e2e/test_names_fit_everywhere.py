"""Names that fit everywhere (issue 46, items 3 and 5): a family's tags of up to twenty characters and
the deck's longest story titles, on every place they are drawn, at 320x640, 390x844, 1280x800,
1280x720 and 1920x1080. A tag is whole wherever its box can hold it, else cut in the middle to six
characters or more, never over two lines, never under another word, never like another seat's (the
member's own in the site's header above the table too); a
title on the TV wraps to two lines before it is cut; every seat is on every end screen. And the phone
page: no sideways scroll and no focus out of view through a whole game at 320x640, no jump as it
fills, and its height at the deal and with nine cards.

The pages are served front end only, as tests/e2e/test_screen_layout.py serves the family screen: the
real templates and modules, fed a real game's messages (built by the services) over a mocked socket,
one page load per size. The whole game is played against the live server, with the keyboard."""

from __future__ import annotations

import json
import random
import time

import pytest
from django.shortcuts import render
from django.test import RequestFactory
from playwright.sync_api import expect

from content.default_deck import STORIES
from game import engine, services
from game.models import Game, Table
from game.services import snapshots
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot, table_model
from tests.e2e.live import sign_in
from tests.e2e.test_keyboard_whole_game import LISTEN, STATE, press_until_focused
from tests.e2e.test_page_does_not_jump import OBSERVE, SETTLED
from tests.e2e.test_screen_layout import FITS, STATIC, TYPES, open_screen
from tests.e2e.test_screen_layout import snapshot as screen_snapshot
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db(transaction=True)

# The family of issue 46, with a second tag of twenty characters, the longest a tag may be.
FAMILY = ["Daddy_Mike_the_Great", "Abcdefghijklmnopqrst", "Grandma_Ruth", "Sam", "Little_Bea"]
SIZES = {
    "320x640": {"width": 320, "height": 640},
    "390x844": {"width": 390, "height": 844},
    "1280x800": {"width": 1280, "height": 800},
    "1280x720": {"width": 1280, "height": 720},
    "1920x1080": {"width": 1920, "height": 1080},
}
TV_SIZES = ("1280x720", "1920x1080", "1280x800")
WATCH_SIZES = ("320x640", "390x844", "1280x800")
# The deck's titles, longest first: the stories laid are given the longest (retitle, below).
LONGEST_TITLES = [s.title for s in sorted(STORIES, key=lambda s: -len(s.title))]
SITE = "http://table.test"
CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://table.test"
MAX_DEAL_HEIGHT = 1700
MAX_NINE_CARDS_HEIGHT = 2200
MAX_SHIFT = 0.1

# Tags no longer than this must be whole: the examples, where there is room for them.
# (page, where, size) -> length; "*" is every size.
WHOLE = {
    ("table", "#seats", "1280x800"): 20,
    ("table", "#seats", "1280x720"): 20,
    ("table", "#seats", "1920x1080"): 20,
    ("table", "#seats", "390x844"): 12,
    ("table", "#seats", "320x640"): 12,
    ("table", ".seat-choice", "*"): 20,
    ("table", "#stone-list", "*"): 20,
    ("table", "#turn-banner", "1280x800"): 20,
    ("table", "#turn-banner", "1280x720"): 20,
    ("table", "#turn-banner", "1920x1080"): 20,
    ("table", "#turn-banner", "390x844"): 12,
    ("table", "#end-ranking", "390x844"): 20,
    ("table", "#end-ranking", "1280x800"): 20,
    ("table", "#end-ranking", "1280x720"): 20,
    ("table", "#end-ranking", "1920x1080"): 20,
    ("table", "#end-ranking", "320x640"): 12,
    ("table", "#end-podium", "1280x800"): 20,
    ("table", "#end-podium", "1280x720"): 20,
    ("table", "#end-podium", "1920x1080"): 20,
    ("screen", "#ring", "1920x1080"): 12,
    ("screen", "#seats", "1920x1080"): 20,
    ("screen", "#end-ranking", "*"): 20,
    ("screen", "#end-podium", "1920x1080"): 20,
    ("screen", "#end-podium", "1280x720"): 12,
    ("screen", "#end-podium", "1280x800"): 12,
    ("screen", "#end-stones", "*"): 20,
    ("watch", "#end-ranking", "*"): 20,
    ("watch", "#seats", "320x640"): 20,
    ("watch", "#seats", "390x844"): 20,
    ("watch", "#seats", "1280x800"): 12,
    # The site's header above the table: a phone's leaves a tag the room of "Sam" (and six letters or
    # more of any other, cut in the middle by static/js/header-tag.js); a wide screen's, any tag.
    ("table", ".site-header", "320x640"): 3,
    ("table", ".site-header", "390x844"): 3,
    ("table", ".site-header", "*"): 20,
}

# Every tag on screen under `scope`, what it shows, and what is wrong with it: over two lines, not a
# middle cut, cut where the whole tag fits its box (tried in place), clipped, or under other words.
# Tags inside sentences (.tag-word) never over two lines; story titles never clipped, wrapped to two
# lines at most where they are clamped; items of a list never on top of each other.
CHECK = """(scope) => {
  const root = document.querySelector(scope) || document.body;
  const problems = [];
  const names = [];
  // Drawn: not hidden, not in a closed <details> or <dialog> (checkVisibility knows skipped content).
  const visible = (el) => el.getClientRects().length > 0 && el.checkVisibility({ visibilityProperty: true }) && !el.closest("dialog:not([open])");
  const rectsOf = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
  };
  const lines = (rects) => new Set(rects.map((r) => Math.round(r.top + r.height / 2))).size;
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const clipping = (el) => {
    const boxes = [];
    for (let box = el.parentElement; box && box !== document.documentElement; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") boxes.push(box.getBoundingClientRect());
    }
    return boxes;
  };
  const words = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || parent.closest(".tag, .visually-hidden") || !visible(parent)) continue;
    const box = parent.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // kept for a screen reader, clipped to a pixel
    // What shows of the words: their boxes cut by every box around them that clips.
    const clips = clipping(parent);
    for (const rect of rectsOf(node)) {
      const r = clips.reduce((a, c) => ({ left: Math.max(a.left, c.left), right: Math.min(a.right, c.right), top: Math.max(a.top, c.top), bottom: Math.min(a.bottom, c.bottom) }), rect);
      if (r.right > r.left && r.bottom > r.top) words.push({ r, text: node.textContent.trim().slice(0, 40) });
    }
  }
  for (const el of root.querySelectorAll(".tag[data-tag]")) {
    if (!visible(el) || el.closest(".visually-hidden")) continue;
    const tag = el.dataset.tag;
    const shown = el.querySelector(".tag-shown");
    const text = shown.textContent;
    const where = el.parentElement.closest("[id]")?.id || el.parentElement.className;
    const rects = rectsOf(shown);
    names.push({ tag, shown: text, where, box: Math.round(el.getBoundingClientRect().width) });
    const say = (what) => problems.push(`${tag} in ${where} (${el.parentElement.className}): ${what}`);
    if (lines(rects) > 1) say(`over ${lines(rects)} lines`);
    if (text !== tag) {
      const [head, tail] = text.split("…");
      if (!head || !tail || !tag.startsWith(head) || !tag.endsWith(tail)) say(`"${text}" is not a cut in the middle`);
      else if ([...head].length + [...tail].length < Math.min(6, [...tag].length - 1)) say(`cut to "${text}"`);
      shown.textContent = tag;
      const fits = el.scrollWidth <= el.clientWidth + 0.5;
      shown.textContent = text;
      if (fits) say(`cut to "${text}" where it fits whole`);
    }
    const boxes = [el.getBoundingClientRect(), ...clipping(el)];
    for (const r of rects) {
      if (r.left < -0.5 || r.right > innerWidth + 0.5) say("off the screen");
      if (boxes.some((b) => r.left < b.left - 0.5 || r.right > b.right + 0.5)) say(`"${text}" is clipped`);
      for (const w of words) if (over(r, w.r)) say(`under "${w.text}"`);
    }
  }
  for (const el of root.querySelectorAll(".tag-word")) {
    if (visible(el) && lines(rectsOf(el)) > 1) problems.push(`"${el.textContent}" broken over two lines in "${el.parentElement.textContent.slice(0, 60)}"`);
  }
  const titles = ".stone-row-title, .ring-head, .end-stone-title, .story-group-name, .story-choice .choice-title, .verse-moment-title, #verse-title";
  for (const el of root.querySelectorAll(titles)) {
    if (!visible(el)) continue;
    const title = el.textContent;
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`title "${title}" is wider than its box`);
    if (el.scrollHeight > el.clientHeight + 1) problems.push(`title "${title}" is cut after ${lines(rectsOf(el))} lines`);
    for (const r of rectsOf(el)) {
      if (r.left < -0.5 || r.right > innerWidth + 0.5) problems.push(`title "${title}" is off the screen`);
      for (const w of words) if (over(r, w.r) && !title.includes(w.text)) problems.push(`title "${title}" is under "${w.text}"`);
    }
  }
  const lists = "#seats, #stone-list, #end-ranking, #end-podium, .picker-options, #ring, #end-stones, #waiting-seats";
  for (const list of root.querySelectorAll(lists)) {
    if (!visible(list)) continue;
    const items = [...list.children].filter(visible).map((item) => item.getBoundingClientRect());
    items.forEach((a, i) => items.slice(i + 1).forEach((b, j) => over(a, b) && problems.push(`${list.id || list.className}: items ${i + 1} and ${i + j + 2} overlap`)));
  }
  return { names, problems };
}"""


# --- A family's game, as its messages say it ---------------------------------------------------


def retitle(message: dict, titles: dict[int, str]) -> dict:
    """The same message with every card's story title as `titles` says (story -> title)."""
    if "cards" not in message:
        return message
    cards = {
        cid: {**face, "story_title": titles[int(cid) // 4 + 1]} for cid, face in message["cards"].items()
    }
    return {**message, "cards": cards}


def as_catchup(welcome: dict) -> dict:
    """A later welcome's game as the catchup a page is sent after a gap."""
    keys = ("version", "view", "events", "verses", "clock", "complete")
    return {"type": "catchup", **{k: welcome[k] for k in keys if k in welcome}}


def family_game() -> dict:
    """Five family members play a game through the services: the messages a seat's page and the
    family screen are sent at three moments (on a member's turn to ask, with six stones or more
    laid by Grandma_Ruth and a twenty-letter tag among others; once the turn has passed; at the end),
    the deck's longest titles given to the stories laid."""
    people = [UserFactory(gamer_tag=tag) for tag in FAMILY]

    def work() -> dict:
        table = services.create_private_table(user=people[0], seats=5, remember_word=False).table
        for member in people[1:]:
            services.join_by_code(user=member, code=table.code)
        services.start_table(user=people[0], code=table.code)
        sessions = [signed_in_session(m) for m in people]
        rng = random.Random(46)

        def now() -> dict:
            return engine.from_json(Game.objects.get(table=table).state)

        def step(number: int) -> None:
            game = Game.objects.get(table=table)
            state = engine.from_json(game.state)
            seat = state["turn"]
            move = rng.choice(engine.legal_moves(state, seat))
            services.play_move(
                table_id=table.pk,
                user=people[seat - 1],
                session_key=sessions[seat - 1],
                move_id=f"n{number}",
                version=game.version,
                move=move,
            )

        def ready(state: dict) -> bool:
            view = engine.view(state, state["turn"])
            owners = {FAMILY[s["seat"] - 1] for s in view["stones"]}
            asks = any("ask" in m for m in view["legal_moves"])
            long_owner = owners & {"Daddy_Mike_the_Great", "Abcdefghijklmnopqrst"}
            return len(view["stones"]) >= 6 and "Grandma_Ruth" in owners and bool(long_owner) and asks

        number = 0
        while not ready(now()):
            assert engine.view(now(), 1)["result"] is None, "pick another seed: the game ended first"
            step(number)
            number += 1
        seat = now()["turn"]
        viewer = people[seat - 1]
        mid = snapshots.welcome(table_id=table.pk, user=viewer)
        screen_mid = screen_snapshot(table.code)
        while now()["turn"] == seat:
            step(number)
            number += 1
        other = snapshots.welcome(table_id=table.pk, user=viewer)
        while engine.view(now(), 1)["result"] is None:
            step(number)
            number += 1
        end = snapshots.welcome(table_id=table.pk, user=viewer)
        screen_end = screen_snapshot(table.code)
        laid = [s["story"] for s in sorted(end["view"]["stones"], key=lambda s: s["place"])]
        rest = [s.position for s in STORIES if s.position not in laid]
        titles = dict(zip(laid + rest, LONGEST_TITLES, strict=True))
        html = table_html(Table.objects.get(pk=table.pk), viewer)
        return {
            "html": html,
            "mid": retitle(mid, titles),
            "other": as_catchup(other),
            "end": as_catchup(end),
            "screen_mid": retitle(screen_mid, titles),
            "screen_end": retitle(screen_end, titles),
            "ranked": [FAMILY[r["seat"] - 1] for r in end["view"]["result"]["ranking"]],
        }

    return in_a_thread(work)


# --- The table page, served without the server side --------------------------------------------


def table_html(table: Table, member) -> str:
    """templates/game/table.html as the member's browser is sent it."""
    request = RequestFactory().get(f"/t/{table.code}/")
    request.user = member
    context = {"table": table, "join_url": f"https://justallowgod.example/join/{table.code}/"}
    return render(request, "game/table.html", context).content.decode()


class TableSocket:
    """The mocked table socket: the welcome first, then what the test sends; pings are answered."""

    def __init__(self, first: dict):
        self.first = first
        self.route = None

    def handle(self, ws) -> None:
        self.route = ws
        ws.on_message(lambda raw: self.answer(ws, json.loads(raw)))
        ws.send(json.dumps(self.first))

    def answer(self, ws, msg: dict) -> None:
        if msg.get("type") == "ping":
            ws.send(json.dumps({"type": "pong", "version": self.first.get("version", 0)}))

    def send(self, msg: dict) -> None:
        self.route.send(json.dumps(msg))


def open_table_page(new_page, viewport: dict, html: str, first: dict, *, observe: bool = False):
    page = new_page(viewport)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if observe:
        page.add_init_script(OBSERVE)

    def serve(route) -> None:
        path = route.request.url.removeprefix(SITE).split("?")[0]
        if path.startswith("/static/"):
            file = STATIC / path.removeprefix("/static/")
            if not file.is_file():
                route.fulfill(status=404, body="")
                return
            kind = TYPES.get(file.suffix, "application/octet-stream")
            route.fulfill(body=file.read_bytes(), headers={"content-type": kind})
        else:
            headers = {"content-type": "text/html; charset=utf-8", "content-security-policy": CSP}
            route.fulfill(body=html, headers=headers)

    page.route(f"{SITE}/**", serve)
    socket = TableSocket(first)
    page.route_web_socket("ws://table.test/ws/table/**", socket.handle)
    page.goto(f"{SITE}/t/ABCD/")
    return page, socket, errors


# --- Reading what is drawn ---------------------------------------------------------------------


def settle(page) -> None:
    """Fonts in, names fitted, two frames drawn, and nothing still gliding into place (the TV's
    "Tap here" button and the feed move by transitions: names are judged where things come to rest)."""
    page.evaluate("() => document.fonts.ready")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function(
        """() => !document.getAnimations().some((a) =>
             a.playState === "running" && a.effect && a.effect.getComputedTiming().endTime !== Infinity)"""
    )


def shot(page, name: str, *, full_page: bool = True) -> None:
    screenshot(page, f"names-fit/{name}", full_page=full_page)


def whole_up_to(page_kind: str, where: str, size: str) -> int:
    return WHOLE.get((page_kind, where, size), WHOLE.get((page_kind, where, "*"), 0))


def assert_names_fit(page, page_kind: str, size: str, scope: str, places: tuple[str, ...]) -> list[dict]:
    """Everything CHECK finds wrong, none; no two tags drawn alike; the tags each place has room for,
    whole."""
    found = page.evaluate(CHECK, scope)
    assert found["problems"] == [], f"{page_kind} at {size}: {found['problems']}"
    looks: dict[str, set[str]] = {}
    for name in found["names"]:
        looks.setdefault(name["shown"], set()).add(name["tag"])
    alike = {shown: tags for shown, tags in looks.items() if len(tags) > 1}
    assert not alike, f"{page_kind} at {size}: drawn alike: {alike}"
    for where in places:
        longest = whole_up_to(page_kind, where, size)
        shown = page.evaluate(
            "(sel) => [...document.querySelectorAll(`${sel} .tag[data-tag]`)].filter((el) => el.getClientRects().length)"
            ".map((el) => [el.dataset.tag, el.querySelector('.tag-shown').textContent])",
            where,
        )
        assert shown, f"{page_kind} at {size}: no tag in {where}"
        cut = [(tag, text) for tag, text in shown if len(tag) <= longest and text != tag]
        assert cut == [], f"{page_kind} at {size}: cut in {where} though there is room: {cut}"
    return found["names"]


def assert_every_seat_ranked(page, where: str, tags: list[str]) -> None:
    listed = page.evaluate(
        "() => [...document.querySelectorAll('#end-ranking .tag[data-tag]')].filter((el) => el.getClientRects().length).map((el) => el.dataset.tag)"
    )
    assert sorted(listed) == sorted(tags), f"{where}: the end list names {listed}"


def no_sideways_scroll(page, where: str) -> None:
    fit = page.evaluate(FITS)
    assert fit["w"] <= fit["iw"], f"{where}: the page is {fit['w']} px wide"


# --- The tests ---------------------------------------------------------------------------------


@pytest.fixture
def game(settings):
    settings.GAME_FIXED_SEED = 20261246
    load_deck()
    return family_game()


def test_every_tag_and_title_fits_on_the_table_page_at_every_size(new_page, game):
    for size, viewport in SIZES.items():
        page, socket, errors = open_table_page(new_page, viewport, game["html"], game["mid"])
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("#stone-list .stone-row").first).to_be_visible()
        settle(page)
        shot(page, f"table-{size}-your-turn")
        assert_names_fit(page, "table", size, "#table-app", ("#seats", "#stone-list"))
        assert_names_fit(page, "table", size, ".site-header", (".site-header",))
        no_sideways_scroll(page, f"the table at {size}")

        # Whom to ask: every other seat, each button as wide as its words where the row allows.
        page.locator(".story-choice").first.click()
        expect(page.locator(".seat-choice").first).to_be_focused()
        settle(page)
        shot(page, f"table-{size}-ask")
        assert_names_fit(page, "table", size, "#actions", (".seat-choice",))

        # Someone else's turn: the bar says whose, "'s turn" whole beside the tag, on one line.
        socket.send(game["other"])
        expect(page.locator("#turn-banner .turn-suffix")).to_have_text("'s turn")
        page.evaluate("() => window.scrollTo(0, 0)")  # the pinned bar over nothing but itself
        settle(page)
        shot(page, f"table-{size}-their-turn")
        bar = page.evaluate(
            """() => { const tag = document.querySelector('#turn-banner .tag').getBoundingClientRect();
            const suffix = document.querySelector('#turn-banner .turn-suffix').getBoundingClientRect();
            const pill = document.getElementById('turn-pill').getBoundingClientRect();
            return { same: Math.abs(tag.top - suffix.top) < 2, inside: suffix.right <= pill.right + 0.5 && suffix.left >= tag.right - 0.5,
                     height: document.querySelector('.game-top').getBoundingClientRect().height }; }"""
        )
        assert bar["same"] and bar["inside"], f"the turn line at {size}: {bar}"
        assert bar["height"] < 60, f"the pinned bar takes two lines at {size}: {bar}"
        assert_names_fit(page, "table", size, "#table-app", ("#turn-banner", "#seats", "#stone-list"))

        # The end: a podium, and every seat with its points.
        socket.send(game["end"])
        expect(page.locator("#end")).to_be_visible()
        expect(page.locator("#end-ranking .rank-row")).to_have_count(len(FAMILY))
        settle(page)
        shot(page, f"table-{size}-end")
        assert_every_seat_ranked(page, f"the table's end at {size}", FAMILY)
        assert_names_fit(page, "table", size, "#end", ("#end-ranking", "#end-podium"))
        no_sideways_scroll(page, f"the end at {size}")
        assert errors == [], errors
        page.context.close()


def test_every_tag_and_title_fits_on_the_family_screen_and_the_watchers_page(new_page, game):
    watcher = {"kind": "watcher", "tag": "Grandpa_Joe", "join_url": None, "join_qr": None}
    pages = [("screen", size) for size in TV_SIZES] + [("watch", size) for size in WATCH_SIZES]
    for kind, size in pages:
        first = game["screen_mid"]
        if kind == "watch":
            first = {**first, "audience": {**first["audience"], **watcher}}
        page, socket, errors = open_screen(new_page, SIZES[size], first, kind=kind)
        expect(page.locator("#screen-app")).to_have_attribute("data-state", "playing")
        expect(page.locator(".ring-place.is-filled").first).to_be_visible()
        settle(page)
        shot(page, f"{kind}-{size}-game")
        assert_names_fit(page, kind, size, "#screen-app", ("#ring", "#seats"))
        if kind == "screen":
            fit = page.evaluate(FITS)
            assert fit["h"] <= fit["ih"] and fit["w"] <= fit["iw"], f"the screen scrolls at {size}: {fit}"
        else:
            no_sideways_scroll(page, f"the watcher's page at {size}")

        end = game["screen_end"]
        socket.latest = end
        socket.send({"type": "table", "version": 0, "table": end["table"]})
        socket.send({**end, "type": "catchup"})
        expect(page.locator("#screen-app")).to_have_attribute("data-state", "over")
        expect(page.locator("#end-ranking .end-rank")).to_have_count(len(FAMILY))
        settle(page)
        shot(page, f"{kind}-{size}-end")
        assert_every_seat_ranked(page, f"the {kind}'s end at {size}", FAMILY)
        # In the order of the places, the fourth and fifth too.
        listed = page.evaluate(
            "() => [...document.querySelectorAll('#end-ranking .tag')].map((el) => el.dataset.tag)"
        )
        assert listed == game["ranked"], listed
        places = ("#end-ranking", "#end-podium", "#end-stones") if kind == "screen" else ("#end-ranking",)
        assert_names_fit(page, kind, size, "#screen-end", places)
        if kind == "screen":
            fit = page.evaluate(FITS)
            assert fit["h"] <= fit["ih"] and fit["w"] <= fit["iw"], f"the end scrolls at {size}: {fit}"
        else:
            no_sideways_scroll(page, f"the watcher's end at {size}")
        assert errors == [], errors
        page.context.close()


def dealt(hosts: list, settings, *, seed: int, play_until=None) -> tuple[str, dict]:
    """A private table of four dealt with `seed`, its host's page and welcome (after `play_until`)."""
    settings.GAME_FIXED_SEED = seed

    def work() -> tuple[str, dict]:
        table = services.create_private_table(user=hosts[0], seats=4, remember_word=False).table
        for member in hosts[1:]:
            services.join_by_code(user=member, code=table.code)
        services.start_table(user=hosts[0], code=table.code)
        if play_until:
            rng = random.Random(seed)
            session = signed_in_session(hosts[0])
            for number in range(2000):
                game = Game.objects.get(table=table)
                state = engine.from_json(game.state)
                if play_until(engine.view(state, 1)):
                    break
                services.play_move(
                    table_id=table.pk,
                    user=hosts[0],
                    session_key=session,
                    move_id=f"d{number}",
                    version=game.version,
                    move=rng.choice(engine.legal_moves(state, state["turn"])),
                )
        table = Table.objects.get(pk=table.pk)
        return table_html(table, hosts[0]), snapshots.welcome(table_id=table.pk, user=hosts[0])

    return in_a_thread(work)


def page_height(new_page, viewport: dict, html: str, welcome: dict) -> int:
    page, _, errors = open_table_page(new_page, viewport, html, welcome)
    expect(page.locator(".story-group").first).to_be_visible()
    settle(page)
    height = page.evaluate("() => document.documentElement.scrollHeight")
    no_sideways_scroll(page, "the phone page")
    assert errors == [], errors
    page.context.close()
    return height


def test_the_phone_page_is_short_at_the_deal_and_with_nine_cards_and_never_jumps(new_page, settings):
    load_deck()
    family = [UserFactory(gamer_tag=t) for t in ("Grandma_Ruth", "Daddy_Mike_the_Great", "Sam", "Little_Bea")]
    # The host's page at the deal: their turn, every story they hold a button to ask for.
    heights, deals = {}, {}
    for seed in (3, 7, 8):
        deals[seed] = dealt(family, settings, seed=seed)
        for size in ("320x640", "390x844"):
            heights[(seed, size)] = page_height(new_page, SIZES[size], *deals[seed])
    print(f"at the deal: {heights}")
    assert max(heights.values()) <= MAX_DEAL_HEIGHT, heights

    host = UserFactory(gamer_tag="Abcdefghijklmnopqrst")
    nine = {}
    for seed in (6, 9, 12):
        html, welcome = dealt(
            [host], settings, seed=seed, play_until=lambda v: len(v["hand"]) >= 9 or v["result"]
        )
        assert len(welcome["view"]["hand"]) >= 9, f"pick another seed than {seed}"
        nine[seed] = page_height(new_page, SIZES["320x640"], html, welcome)
    print(f"with nine cards at 320: {nine}")
    assert max(nine.values()) <= MAX_NINE_CARDS_HEIGHT, nine

    # A screen follows the table and someone watches: their lines come with the first drawing, so
    # nothing on the page moves as it fills, at any size.
    html, welcome = deals[3]
    welcome["table"] = {**welcome["table"], "screen_on": True, "watchers": [{"id": 1, "tag": "Grandpa_Joe"}]}
    for size in ("320x640", "390x844", "1280x800"):
        page, _, errors = open_table_page(new_page, SIZES[size], html, welcome, observe=True)
        expect(page.locator(".story-group").first).to_be_visible()
        expect(page.locator("#watching")).to_contain_text("A screen is following this table")
        page.evaluate(SETTLED)
        shot(page, f"table-{size}-screen-following")
        shift = page.evaluate("() => window.layoutShift")
        print(f"layout shift at {size}: {shift}")
        assert shift["total"] < MAX_SHIFT, f"the page jumps at {size}: {shift}"
        assert errors == [], errors
        page.context.close()


# --- A whole game on a small phone, with the keyboard ------------------------------------------

# The Remember the Word dialog's answers, each wholly inside the dialog and the screen.
WORD_ANSWERS = """() => {
  const dialog = document.getElementById("word-dialog").getBoundingClientRect();
  return [...document.querySelectorAll("#word-dialog .word-choice")].map((b) => b.getBoundingClientRect())
    .filter((r) => r.top < Math.max(0, dialog.top) - 0.5 || r.bottom > Math.min(innerHeight, dialog.bottom) + 0.5
      || r.left < dialog.left - 0.5 || r.right > dialog.right + 0.5).length;
}"""


def test_a_whole_game_at_320_never_scrolls_sideways_and_never_puts_the_focus_out_of_view(live_asgi, new_page):
    # Keys pressed as fast as a test can, twenty moves a second: over the cap a person never reaches.
    server = live_asgi(
        GAME_FIXED_SEED=20261130, WS_MAX_MESSAGES_PER_SECOND=200, WS_MAX_MESSAGES_PER_MEMBER_PER_SECOND=200
    )
    load_deck()
    member = UserFactory(gamer_tag="Daddy_Mike_the_Great")

    def deal() -> str:
        table = services.create_private_table(user=member, seats=4, remember_word=True).table
        services.start_table(user=member, code=table.code)
        return table.code

    code = in_a_thread(deal)
    page = new_page(SIZES["320x640"])
    sign_in(page, server, member)
    page.goto(f"{server.url}/t/{code}/")
    expect(page.locator(".story-group").first).to_be_visible()
    page.evaluate(LISTEN)
    rng = random.Random(5)
    moves, questions, deadline = 0, 0, time.monotonic() + 240
    while time.monotonic() < deadline:
        state = table_model(page, STATE)
        if state["over"]:
            break
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 320, f"after {moves} moves the page is {width} px wide"
        if state["word"] == "question":
            expect(page.locator("#word-dialog .word-choice").first).to_be_focused()
            assert page.evaluate(WORD_ANSWERS) == 0, "an answer is outside the dialog or the screen"
            if not questions:
                shot(page, "phone-320-remember-the-word", full_page=False)
            questions += 1
            for _ in range(rng.randrange(3)):
                page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            expect(page.locator("#word-dialog .word-result")).to_be_visible()
        elif state["word"] == "answer":
            page.keyboard.press("Enter")
            expect(page.locator("#word-dialog")).not_to_be_visible()
        elif state["moves"] and not state["pending"]:
            moves += play_one(page, rng, state["version"])
        else:
            table_model(page, NEXT, state["version"], until=True)
    else:
        pytest.fail("the game did not end in time")
    page.wait_for_function("() => window.stops > 0")
    page.evaluate(SETTLED)
    assert moves > 10 and questions > 0, (moves, questions)
    assert page.evaluate("() => window.stops") > 30
    assert page.evaluate("() => window.offscreen") == [], "the focus went out of view"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320


# Something to do again: a newer version, the end, a question, or a move that is not waiting.
NEXT = """(app, v) => {
  return app.version !== v || !!app.view.result || document.getElementById("word-dialog").open
    || (!app.pending && (app.view.legal_moves || []).length > 0);
}"""


def play_one(page, rng: random.Random, version: int) -> int:
    """Lay a stone or go to the Well when the game offers it, else ask (a story, then a seat) or end
    the turn, with Tab, arrows and Enter only; returns 1 once a move is sent."""
    body = "#actions-body"
    order = [".action-stone", ".action-well", ".seat-choice", ".story-choice", ".action-done"]
    if page.locator(f"{body} .action-done").count() and rng.random() < 0.4:
        order.insert(0, ".action-done")
    for selector in order:
        count = page.locator(f"{body} {selector}:not([disabled])").count()
        if not count:
            continue
        nth = 0 if selector in (".action-stone", ".action-well") else rng.randrange(count)
        if not press_until_focused(page, f"{body} {selector}:not([disabled])", nth):
            return 0
        page.keyboard.press("Enter")
        if selector == ".story-choice":
            expect(page.locator(f"{body} .seat-choice").first).to_be_focused()
            return 0
        table_model(page, "(m, v) => !m.pending && m.version > v", version, until=True)
        return 1
    return 0
