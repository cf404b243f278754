"""Passkeys (issue 30 item 1): a newcomer signs up with a passkey (their email proved by a mailed
code first, as allauth.mfa requires) and later signs in with it alone, on Chromium's virtual
authenticator (CDP WebAuthn). allauth's WebAuthn script is a static file, so the site's strict CSP
lets it run; the test fails on any CSP report in the console."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.mailbox import mail_server, mailed_code  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def with_virtual_authenticator(page) -> str:
    """A platform authenticator that keeps passkeys and says yes to the user's lock, as a phone would."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    page.cdp = cdp
    return added["authenticatorId"]


def test_a_newcomer_signs_up_with_a_passkey_and_signs_in_with_it_alone(mail_server, new_page):  # noqa: F811
    server, outbox = mail_server
    # WebAuthn needs a domain name: browsers refuse an IP address as the relying party.
    base = server.url.replace("127.0.0.1", "localhost")
    page = new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    authenticator = with_virtual_authenticator(page)

    page.goto(f"{base}/accounts/signup/")
    page.get_by_role("link", name="Sign up with a passkey").click()
    expect(page.get_by_role("heading", name="Sign up with a passkey")).to_be_visible()
    page.get_by_label("Email").fill("priscilla@example.org")
    page.get_by_role("button", name="Sign up").click()

    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    page.get_by_label("Code").fill(mailed_code(outbox, "priscilla@example.org"))
    page.get_by_role("button", name="Confirm").click()

    expect(page.get_by_role("heading", name="Make your passkey")).to_be_visible()
    screenshot(page, "passkey-make")
    page.get_by_role("button", name="Make my passkey").click()

    expect(page.get_by_role("heading", name="Choose your gamer tag")).to_be_visible()
    page.get_by_label("Gamer tag").fill("Priscilla")
    page.get_by_role("button", name="Save my tag").click()
    expect(page.get_by_role("heading", name=re.compile("Priscilla"))).to_be_visible()
    credentials = page.cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(credentials) == 1 and credentials[0]["isResidentCredential"]
    member = in_a_thread(lambda: User.objects.get(email="priscilla@example.org"))
    assert not member.has_usable_password()
    assert in_a_thread(lambda: member.authenticator_set.filter(type="webauthn").count()) == 1

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("link", name="Sign up, it's free")).to_be_visible()
    page.goto(f"{base}/accounts/login/")
    screenshot(page, "passkey-sign-in")
    page.get_by_role("button", name="Sign in with a passkey").click()
    expect(page.get_by_role("heading", name=re.compile("Priscilla"))).to_be_visible()
    assert not [e for e in errors if "Content Security Policy" in e], errors


def test_a_passkey_button_is_enabled_only_once_its_script_has_wired_it(live_asgi, new_page):
    """On a slow connection the button showed before allauth's script could make a key, and a tap
    then did nothing (or sent the sign-in form without one): it waits, disabled, until it works."""
    server = live_asgi()
    page = new_page()
    held: list = []
    page.route(lambda url: "/mfa/js/webauthn" in url and "json" not in url, lambda route: held.append(route))
    page.goto(f"{server.url}/accounts/login/", wait_until="commit")
    button = page.get_by_role("button", name="Sign in with a passkey")
    expect(button).to_be_disabled()
    for _ in range(100):  # the script's request, held back by the route
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for allauth's passkey script"
    expect(button).to_be_disabled()
    for route in held:
        route.continue_()
    expect(button).to_be_enabled()
    assert page.evaluate("() => document.getElementById('passkey_login').dataset.enabledOnLoad === ''")
