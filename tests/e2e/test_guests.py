"""R41 in the browser: a guest from the invite link to seated with one name (counting taps and
fields: the goal is 1 field and 3 taps), refused a seat until the host lets them in; a guest
keeping their games by an email and the code mailed to it; and a guest's seat once their time is up."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from game import services
from game.models import Table
from game.services import guests
from tests.deck import load_deck
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.e2e.mailbox import mail_server  # noqa: F401  (a fixture)
from tests.e2e.test_family_way_in import Counted
from tests.factories import UserFactory, signed_in_session
from tests.game.support import host_answers

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 320, "height": 640}
LAPTOP = {"width": 1280, "height": 800}


def hosts_table(tag: str = "Grandma_Ruth_Eleanor") -> Table:
    return in_a_thread(lambda: services.create_private_table(user=UserFactory(gamer_tag=tag)).table)


def host_waits(new_page, server, table: Table, viewport: dict):
    """The host's page at their table, waiting for players."""
    host_page = new_page(viewport)
    sign_in(host_page, server, table.host)
    host_page.goto(f"{server.url}/t/{table.code}/")
    expect(host_page.get_by_role("button", name="Start the game")).to_be_visible()
    return host_page


def test_a_guest_sits_from_the_invite_link_with_one_name_once_the_host_lets_them(live_asgi, new_page):
    server = live_asgi()
    table = hosts_table()
    host_page = host_waits(new_page, server, table, LAPTOP)

    page = new_page(NARROW)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    thumbs = Counted(page)
    thumbs.taps += 1  # the camera shows the QR code's link: one tap opens it
    page.goto(f"{server.url}/invite/{table.invite_token}/")
    screenshot(page, "guests/invite-320")
    thumbs.tap(page.get_by_role("link", name="Sit as a guest"))
    expect(page.get_by_role("heading", name="Sit as a guest at Grandma_Ruth_Eleanor's table")).to_be_visible()
    assert len(page.locator(".guest-pick").all()) == 3  # friendly names to take with one tap
    assert page.evaluate("() => document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(page, "guests/sit-320")
    assert axe_violations(page) == []
    thumbs.type_into(page.get_by_label("The name the table sees"), "Grandpa Joe")
    thumbs.tap(page.get_by_role("button", name="Ask to sit"))
    expect(page.locator("#guest-status")).to_contain_text("Waiting for Grandma_Ruth_Eleanor to let you sit")
    screenshot(page, "guests/waiting-320")
    assert axe_violations(page) == []

    # Refused until the host lets them in: the table itself is closed to them.
    page.goto(f"{server.url}/t/{table.code}/")
    expect(page.get_by_role("heading", name="Guests play at their host's table")).to_be_visible()
    page.get_by_role("link", name="Back to my table").click()
    expect(page.locator("#guest-status")).to_contain_text("Waiting for")
    errors.clear()  # the refusal's 403, meant
    refused_loads: list[str] = []
    page.on("response", lambda r: refused_loads.append(r.url) if r.status >= 400 else None)

    request = host_page.locator(".sit-request")
    expect(request).to_contain_text("Grandpa_Joe asks to sit, as your guest")
    screenshot(host_page, "guests/host-asked-1280")
    request.get_by_role("button", name="Let Grandpa_Joe sit").click()
    expect(host_page.get_by_text("Your guest is at the table.")).to_be_visible()
    expect(host_page.locator("#waiting-seats")).to_contain_text("Grandpa_Joe")

    # The guest's page goes to the table by itself.
    expect(page).to_have_url(f"{server.url}/t/{table.code}/")
    expect(page.locator("#waiting-seats")).to_contain_text("Grandpa_Joe")
    expect(page.locator("#guest-note")).to_contain_text("Keep your games")
    # A guest invites nobody: their host does. The waiting note asks them to share nothing.
    expect(page.locator("#waiting-note")).to_contain_text("Seats nobody takes are played by JagAI helpers.")
    expect(page.locator("#waiting-note")).not_to_contain_text("Share the code")
    expect(host_page.locator("#waiting-note")).to_contain_text("Share the code")
    assert (thumbs.fields, thumbs.taps) == (1, 3)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(page, "guests/seated-320")
    assert (errors, refused_loads) == ([], [])


def test_the_hosts_no_is_said_on_the_guests_page_and_a_name_the_filter_refuses_changes_nothing(
    live_asgi, new_page
):
    server = live_asgi()
    table = hosts_table("Mum")
    host_page = new_page(NARROW)
    sign_in(host_page, server, table.host)
    host_page.goto(f"{server.url}/t/{table.code}/")
    page = new_page(PHONE)
    page.goto(f"{server.url}/invite/{table.invite_token}/guest/")
    page.get_by_label("The name the table sees").fill("JagAI")
    page.get_by_role("button", name="Ask to sit").click()
    expect(page.get_by_role("alert")).to_contain_text("kept for the JustAllowGod team")
    expect(page.get_by_label("The name the table sees")).to_have_value("JagAI")
    page.locator(".guest-pick").first.click()
    expect(page.locator("#guest-status")).to_contain_text("Waiting for Mum")
    request = host_page.locator(".sit-request")
    expect(request).to_contain_text("asks to sit")
    assert host_page.evaluate("() => document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(host_page, "guests/host-asked-320")
    request.get_by_role("button", name="No").click()
    # The guest's account went with the host's no: the page says so signed out, with a way on.
    expect(page).to_have_url(re.compile(r"/guest/wait/\?said=no$"))
    expect(page.locator("#guest-status")).to_contain_text("Mum didn't let you sit this time")
    expect(page.get_by_role("link", name="Sign out")).to_have_count(0)
    expect(page.get_by_role("link", name="Sign in").first).to_be_visible()
    screenshot(page, "guests/said-no-390")
    assert axe_violations(page) == []
    page.get_by_role("link", name="Back to the start page").click()
    expect(page).to_have_url(f"{server.url}/")


# Twenty characters each: the longest tags there are.
LONG_HOST = "Daddy_Mike_the_Great"
LONG_GUEST = "Grandma_Ruth_Eleanor"

# How many lines the text of the first element matching a selector takes (its boxes' distinct tops).
LINES = """(selector) => {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector(selector));
  const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
  return tops.filter((top, i) => tops.findIndex((t) => Math.abs(t - top) < 4) === i).length;
}"""
RIGHT_EDGE = "(selector) => document.querySelector(selector).getBoundingClientRect().right"


def whole_on_one_line(page, selector: str, viewport: dict[str, int]) -> None:
    assert page.evaluate(LINES, selector) == 1, selector
    assert page.evaluate(RIGHT_EDGE, selector) <= viewport["width"], selector
    assert "…" not in page.locator(selector).first.inner_text()


@pytest.mark.parametrize("viewport", [NARROW, LAPTOP], ids=["320", "1280"])
def test_twenty_character_names_show_whole_and_nothing_scrolls_sideways(live_asgi, new_page, viewport):
    server = live_asgi()
    table = hosts_table(LONG_HOST)
    width = viewport["width"]
    host_page = host_waits(new_page, server, table, viewport)

    page = new_page(viewport)
    page.goto(f"{server.url}/invite/{table.invite_token}/guest/")
    # The host's name keeps its 's: "Daddy_Mike_the_Great's" whole, never "'s" on a line alone.
    whole_on_one_line(page, "#guest-title .guest-name", viewport)
    assert fits_sideways(page)
    screenshot(page, f"guests/long-names/sit-{width}")
    page.get_by_label("The name the table sees").fill(LONG_GUEST)
    page.get_by_role("button", name="Ask to sit").click()
    expect(page.locator("#guest-status")).to_contain_text(f"Waiting for {LONG_HOST}")
    whole_on_one_line(page, "#guest-wait-title .guest-name", viewport)
    assert fits_sideways(page)
    screenshot(page, f"guests/long-names/wait-{width}")

    # A name someone plays as: the next free one is taken, and said, with no extra tap.
    second = new_page(viewport)
    second.goto(f"{server.url}/invite/{table.invite_token}/guest/")
    second.get_by_label("The name the table sees").fill(LONG_HOST)
    second.get_by_role("button", name="Ask to sit").click()
    expect(second.locator("#guest-status")).to_contain_text("Waiting for")
    expect(
        second.get_by_text(f"Someone here is already {LONG_HOST}, so you're Daddy_Mike_the_Grea2.")
    ).to_be_visible()
    whole_on_one_line(second, "#guest-wait-title .guest-name", viewport)
    assert fits_sideways(second)
    screenshot(second, f"guests/long-names/taken-name-{width}")

    # The host's "Let … sit" wraps on a phone rather than run off it, the name whole on one line.
    requests = host_page.locator(".sit-request")
    expect(requests).to_have_count(2)
    host_page.wait_for_function(
        "() => [...document.styleSheets].some((s) => (s.href || '').includes('voice-and-watching'))"
    )
    let_in = requests.first.get_by_role("button", name=f"Let {LONG_GUEST} sit")
    expect(let_in).to_be_visible()
    whole_on_one_line(host_page, ".sit-request .tag-word", viewport)
    assert let_in.bounding_box()["x"] + let_in.bounding_box()["width"] <= width
    assert fits_sideways(host_page)
    screenshot(host_page, f"guests/long-names/host-asked-{width}")

    requests.first.get_by_role("button", name="No", exact=True).click()
    expect(page).to_have_url(re.compile(r"\?said=no$"))
    expect(page.get_by_role("heading", name="Sorry, not this time")).to_be_visible()
    expect(page.locator("#guest-status")).to_contain_text(f"{LONG_HOST} didn't let you sit this time")
    expect(page.get_by_role("link", name="Sign out")).to_have_count(0)
    assert LONG_GUEST not in page.locator("body").inner_text()
    assert fits_sideways(page)
    screenshot(page, f"guests/long-names/said-no-{width}")
    page.get_by_role("link", name="Back to the start page").click()
    expect(page).to_have_url(f"{server.url}/")


def test_a_guest_keeps_their_games_by_adding_an_email(mail_server, new_page):  # noqa: F811
    server, outbox = mail_server
    table = hosts_table("Uncle_Ben")

    def seated():
        asked = guests.ask_to_sit(token=table.invite_token, name="Cousin_Sam")
        request = asked.guest.sit_request
        host = table.host
        guests.answer_guest(
            user=host, session_key=signed_in_session(host), code=table.code, request_id=request.pk, yes=True
        )
        return asked.guest

    guest = in_a_thread(seated)
    page = new_page(PHONE)
    sign_in(page, server, guest)
    page.goto(f"{server.url}/t/{table.code}/")
    page.locator("#guest-note").get_by_role("link", name="Keep your games").click()
    expect(page.get_by_role("heading", name="Keep your games, Cousin_Sam")).to_be_visible()
    screenshot(page, "guests/keep-390")
    page.get_by_label("Your email").fill("sam@example.org")
    page.get_by_role("button", name="Send me a code").click()
    code = mailed_six_digits(outbox, "sam@example.org")
    page.get_by_label("The six-digit code we mailed to sam@example.org").fill(code)
    page.get_by_role("button", name="Keep my games").click()
    expect(page.get_by_text("Your games are kept, Cousin_Sam")).to_be_visible()
    # A member now: their table is among theirs, and the pages of members open.
    expect(page.get_by_text(table.code).first).to_be_visible()
    page.goto(f"{server.url}/accounts/email/")
    expect(page.get_by_text("sam@example.org").first).to_be_visible()


def mailed_six_digits(outbox, to: str) -> str:
    for path in sorted(outbox.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True):
        text = path.read_text()
        if f"To: {to}" in text:
            return re.search(r"\b(\d{6})\b", text.split("\n\n", 1)[1]).group(1)
    raise AssertionError(f"no mail to {to}")


@pytest.mark.parametrize("viewport", [NARROW, LAPTOP], ids=["320", "1280"])
def test_a_mistyped_address_is_never_a_trap_on_the_keep_page(mail_server, new_page, viewport):  # noqa: F811
    server, outbox = mail_server
    table = hosts_table(LONG_HOST)
    width = viewport["width"]

    def seated():
        asked = guests.ask_to_sit(token=table.invite_token, name=LONG_GUEST)
        host_answers(table, asked.guest.sit_request.pk, yes=True)
        return asked.guest

    guest = in_a_thread(seated)
    page = new_page(viewport)
    sign_in(page, server, guest)
    page.goto(f"{server.url}/me/keep-games/")
    whole_on_one_line(page, "#keep-title .guest-name", viewport)
    assert fits_sideways(page)
    screenshot(page, f"guests/keep/email-{width}")
    page.get_by_label("Your email").fill("ruth@exmaple.org")  # a typo
    page.get_by_role("button", name="Send me a code").click()
    expect(page.get_by_label("The six-digit code we mailed to ruth@exmaple.org")).to_be_visible()
    keep = page.get_by_role("button", name="Keep my games").bounding_box()
    again = page.get_by_role("button", name="Send a new code").bounding_box()
    assert again["y"] - (keep["y"] + keep["height"]) >= 16  # apart, not touching
    assert fits_sideways(page)
    screenshot(page, f"guests/keep/code-{width}")

    page.reload()  # reopened: the way back is still there
    page.get_by_role("button", name="Use another address").click()
    expect(page.get_by_label("Your email")).to_have_value("ruth@exmaple.org")
    screenshot(page, f"guests/keep/another-{width}")
    page.get_by_label("Your email").fill("ruth@example.org")
    page.get_by_role("button", name="Send me a code").click()
    page.get_by_label("The six-digit code we mailed to ruth@example.org").fill(
        mailed_six_digits(outbox, "ruth@example.org")
    )
    page.get_by_role("button", name="Keep my games").click()
    expect(page.get_by_text(f"Your games are kept, {LONG_GUEST}")).to_be_visible()


def test_a_guests_seat_reads_a_guest_once_the_clock_has_forgotten_them(live_asgi, new_page):
    server = live_asgi()
    table = hosts_table("Grandpa_Eli")

    def played_and_forgotten():
        asked = guests.ask_to_sit(token=table.invite_token, name="Visiting_Ann")
        host_answers(table, asked.guest.sit_request.pk, yes=True)
        load_deck()
        services.start_table(user=table.host, code=table.code)
        Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED, finished_at=timezone.now())
        return asked.guest, guests.forget_guests(timezone.now() + timedelta(days=31))

    _guest, gone = in_a_thread(played_and_forgotten)
    assert gone == 1
    page = new_page(LAPTOP)
    sign_in(page, server, table.host)
    page.goto(f"{server.url}/me/games/")
    expect(page.locator("main")).to_contain_text("a guest")
    assert "Visiting_Ann" not in page.locator("main").inner_text()
    assert axe_violations(page) == []


@pytest.mark.parametrize("viewport", [NARROW, LAPTOP], ids=["320", "1280"])
def test_the_host_picks_the_language_their_guest_reads(live_asgi, new_page, settings, viewport):
    """Issue 42: the host's "Let … sit" says which language the guest reads, the one their device
    chose until the host picks another; the guest's pages are in it from then on."""
    server = live_asgi(LANGUAGES=settings.ALL_LANGUAGES)
    table = hosts_table()
    host_page = host_waits(new_page, server, table, viewport)
    page = new_page(PHONE)
    page.goto(f"{server.url}/invite/{table.invite_token}/guest/")
    page.get_by_label("The name the table sees").fill("Abuela_Rosa")
    page.get_by_role("button", name="Ask to sit").click()
    expect(page.locator("#guest-status")).to_contain_text("Waiting for")

    request = host_page.locator(".sit-request")
    reads = request.get_by_label("Reads")
    expect(reads).to_have_value("en")  # the host's own, as the guest's browser chose nothing
    reads.select_option("es")
    assert fits_sideways(host_page)
    screenshot(host_page, f"guests/host-picks-language-{viewport['width']}")
    assert axe_violations(host_page) == []
    request.get_by_role("button", name="Let Abuela_Rosa sit").click()
    expect(host_page.get_by_text("Your guest is at the table.")).to_be_visible()
    expect(page).to_have_url(f"{server.url}/t/{table.code}/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#waiting-note")).to_contain_text("JagAI")
