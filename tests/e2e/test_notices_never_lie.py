"""Issue 46 in the browser: notices that never lie. On the settings page each way of being told is
one control, and each leads to what the tests' own push service or inbox receives, or to the page
saying plainly that it reaches nobody; the test notice arrives; at the table the one who taps "Your
turn" and the host are told when a member has no way to be told, and the tap says how and when they
were; a member with the table open in a second tab is never told; "Also at private tables I'm away
from", ticked on the settings page, brings the turn's mail from a table that does not play over
days, and left unticked brings none. Screenshots of the settings page
at 320 and 1280 px go to /tmp/notices-shots/.

Headless Chromium reaches no real push service, so pushManager.subscribe alone is a stub that
returns a subscription on the loopback push service (kept across reloads, as a browser keeps its
own); the permission, the service worker, the page and the server are the real ones."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from allauth.account.models import EmailAddress
from django.core.cache import caches
from django.utils import timezone
from playwright.sync_api import expect

from game import engine, services
from game.models import Game, Table
from game.realtime import presence
from game.services.turn_notices import awaited
from justalllowgod.lib.limits import LIMITS
from notices.models import Notice, NoticePreference, PushSubscription
from tests.e2e.helpers import fits_sideways, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory
from tests.game.support import play_one_move
from tests.notices.push_service import running, use_vapid
from tests.realtime.own_redis import own_redis  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)
# Notices: Debian's Chromium itself, not its headless shell (tests/e2e/helpers.py).
WHOLE_BROWSER = True

NARROW = {"width": 320, "height": 720}
DESKTOP = {"width": 1280, "height": 900}
WAIT = 15  # seconds, for what the server's clock sends
NOBODY = (
    "Nothing tells you when it's your turn just now: no phone or computer is set up to be told, "
    "and email is off."
)

# The browser's push service, stood in for: a subscription on the loopback one, kept in
# localStorage so a reloaded page finds it as a browser finds its own.
STUB = """
const json = SUBSCRIPTION;
const KEPT = "__stub_push_subscription";
const held = () => ({
  endpoint: json.endpoint,
  toJSON: () => json,
  unsubscribe: async () => { localStorage.removeItem(KEPT); return true; },
});
PushManager.prototype.subscribe = async function (options) {
  localStorage.setItem(KEPT, "1");
  return held();
};
PushManager.prototype.getSubscription = async function () {
  return localStorage.getItem(KEPT) ? held() : null;
};
"""


def wait_until(condition: Callable[[], object], what: str, seconds: float = WAIT):
    """Poll `condition` (run away from Playwright's loop) until it is truthy; its value."""
    end = time.monotonic() + seconds
    while True:
        value = in_a_thread(condition)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not within {seconds} s")
        time.sleep(0.1)


def mails_to(outbox: Path, address: str) -> list[str]:
    """Every mail the live server wrote to its mail folder for this address."""
    return [p.read_text() for p in sorted(outbox.glob("*.log")) if f"To: {address}" in p.read_text()]


def shoot(page, name: str) -> None:
    screenshot(page, f"notices/{name}")


@pytest.fixture
def start_told(deck, live_asgi, tmp_path, settings) -> Iterator[Callable[[], SimpleNamespace]]:
    """Starts a live server that pushes to the tests' own push service and writes its mail to files."""
    with running() as push_service:

        def start() -> SimpleNamespace:
            use_vapid(settings)
            outbox = tmp_path / "outbox"
            outbox.mkdir()
            server = live_asgi(
                EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
                EMAIL_FILE_PATH=str(outbox),
                NOTICES_SWEEP_SECONDS=0.5,
                GAME_REACTION_INTERVAL_SECONDS=0,
            )
            return SimpleNamespace(server=server, push=push_service, outbox=outbox)

        yield start


@pytest.fixture
def told(start_told) -> SimpleNamespace:
    return start_told()


def settings_page(new_page, told, member, viewport, *, allow: bool = True):
    """The member's settings page in a browser of their own, its push service stood in for."""
    page = new_page(viewport)
    if allow:
        page.context.grant_permissions(["notifications"], origin=told.server.url)
    browser_side = told.push.subscribe()
    page.add_init_script(STUB.replace("SUBSCRIPTION", json.dumps(browser_side.to_json())))
    sign_in(page, told.server, member)
    page.goto(told.server.url + "/me/settings/")
    return page, browser_side


def message(page):
    return page.locator(".messages")


def test_each_way_on_the_settings_page_reaches_something_or_says_it_reaches_nobody(told, new_page):
    dad = in_a_thread(lambda: UserFactory(gamer_tag="Dad"))
    page, browser_side = settings_page(new_page, told, dad, NARROW)
    section = page.locator("#turn-notices")

    # Nothing chosen: said plainly, and the test notice says so too.
    expect(section.locator("#reach-summary")).to_have_text(NOBODY)
    expect(section.get_by_text("No phone or computer is set up to be told.")).to_be_visible()
    assert fits_sideways(page)
    assert axe_violations(page) == []
    shoot(page, "settings-nothing-320")
    page.set_viewport_size(DESKTOP)
    shoot(page, "settings-nothing-1280")
    section.get_by_role("button", name="Send me a test notice").click()
    expect(message(page)).to_contain_text(
        "Nothing was sent: no phone or computer is set up to be told, and email is off."
    )

    # This device, in one tap: the permission asked then, the device set up and listed.
    page.set_viewport_size(NARROW)
    section.get_by_role("button", name="Tell me on this device").click()
    expect(message(page)).to_contain_text(
        "Done: Chrome on Linux (this device) will tell you when it's your turn."
    )
    row = section.locator(".device")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Chrome on Linux")
    expect(row).to_contain_text("(this device)")
    expect(row).to_contain_text("Added ")
    expect(section.get_by_role("button", name="Tell me on this device")).to_be_hidden()
    expect(section.locator("#reach-summary")).to_have_text("We'll tell you on 1 device when it's your turn.")
    kept = in_a_thread(lambda: list(PushSubscription.objects.values_list("user_id", "endpoint", "device")))
    assert kept == [(dad.pk, browser_side.endpoint, "Chrome on Linux")]

    # The test notice reaches the device.
    section.get_by_role("button", name="Send me a test notice").click()
    expect(message(page)).to_contain_text("Sent to 1 device.")
    [push] = told.push.wait_for(1)
    assert push.path == browser_side.endpoint.removeprefix(told.push.url)
    assert push.payload["title"] == "A test notice"

    # Email as well: saved, said whole, and the test notice reaches the inbox too.
    section.get_by_label("Tell me by email").check()
    section.get_by_role("button", name="Save").click()
    expect(message(page)).to_contain_text("We'll tell you by email and on 1 device when it's your turn.")
    section.get_by_role("button", name="Send me a test notice").click()
    expect(message(page)).to_contain_text("Sent to 1 device and by email.")
    assert len(told.push.wait_for(2)) == 2
    [mailed] = wait_until(lambda: mails_to(told.outbox, dad.email), "the test mail")
    assert "A test notice" in mailed and "This is how we'll tell you when it's your turn." in mailed

    for viewport, name in ((NARROW, "320"), (DESKTOP, "1280")):
        page.set_viewport_size(viewport)
        assert fits_sideways(page)
        shoot(page, f"settings-device-and-email-{name}")
    assert axe_violations(page) == []

    # Stopping this device unsubscribes the browser too; the page says what is left.
    page.set_viewport_size(NARROW)
    row.get_by_role("button", name="Stop telling this device").click()
    expect(message(page)).to_contain_text("We won't tell Chrome on Linux any more.")
    expect(section.get_by_text("No phone or computer is set up to be told.")).to_be_visible()
    expect(section.locator("#reach-summary")).to_have_text("We'll tell you by email when it's your turn.")
    expect(section.get_by_role("button", name="Tell me on this device")).to_be_visible()
    assert page.evaluate("localStorage.getItem('__stub_push_subscription')") is None
    assert in_a_thread(lambda: PushSubscription.objects.count()) == 0

    # Later the address is no longer confirmed: email chosen, but it reaches nobody, and it says so.
    in_a_thread(lambda: EmailAddress.objects.filter(user=dad).update(verified=False))
    page.reload()
    expect(
        section.get_by_text("You chose email, but there's no confirmed email address to send it to")
    ).to_be_visible()
    expect(section.locator("#reach-summary")).to_have_text(
        "Nothing tells you when it's your turn just now: no phone or computer is set up to be told, "
        "and there's no confirmed email address to send to."
    )
    assert fits_sideways(page)
    shoot(page, "settings-no-address-320")


def test_a_browser_that_refuses_notices_is_told_so_and_nothing_is_kept(told, new_page):
    ruth = in_a_thread(lambda: UserFactory(gamer_tag="Grandma_Ruth"))
    # Headless Chromium answers "denied" to a site that was never allowed.
    page, _ = settings_page(new_page, told, ruth, NARROW, allow=False)
    page.locator("#turn-notices").get_by_role("button", name="Tell me on this device").click()
    expect(page.locator("[data-push-status]")).to_have_text(
        "Your browser blocks notices from this site, so nothing was set up. You can allow them in the "
        "browser's site settings, then tap again."
    )
    assert page.evaluate("localStorage.getItem('__stub_push_subscription')") is None  # never subscribed
    assert in_a_thread(lambda: PushSubscription.objects.count()) == 0
    expect(page.get_by_text("No phone or computer is set up to be told.")).to_be_visible()
    assert fits_sideways(page)
    shoot(page, "settings-refused-320")


def over_days_waiting_on(host, member, *, over_days: bool = True) -> Table:
    """An over-days table of `host`'s with `member` (or one played at one sitting, over_days=False),
    played on until the game waits on `member`."""
    table = services.create_private_table(user=host, over_days=over_days).table
    services.join_by_code(user=member, code=table.code)
    services.start_table(user=host, code=table.code)
    for _ in range(200):
        if awaited(engine.from_json(Game.objects.get(table=table).state)) == [2]:
            return table
        play_one_move(table.pk, {1: host, 2: member})
    raise AssertionError("the game never waited on the member")


def due(table_id: int) -> None:
    """The turn at the table has waited past its grace (NOTICES_TURN_GRACE_SECONDS)."""
    Game.objects.filter(table_id=table_id).update(decision_since=timezone.now() - timedelta(minutes=5))


def test_the_host_and_the_tapper_see_who_has_no_way_and_the_tap_says_how_they_were_told(told, new_page):
    ruth, dad = in_a_thread(lambda: [UserFactory(gamer_tag="Grandma_Ruth"), UserFactory(gamer_tag="Dad")])
    table = in_a_thread(lambda: over_days_waiting_on(ruth, dad))
    page = new_page(NARROW)
    sign_in(page, told.server, ruth)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{told.server.url}/t/{table.code}/")
    line = page.locator("#told-line")
    expect(line).to_have_text("Dad has no way to be told.")  # the host sees it without a tap
    your_turn = page.locator('[data-reaction="your_turn"]')
    your_turn.click()
    expect(page.locator("#log")).to_contain_text("Dad has no way to be told.")
    assert fits_sideways(page)
    shoot(page, "table-no-way-320")

    # Dad chooses email on his own settings page: the host's page hears it at once.
    dads = new_page(DESKTOP)
    sign_in(dads, told.server, dad)
    dads.goto(told.server.url + "/me/settings/")
    dads.get_by_label("Tell me by email").check()
    dads.get_by_role("button", name="Save").click()
    expect(message(dads)).to_contain_text("We'll tell you by email when it's your turn.")
    expect(line).to_be_hidden()

    your_turn.click()
    expect(line).to_have_text("We're telling Dad by email now.")
    [mailed] = wait_until(lambda: mails_to(told.outbox, dad.email), "the nudge's mail")
    assert f"Grandma_Ruth says it's your turn at table {table.code}." in mailed
    wait_until(lambda: Notice.objects.filter(sent_at__isnull=False, mailed=True).exists(), "the nudge sent")

    your_turn.click()
    expect(line).to_contain_text("Dad was told by email just now; we'll tell them again after ")
    at = line.locator("time")
    nudge = in_a_thread(lambda: Notice.objects.get())
    assert at.get_attribute("datetime") == (nudge.created_at + timedelta(hours=1)).isoformat()
    assert re.fullmatch(r"\d{1,2}:\d{2}(\s?[AP]M)?", at.inner_text()), at.inner_text()
    assert fits_sideways(page)
    shoot(page, "table-told-320")
    assert in_a_thread(lambda: Notice.objects.count()) == 1  # the taps within the hour nudged once
    assert errors == []


def test_a_member_with_the_table_open_in_a_second_tab_is_not_told(start_told, new_page, own_redis, settings):  # noqa: F811
    # Presence on Redis, as on the stack, so the test reads what the server's sockets noted.
    redis = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": own_redis.url,
        "KEY_PREFIX": "e2e",
    }
    settings.CACHES = {**settings.CACHES, "default": redis, "limits": redis}
    told = start_told()
    ruth, dad = in_a_thread(lambda: [UserFactory(gamer_tag="Grandma_Ruth"), UserFactory(gamer_tag="Dad")])
    in_a_thread(lambda: NoticePreference.objects.create(user=dad, by_mail=True))
    table = in_a_thread(lambda: over_days_waiting_on(ruth, dad))

    def open_pages() -> int:
        """How many of Dad's table sockets the server has noted present (on the shared Redis)."""
        key = caches[LIMITS].make_and_validate_key(presence.KEY.format(table.pk, dad.pk))
        return caches[LIMITS]._cache.get_client().zcard(key)

    first = new_page(NARROW)
    sign_in(first, told.server, dad)
    second = first.context.new_page()
    for tab in (first, second):
        tab.goto(f"{told.server.url}/t/{table.code}/")
        expect(tab.locator("#game")).to_be_visible()
    wait_until(lambda: open_pages() == 2, "both tabs present")
    first.close()
    wait_until(lambda: open_pages() == 1, "the closed tab gone")

    # Dad's turn has waited past its grace; then another table of his, with no page open, too.
    # Once that one is told, the clock has swept past this one with only the second tab open.
    in_a_thread(lambda: due(table.pk))
    other = in_a_thread(lambda: over_days_waiting_on(ruth, dad))
    in_a_thread(lambda: due(other.pk))
    wait_until(
        lambda: Notice.objects.filter(table=other, user=dad, sent_at__isnull=False).exists(), "the other told"
    )
    assert in_a_thread(lambda: list(Notice.objects.filter(table=table))) == []
    assert len(wait_until(lambda: mails_to(told.outbox, dad.email), "the other's mail")) == 1

    second.close()
    wait_until(lambda: open_pages() == 0, "the last tab gone")
    wait_until(lambda: Notice.objects.filter(table=table, user=dad, mailed=True).exists(), "told once away")
    mails = wait_until(
        lambda: len(mails_to(told.outbox, dad.email)) == 2 and mails_to(told.outbox, dad.email), "mail"
    )
    assert any(table.code in m for m in mails)


def test_also_at_private_tables_im_away_from_brings_the_mail_of_a_table_not_played_over_days(told, new_page):
    ruth, dad, mum = in_a_thread(
        lambda: [UserFactory(gamer_tag=tag) for tag in ("Grandma_Ruth", "Dad", "Mum")]
    )
    # Each on their own settings page: email for both, "Also at private tables I'm away from" for
    # Dad alone.
    for member, every in ((dad, True), (mum, False)):
        page = new_page(NARROW)
        sign_in(page, told.server, member)
        page.goto(told.server.url + "/me/settings/")
        section = page.locator("#turn-notices")
        section.get_by_label("Tell me by email").check()
        away = section.get_by_label("Also at private tables I'm away from")
        expect(away).not_to_be_checked()
        if every:
            away.check()
        section.get_by_role("button", name="Save").click()
        expect(message(page)).to_contain_text("We'll tell you by email when it's your turn.")
        expect(section.get_by_label("Also at private tables I'm away from")).to_be_checked(checked=every)
        assert fits_sideways(page)
        shoot(page, f"settings-every-table-{'ticked' if every else 'not-ticked'}-320")
        page.context.close()
    saved = in_a_thread(
        lambda: dict(NoticePreference.objects.values_list("user__gamer_tag", "at_every_private_table"))
    )
    assert saved == {"Dad": True, "Mum": False}

    # Two tables of Ruth's played at one sitting, each waiting on a member who has no page open.
    mums = in_a_thread(lambda: over_days_waiting_on(ruth, mum, over_days=False))
    dads = in_a_thread(lambda: over_days_waiting_on(ruth, dad, over_days=False))
    assert not mums.over_days and not dads.over_days
    # Mum's turn waits past its grace first: the sweep that tells Dad has looked at hers too.
    in_a_thread(lambda: due(mums.pk))
    in_a_thread(lambda: due(dads.pk))
    wait_until(
        lambda: Notice.objects.filter(table=dads, user=dad, sent_at__isnull=False, mailed=True).exists(),
        "Dad told by email",
    )
    [mailed] = wait_until(lambda: mails_to(told.outbox, dad.email), "Dad's mail")
    assert dads.code in mailed and "Grandma_Ruth" in mailed
    assert in_a_thread(lambda: list(Notice.objects.filter(user=mum))) == []
    assert mails_to(told.outbox, mum.email) == []
