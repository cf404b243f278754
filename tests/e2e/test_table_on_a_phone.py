"""The table on a phone: one glance, never lost. Sizes, the pinned bar, the tab title, long tags,
the circle's titles, the end screens and leaving, at 390x844 and 320x640."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from game import engine, services
from game.models import Game, Table
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot, table_model
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = {"390": {"width": 390, "height": 844}, "320": {"width": 320, "height": 640}}
# Legal tags of 20 characters that share their first letters.
LONG_TAGS = ["Bartholomew_the_Kind", "Bartholomew_the_Wise", "Bartholomew_the_Meek", "Bartholomew_the_Bold"]
MAX_DEAL_HEIGHT = 1700

OVERFLOW = """() => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .filter((el) => !el.closest("dialog:not([open]), .visually-hidden, .skip-link"))
  .slice(0, 5).map((el) => el.outerHTML.slice(0, 160))"""


@pytest.fixture(autouse=True)
def _one_deal(settings) -> None:
    """The same deal every run, so a game played out by the services reaches the same moments."""
    settings.GAME_FIXED_SEED = 20261130


def no_overflow(page, where: str) -> None:
    assert page.evaluate(OVERFLOW) == [], f"{where}: something is wider than the phone"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"], where


def members(count: int) -> list:
    return [UserFactory(gamer_tag=tag) for tag in LONG_TAGS[:count]]


def deal(people: list, *, teams: bool = False, start: bool = True) -> str:
    """A private table hosted by the first member, the others seated, dealt unless start=False."""

    def work() -> str:
        table = services.create_private_table(user=people[0], seats=4, teams=teams, remember_word=False).table
        for member in people[1:]:
            services.join_by_code(user=member, code=table.code)
        if start:
            services.start_table(user=people[0], code=table.code)
        return table.code

    return in_a_thread(work)


def play_out(
    code: str, people: list, *, rng: random.Random, stop=lambda view: view["result"] is not None
) -> dict:
    """Members pick random legal moves through the services (JagAI answers inside them) until `stop`."""

    def work() -> dict:
        table = Table.objects.get(code=code, status=Table.Status.PLAYING)
        sessions = [signed_in_session(member) for member in people]
        for number in range(3000):
            game = Game.objects.get(table=table)
            state = engine.from_json(game.state)
            view = engine.view(state, 1)
            if stop(view):
                return view
            for seat, member in enumerate(people, start=1):
                moves = engine.view(state, seat)["legal_moves"]
                if moves:
                    services.play_move(
                        table_id=table.pk,
                        user=member,
                        session_key=sessions[seat - 1],
                        move_id=f"t{number}",
                        version=game.version,
                        move=rng.choice(moves),
                    )
                    break
            else:
                raise AssertionError("nobody can move in a game that is not over")
        raise AssertionError("the game did not get there")

    return in_a_thread(work)


def open_table(new_page, server, member, code: str, viewport: dict):
    page = new_page(viewport)
    sign_in(page, server, member)
    page.goto(f"{server.url}/t/{code}/")
    return page


@pytest.mark.parametrize("phone", PHONES)
def test_at_the_deal_the_game_fits_two_phone_screens_and_the_turn_bar_stays_in_view(
    live_asgi, new_page, settings, phone
):
    server = live_asgi()
    load_deck()
    viewport = PHONES[phone]
    for seed in (11, 12, 13):
        settings.GAME_FIXED_SEED = seed
        host, guest = (
            members(2)
            if seed == 11
            else [UserFactory(gamer_tag=f"{t[:17]}{seed}{i}") for i, t in enumerate(LONG_TAGS[:2])]
        )
        code = deal([host, guest])
        page = open_table(new_page, server, host, code, viewport)
        expect(page.locator(".story-group").first).to_be_visible()
        height = page.evaluate("() => document.documentElement.scrollHeight")
        assert height <= MAX_DEAL_HEIGHT, f"seed {seed}: the page is {height} px tall at the deal"
        no_overflow(page, f"game at {phone}")

        # The tab says it is your turn; the other member's tab does not.
        expect(page).to_have_title(re.compile(r"^● Your turn · Table [A-Z]{4}"))
        other = open_table(new_page, server, guest, code, viewport)
        expect(other.locator("#turn-banner .turn-suffix")).to_have_text("'s turn")
        expect(other.locator("#turn-banner .turn-suffix")).to_be_in_viewport(ratio=1)
        assert other.locator("#turn-banner .turn-suffix").evaluate(
            "(el) => el.getBoundingClientRect().right <= el.closest('.turn-banner').getBoundingClientRect().right"
        )
        expect(other).to_have_title(re.compile(r"^Table [A-Z]{4}"))

        # Scrolled down to the cards and beyond, the turn bar is still on screen.
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_function("() => window.scrollY > 0")
        box = page.locator(".game-top").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
        expect(page.locator(".game-top")).to_contain_text("Your turn")
        if seed == 11:
            page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(page, f"phone-{phone}-game-your-turn")
            screenshot(other, f"phone-{phone}-game-their-turn")
            assert axe_violations(page) == []
            assert axe_violations(other) == []
        page.context.close()
        other.context.close()


def test_a_long_tag_is_cut_on_the_seat_tiles_and_shown_whole_on_a_tap(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = members(2)
    code = deal([host, guest])
    page = open_table(new_page, server, host, code, PHONES["320"])
    name = page.locator(".seat-chip .seat-name", has_text="Bartholomew_the_Wise")
    expect(name).to_have_count(1)
    # On screen the tag is cut in the middle but keeps both ends, so look-alikes stay apart; the
    # whole tag is still the tile's accessible name.
    shown = name.locator(".tag-shown")
    head, cut, tail = shown.inner_text().partition("…")
    assert cut and "Bartholomew_the_Wise".startswith(head) and "Bartholomew_the_Wise".endswith(tail)
    assert tail.endswith("ise") and len(head) + len(tail) >= 6, shown.inner_text()
    tail_inside = (
        "(el) => el.getBoundingClientRect().right <= el.closest('.seat-chip').getBoundingClientRect().right"
    )
    assert shown.evaluate(tail_inside)
    expect(page.locator(".seat-chip").nth(1)).to_have_attribute(
        "aria-label", re.compile("^Bartholomew_the_Wise")
    )
    # A tap on your own seat shows your tag whole on the tile.
    mine = page.locator(".seat-chip .seat-name", has_text="Bartholomew_the_Kind")
    mine.click()
    expect(mine).to_have_class(re.compile("is-whole"))
    expect(mine.locator(".tag-shown")).to_have_text("Bartholomew_the_Kind")
    assert mine.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1")
    no_overflow(page, "game with a tag shown whole")
    # Another member's seat opens its menu (Report this name), headed by their whole tag.
    name.click()
    expect(page.get_by_role("dialog", name="Bartholomew_the_Wise")).to_be_visible()


def test_the_circle_names_each_stone_and_who_laid_it_and_a_tap_shows_the_verse(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    (host,) = members(1)
    code = deal([host])
    view = play_out(code, [host], rng=random.Random(5), stop=lambda v: len(v["stones"]) >= 2 or v["result"])
    assert view["result"] is None, "pick another seed: the game ended before two stones"
    page = open_table(new_page, server, host, code, PHONES["320"])
    rows = page.locator("#stone-list .stone-row")
    expect(rows).to_have_count(len(view["stones"]))
    titles = table_model(page, "(m, _, t) => m.view.stones.map((s) => [s.place, t.story(s.story)])")
    for place, title in titles:
        row = page.locator(
            "#stone-list .stone-row", has=page.locator(".stone-badge", has_text=re.compile(rf"^{place}$"))
        )
        expect(row).to_contain_text(title)
        expect(row).to_contain_text(re.compile(r"You|JagAI"))
    expect(page.locator("#circle .stone")).to_have_count(len(view["stones"]))
    rows.first.get_by_role("button").click()
    expect(page.locator("#verse-moment")).to_be_visible()
    expect(page.locator("#verse-moment-title")).to_be_focused()
    expect(page.locator("#verse-moment")).to_contain_text(titles[0][1])
    no_overflow(page, "game with stones")
    page.wait_for_timeout(500)  # let the verse finish rising into place
    screenshot(page, "phone-320-verse-moment")
    assert axe_violations(page) == []


@pytest.mark.parametrize("phone", PHONES)
def test_a_teams_waiting_room_shows_seats_and_teams_with_start_above_the_fold(live_asgi, new_page, phone):
    server = live_asgi()
    people = members(4)
    code = deal(people, teams=True, start=False)
    page = open_table(new_page, server, people[0], code, PHONES[phone])
    seats = page.locator("#waiting-seats .waiting-seat")
    expect(seats).to_have_count(4)
    for number in range(1, 5):
        seat = seats.nth(number - 1)
        expect(seat).to_contain_text(f"Seat {number}")
        expect(seat).to_contain_text(f"Team {1 if number % 2 else 2}")
        expect(seat).to_contain_text(LONG_TAGS[number - 1])
    start = page.get_by_role("button", name="Start the game")
    expect(start).to_be_enabled()
    box = start.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONES[phone]["height"], "Start is below the fold"
    no_overflow(page, f"waiting room at {phone}")
    screenshot(page, f"phone-{phone}-waiting-room-teams")
    assert axe_violations(page) == []


def test_a_public_countdown_is_above_the_fold(live_asgi, new_page):
    server = live_asgi()
    load_deck()  # Play now deals only from a ready deck
    (member,) = members(1)
    table = in_a_thread(lambda: services.play_now(user=member).table)
    page = open_table(new_page, server, member, table.code, PHONES["320"])
    countdown = page.locator("#countdown")
    expect(countdown).to_be_visible()
    box = countdown.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONES["320"]["height"]
    no_overflow(page, "public waiting room")
    screenshot(page, "phone-320-waiting-room-public")


def test_the_start_page_fits_a_small_phone_with_a_long_tag(live_asgi, new_page):
    server = live_asgi()
    (member,) = members(1)
    page = new_page(PHONES["320"])
    sign_in(page, server, member)
    page.goto(server.url + "/")
    expect(page.get_by_role("heading", name=re.compile("Peace be with you"))).to_be_visible()
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 64, "the header takes more than one line"
    no_overflow(page, "start page")
    screenshot(page, "phone-320-start")
    assert axe_violations(page) == []


def test_a_solo_end_screen_shows_places_and_the_verse_for_a_win(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = members(2)
    code = deal([host, guest])
    view = play_out(code, [host, guest], rng=random.Random(3))
    page = open_table(new_page, server, host, code, PHONES["390"])
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end-title")).to_be_in_viewport()
    expect(page.locator(".rank-row")).to_have_count(2)
    expect(page.locator(".rank-place").first).to_have_text("1st")
    if view["result"]["winners"]:
        expect(page.locator("#end-verse")).to_contain_text("faithful servant")
    no_overflow(page, "solo end screen")
    screenshot(page, "phone-390-end-solo")
    assert axe_violations(page) == []


def test_a_teams_end_screen_ranks_the_teams_first_and_members_within_them(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    people = members(4)
    code = deal(people, teams=True)
    view = play_out(code, people, rng=random.Random(8))
    page = open_table(new_page, server, people[3], code, PHONES["320"])
    expect(page.locator("#end")).to_be_visible()
    teams = page.locator("#end-ranking > .team-rank")
    expect(teams).to_have_count(2)
    best = min(view["result"]["teams"], key=lambda t: (t["rank"], t["team"]))
    expect(teams.first.locator(".team-rank-name")).to_have_text(f"Team {best['team']}")
    if not view["result"]["no_winner"]:
        # The podium is the winning team's, its members named on it.
        expect(page.locator("#end-podium .podium-step").first).to_contain_text(f"Team {best['team']}")
        expect(page.locator("#end-podium .podium-name")).to_have_count(2)
    for team in range(2):
        expect(teams.nth(team).locator(".rank-row")).to_have_count(2)
    # People are not ranked 1st-4th among themselves: places belong to the teams.
    expect(page.locator(".team-members .rank-place")).to_have_count(0)
    expect(page.locator("#end-ranking")).not_to_contain_text("4th")
    no_overflow(page, "teams end screen")
    screenshot(page, "phone-320-end-teams")
    assert axe_violations(page) == []


def test_a_game_ended_early_opens_at_its_heading_and_says_once_that_nobody_wins(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = members(2)
    code = deal([host, guest])
    page = open_table(new_page, server, host, code, PHONES["320"])
    expect(page.locator("#game")).to_be_visible()
    # The host scrolls down to End game; the end screen then opens at its heading, not mid-page.
    page.get_by_role("button", name="End game").scroll_into_view_if_needed()
    assert page.evaluate("() => window.scrollY") > 0
    page.get_by_role("button", name="End game").click()
    page.get_by_role("dialog").get_by_role("button", name="End the game").click()
    expect(page.locator("#end-title")).to_have_text("The game was ended early")
    expect(page.locator("#end-title")).to_be_focused()
    assert page.evaluate("() => window.scrollY") == 0
    reason = page.locator("#end-reason").inner_text()
    assert reason.lower().count("nobody wins") == 1, reason
    expect(page.locator(".rank-row")).to_have_count(2)
    expect(page.locator(".rank-place")).to_have_count(0)
    expect(page.locator("#end")).not_to_contain_text("faithful servant")
    no_overflow(page, "ended early")
    screenshot(page, "phone-320-end-ended-early")
    assert axe_violations(page) == []


def test_leave_then_rejoin_by_code_says_one_thing_each_time(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = members(2)
    code = deal([host, guest])
    page = open_table(new_page, server, guest, code, PHONES["390"])
    expect(page.locator("#game")).to_be_visible()
    page.get_by_role("button", name="Leave table").click()
    page.get_by_role("dialog").get_by_role("button", name="Leave the table").click()
    expect(page.get_by_text("You left the table.")).to_be_visible()
    expect(page.get_by_text("Back to your table")).to_have_count(0)
    expect(page.get_by_text("You have a seat at table")).to_have_count(0)

    page.get_by_label("Table code").fill(code.lower())
    page.get_by_role("button", name="Join", exact=True).click()
    # A private table: the host can let them back in (R40), also when they type the code again.
    expect(page.get_by_role("heading", name="Ask the host to let you back")).to_be_visible()
    expect(page.locator(".story-group, .game-card")).to_have_count(0)
    expect(page.get_by_text("You left the table.")).to_have_count(0)
    no_overflow(page, "seat taken")
    screenshot(page, "phone-390-rejoin-seat-taken")
    assert axe_violations(page) == []


def test_on_a_desktop_every_card_of_every_story_is_in_view_with_no_hidden_scroller(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    (host,) = members(1)
    code = deal([host])
    # Enough turns for stories with two or three cards in hand.
    play_out(code, [host], rng=random.Random(4), stop=lambda v: len(v["hand"]) >= 9 or v["result"])
    page = open_table(new_page, server, host, code, {"width": 1280, "height": 800})
    expect(page.locator(".story-group").first).to_be_visible()
    cards = page.locator("#hand .game-card")
    expect(cards).to_have_count(len(table_model(page, "(m) => m.view.hand")))
    assert (
        page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('.story-group')].map((g) => g.querySelectorAll('.game-card').length))"
        )
        >= 2
    )
    for i in range(cards.count()):
        expect(cards.nth(i)).to_be_visible()
    outside = page.evaluate(
        """() => [...document.querySelectorAll("#hand .game-card")].filter((card) => {
          const box = card.getBoundingClientRect();
          const group = card.closest(".story-group").getBoundingClientRect();
          return box.left < group.left || box.right > group.right + 0.5;
        }).length"""
    )
    assert outside == 0, "a card sticks out of its story"
    hidden_scrollers = page.evaluate(
        """() => [...document.querySelectorAll("#game *")].filter((el) => {
          const style = getComputedStyle(el);
          return ["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
        }).map((el) => el.className)"""
    )
    assert hidden_scrollers == []
    screenshot(page, "desktop-1280-game")
    assert axe_violations(page) == []


def test_with_ten_cards_the_phone_page_is_at_most_two_and_a_half_screens(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    (host,) = members(1)
    code = deal([host])
    view = play_out(code, [host], rng=random.Random(6), stop=lambda v: len(v["hand"]) >= 10 or v["result"])
    assert len(view["hand"]) >= 10, "pick another seed: the hand never reached ten cards"
    page = open_table(new_page, server, host, code, PHONES["390"])
    expect(page.locator(".story-group").first).to_be_visible()
    height = page.evaluate("() => document.documentElement.scrollHeight")
    print(f"ten cards: {height} px with {len(view['hand'])} cards")
    assert height <= 2.5 * PHONES["390"]["height"], f"{height} px with {len(view['hand'])} cards"
    no_overflow(page, "ten cards")
    screenshot(page, "phone-390-game-ten-cards")


# An aborted sheet is still listed, but its rules cannot be read.
LATE_SHEET_LOADED = """() => [...document.styleSheets].some((s) => {
  if (!(s.href || "").includes("voice-and-watching")) return false;
  try { return s.cssRules.length > 0; } catch { return false; }
})"""


def test_the_log_keeps_its_place_while_the_late_styles_are_on_their_way(live_asgi, new_page):
    """The Read aloud switch beside the log's heading is styled after the welcome; its place is
    laid out by the first sheet, so the page does not jump when the late one arrives (or never does)."""
    server = live_asgi()
    load_deck()
    (host,) = members(1)
    code = deal([host])
    heights = {}
    for late in ("arrived", "never came"):
        page = new_page(PHONES["390"])
        if late == "never came":
            page.route("**/voice-and-watching*.css", lambda route: route.abort())
        sign_in(page, server, host)
        page.goto(f"{server.url}/t/{code}/")
        expect(page.locator(".voice-switch")).to_be_visible()
        if late == "arrived":
            page.wait_for_function(LATE_SHEET_LOADED)
        else:
            assert not page.evaluate(LATE_SHEET_LOADED)
        heights[late] = page.evaluate(
            "() => document.querySelector('.log-head').getBoundingClientRect().height"
        )
    assert heights["never came"] == heights["arrived"], heights


BUZZ_RECORDER = """() => {
  window.buzzes = [];
  navigator.vibrate = (pattern) => { window.buzzes.push(pattern); return true; };
}"""


def test_the_buzz_on_your_turn_is_off_until_the_member_turns_it_on(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    (host,) = members(1)
    code = deal([host])
    page = new_page(PHONES["390"])
    page.add_init_script(f"({BUZZ_RECORDER})()")
    sign_in(page, server, host)
    page.goto(f"{server.url}/t/{code}/")
    expect(page.locator("#turn-banner")).to_have_text("Your turn")
    setting = page.get_by_label("Buzz on my turn")
    expect(setting).not_to_be_checked()
    assert page.evaluate("() => window.buzzes") == []

    setting.check()
    page.reload()
    expect(page.locator("#turn-banner")).to_have_text("Your turn")
    expect(page.get_by_label("Buzz on my turn")).to_be_checked()
    page.wait_for_function("() => window.buzzes.length === 1")


def test_my_games_and_the_replay_fit_a_small_phone_with_long_tags(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = members(2)
    code = deal([host, guest])
    play_out(code, [host, guest], rng=random.Random(3))
    page = new_page(PHONES["320"])
    sign_in(page, server, host)
    page.goto(server.url + "/me/games/")
    expect(page.locator(".game-row")).to_have_count(1)
    no_overflow(page, "My games")
    assert axe_violations(page) == []
    page.locator(".game-row").get_by_role("link", name="Replay").click()
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#rp-turn")).to_have_text("The deal")
    expect(page.locator("#rp-seats .seat-name", has_text="Bartholomew_the_Wise")).to_have_count(1)
    # The helpers are told apart as at the table, and the slider is big enough for a finger.
    for helper in ("JagAI 3", "JagAI 4"):
        expect(page.locator("#rp-seats .seat-name", has_text=helper)).to_have_count(1)
    assert page.locator("#rp-slider").bounding_box()["height"] >= 44
    no_overflow(page, "replay at the deal")
    page.get_by_role("button", name="End").click()
    expect(page.locator("#rp-turn")).to_contain_text("The game is over")
    no_overflow(page, "replay at the end")
    screenshot(page, "phone-320-replay")
    assert axe_violations(page) == []


def test_short_tags_that_differ_at_the_end_stay_apart_on_a_small_phone(live_asgi, new_page):
    server = live_asgi()
    load_deck()
    host, guest = UserFactory(gamer_tag="Grandma_Jo"), UserFactory(gamer_tag="Grandma_Al")
    code = deal([host, guest])
    page = open_table(new_page, server, host, code, PHONES["320"])
    shown = {}
    for tag in ("Grandma_Jo", "Grandma_Al"):
        name = page.locator(".seat-chip .seat-name", has_text=tag).locator(".tag-shown")
        shown[tag] = name.inner_text()
        assert shown[tag].endswith(tag[-2:]), shown
        assert name.evaluate(
            "(el) => el.getBoundingClientRect().right <= el.closest('.seat-chip').getBoundingClientRect().right"
        )
    assert shown["Grandma_Jo"] != shown["Grandma_Al"], shown
    no_overflow(page, "game with two look-alike tags")
