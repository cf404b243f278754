"""Issue 32 in the browser: Chrome finds the start page installable; the service worker shows the
offline page when the network is gone; the "Tell me on this device" button asks for the browser's
permission only when tapped, the server keeps the subscription, and a push then reaches the
(loopback) push service, decrypted there as the browser would. Headless Chromium reaches no real push service,
so pushManager.subscribe alone is a stub returning a subscription on the loopback one."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from notices import push
from notices.models import Notice, PushSubscription
from notices.telling import Telling
from notices.vapid import b64url_decode
from tests.e2e.helpers import WHOLE_CHROMIUM, in_a_thread, screenshot
from tests.e2e.live import axe_violations, sign_in
from tests.factories import UserFactory
from tests.notices.push_service import running, use_vapid

pytestmark = pytest.mark.django_db(transaction=True)
# Notices: Debian's Chromium itself, not its headless shell (tests/e2e/helpers.py).
WHOLE_BROWSER = True

# Counts the permission asks, and stands in for the push service's subscribe (keys made by the test).
# Kept in sessionStorage: the settings control reloads the page once the device is set up.
STUB = """
const kept = (name, fallback) => JSON.parse(sessionStorage.getItem(name) || JSON.stringify(fallback));
const keep = (name, value) => sessionStorage.setItem(name, JSON.stringify(value));
for (const name of ["__permissionAsks", "__serverKey", "__userVisibleOnly"]) {
  Object.defineProperty(window, name, { get: () => kept(name, name === "__permissionAsks" ? 0 : null) });
}
const askForReal = Notification.requestPermission.bind(Notification);
Notification.requestPermission = (...args) => { keep("__permissionAsks", window.__permissionAsks + 1); return askForReal(...args); };
const held = () => {
  const json = SUBSCRIPTION;
  return { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => { sessionStorage.removeItem("__held"); return true; } };
};
PushManager.prototype.subscribe = async function (options) {
  keep("__serverKey", Array.from(new Uint8Array(options.applicationServerKey)));
  keep("__userVisibleOnly", options.userVisibleOnly);
  keep("__held", true);
  return held();
};
PushManager.prototype.getSubscription = async function () { return kept("__held", false) ? held() : null; };
"""


def _worker_ready(page) -> None:
    """Register the worker as the start page's install prompt does, and wait until it is active."""
    page.evaluate(
        """async () => {
          const { registerWorker } = await import("/static/js/app-worker.js");
          await registerWorker();
          await navigator.serviceWorker.ready;
        }"""
    )


def _deliver(page, server, data: str) -> list[dict]:
    """Deliver a push to the page's service worker (DevTools' own door), and the notices it shows."""
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"])
    )
    cdp.send("ServiceWorker.enable")
    for _ in range(150):  # DevTools tells of the registration a moment after enable
        if registrations:
            break
        page.wait_for_timeout(100)
    [registration] = {r["registrationId"] for r in registrations if not r["isDeleted"]}
    # A push handed to a worker still installing (it caches the offline page in every language
    # first) can be dropped: deliver once the worker is active, and again if nothing was shown (the
    # notice's tag makes a second delivery replace the first, never add to it).
    page.evaluate(
        """async () => {
          const registration = await navigator.serviceWorker.ready;
          const worker = registration.active;
          if (worker.state !== "activated") {
            await new Promise((done) => worker.addEventListener("statechange", () => worker.state === "activated" && done()));
          }
        }"""
    )
    for _ in range(3):
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": server.url, "registrationId": registration, "data": data},
        )
        shown = page.evaluate(
            """async () => {
              const registration = await navigator.serviceWorker.ready;
              // The worker wakes for the push and shows it, within 10 s even on a loaded machine.
              for (let i = 0; i < 100; i++) {
                const shown = await registration.getNotifications();
                if (shown.length) return shown.map((n) => ({
                  title: n.title, body: n.body, tag: n.tag, renotify: n.renotify, url: n.data.url, icon: n.icon,
                }));
                await new Promise((done) => setTimeout(done, 100));
              }
              return [];
            }"""
        )
        if shown:
            return shown
    return []


def test_chrome_finds_the_start_page_installable(live_asgi, browser, tmp_path):
    server = live_asgi()
    # Chrome installs nothing from an incognito profile, which every new_context() is: a profile
    # on disk, from the same Playwright and Chromium.
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=WHOLE_CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu"],
    )
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        _worker_ready(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert json.loads(manifest["data"])["name"] == "JustAllowGod"
        # Chrome's own check: a manifest with a name, icons of 144 px and more, standalone, a start URL.
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


@pytest.mark.parametrize("width", [320, 1280])
def test_the_service_worker_shows_the_offline_page_when_the_network_is_gone(live_asgi, new_page, width):
    server = live_asgi()
    page = new_page({"width": width, "height": 720})
    page.goto(server.url + "/")
    _worker_ready(page)
    page.context.set_offline(True)
    page.goto(server.url + "/how-to-play/")
    expect(page.get_by_role("heading", name="You're offline")).to_be_visible()
    expect(
        page.get_by_text("The table needs a connection: it will be here when you're back.")
    ).to_be_visible()
    expect(page.get_by_role("button", name="Try again")).to_be_visible()
    # Its own style came from the cache too: the button is the site's warm brown, not the browser's grey.
    colour = page.get_by_role("button", name="Try again").evaluate("b => getComputedStyle(b).backgroundColor")
    assert colour == "rgb(138, 75, 20)"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"offline-{width}")
    assert axe_violations(page) == []

    # Try again while still offline: the same words, on the same address.
    page.get_by_role("button", name="Try again").click()
    expect(page.get_by_role("heading", name="You're offline")).to_be_visible()
    assert page.url == server.url + "/how-to-play/"
    # The network back: the page it was asked for comes back by itself.
    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="You're offline")).to_be_hidden()
    assert page.url == server.url + "/how-to-play/"


def test_the_push_button_asks_only_when_tapped_and_a_push_then_arrives(live_asgi, new_page, settings):
    with running() as push_service:
        public_key = use_vapid(settings)
        server = live_asgi(ROOT_URLCONF="tests.e2e.web_app_urls")
        member = in_a_thread(lambda: UserFactory(gamer_tag="Grandma"))
        browser_side = push_service.subscribe()
        page = new_page()
        page.context.grant_permissions(["notifications"], origin=server.url)
        page.add_init_script(STUB.replace("SUBSCRIPTION", json.dumps(browser_side.to_json())))
        sign_in(page, server, member)
        page.goto(server.url + "/tests/push-setup/")

        button = page.get_by_role("button", name="Tell me on this device")
        expect(button).to_be_enabled()
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__permissionAsks") == 0  # nothing asked on load

        button.click()
        # Set up in the same tap; the page reloads to show it as the server now has it.
        expect(page.locator(".messages")).to_contain_text("(this device) will tell you when it's your turn.")
        assert page.evaluate("window.__permissionAsks") == 1
        assert bytes(page.evaluate("window.__serverKey")) == b64url_decode(public_key)
        assert page.evaluate("window.__userVisibleOnly") is True
        kept = in_a_thread(lambda: list(PushSubscription.objects.values_list("user_id", "endpoint")))
        assert kept == [(member.pk, browser_side.endpoint)]
        screenshot(page, "push-setup-subscribed")
        assert axe_violations(page) == []

        telling = Telling(
            kind=Notice.Kind.YOUR_TURN,
            title="Your turn at KQXT",
            body="Grandma's table (KQXT) is waiting for you.",
            url=server.url + "/t/KQXT/",
            tag="table-KQXT",
        )
        assert in_a_thread(lambda: push.send(member, telling)) == 1
        arrived = push_service.wait_for(1)
        assert [p.payload for p in arrived] == [telling.payload()]
        # What the push service decrypted, handed to this browser's worker as the service would.
        shown = _deliver(page, server, json.dumps(arrived[0].payload))
        assert shown == [
            {
                "title": "Your turn at KQXT",
                "body": "Grandma's table (KQXT) is waiting for you.",
                "tag": "table-KQXT",
                "renotify": True,
                "url": server.url + "/t/KQXT/",
                "icon": server.url + "/static/img/icon-192.png",
            }
        ]

        # Stopping it is the settings page's, beside the device's name: tests/e2e/test_notices_never_lie.py.


def test_a_browser_that_blocks_notices_is_told_so_and_nothing_is_kept(live_asgi, new_page, settings):
    use_vapid(settings)
    server = live_asgi(ROOT_URLCONF="tests.e2e.web_app_urls")
    page = new_page()
    # Headless Chromium answers "denied" to a site that was never allowed.
    page.add_init_script(STUB.replace("SUBSCRIPTION", "{}"))
    sign_in(page, server, in_a_thread(lambda: UserFactory(gamer_tag="Grandpa")))
    page.goto(server.url + "/tests/push-setup/")
    page.get_by_role("button", name="Tell me on this device").click()
    expect(page.get_by_role("status")).to_have_text(
        "Your browser blocks notices from this site, so nothing was set up. You can allow them in the "
        "browser's site settings, then tap again."
    )
    assert page.evaluate("window.__permissionAsks") == 1
    assert page.evaluate("window.__serverKey") is None  # never subscribed
    assert in_a_thread(lambda: PushSubscription.objects.count()) == 0


# What Chrome fires when it could install the site (a stand-in: no headless browser fires it).
OFFER = """() => {
  const offer = new Event("beforeinstallprompt", { cancelable: true });
  offer.prompt = () => { window.__prompted = (window.__prompted || 0) + 1; return Promise.resolve(); };
  offer.userChoice = Promise.resolve({ outcome: "accepted", platform: "web" });
  window.dispatchEvent(offer);
  return offer.defaultPrevented;
}"""


def _install_page(new_page, server, viewport=None):
    page = new_page(viewport) if viewport else new_page()
    page.goto(server.url + "/tests/install-prompt/")
    page.wait_for_load_state("networkidle")
    return page


def test_a_phone_is_offered_the_home_screen_once_and_not_now_is_remembered(live_asgi, new_page):
    server = live_asgi(ROOT_URLCONF="tests.e2e.web_app_urls")
    page = _install_page(new_page, server)
    banner = page.get_by_role("complementary", name="Install JustAllowGod")
    expect(banner).to_be_hidden()
    assert page.evaluate(OFFER) is True
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Add JustAllowGod to your home screen")
    screenshot(page, "install-prompt-phone")
    assert axe_violations(page) == []
    page.get_by_role("button", name="Not now").click()
    expect(banner).to_be_hidden()

    page.reload()
    page.wait_for_load_state("networkidle")
    assert page.evaluate(OFFER) is False  # the browser keeps its own way to install
    expect(banner).to_be_hidden()


def test_install_asks_the_browser_and_is_remembered(live_asgi, new_page):
    server = live_asgi(ROOT_URLCONF="tests.e2e.web_app_urls")
    page = _install_page(new_page, server)
    page.evaluate(OFFER)
    page.get_by_role("button", name="Install").click()
    expect(page.get_by_role("complementary", name="Install JustAllowGod")).to_be_hidden()
    assert page.evaluate("window.__prompted") == 1
    page.wait_for_function("() => localStorage.getItem('jag-install-prompt') === 'accepted'")


def test_a_computer_keeps_the_browsers_own_install_button(live_asgi, new_page):
    server = live_asgi(ROOT_URLCONF="tests.e2e.web_app_urls")
    page = _install_page(new_page, server, {"width": 1280, "height": 800})
    assert page.evaluate(OFFER) is False
    expect(page.get_by_role("complementary", name="Install JustAllowGod")).to_be_hidden()
