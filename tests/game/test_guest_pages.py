"""R41's pages: a guest's way in by the invite link, keeping their games by an email, and the
guard that keeps a guest's session to their table (every URL walked)."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.sessions.models import Session
from django.core import mail
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from accounts.family_guard import OPEN_TO_GUESTS, closed_to_guests
from accounts.guests import KEEP_CODE_TRIES, KEEP_CODES_PER_HOUR
from accounts.models import Managed, User
from game import services
from game.models import SitRequest, Table
from game.protocol.messages import sit_asks
from game.services import guests
from tests.factories import UserFactory
from tests.game.support import host_answers

pytestmark = pytest.mark.django_db


def open_table() -> Table:
    return services.create_private_table(user=UserFactory()).table


def seated_guest(table: Table, name: str = "Grandpa_Joe") -> tuple[User, Client]:
    """A guest let in by the host, and their device."""
    device = Client()
    device.post(reverse("guest_sit", args=[table.invite_token]), {"name": name})
    guest = User.objects.get(gamer_tag=name)
    request = SitRequest.objects.get(guest=guest)
    host_answers(table, request.pk, yes=True)
    return guest, device


def test_a_visitor_asks_with_one_name_and_the_page_waits_for_the_hosts_yes():
    table = open_table()
    device = Client()
    page = device.get(reverse("guest_sit", args=[table.invite_token]))
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    offered = page.context["suggestions"]
    assert len(offered) == 3 and all(re.fullmatch(r"[A-Za-z]+_[A-Za-z]+\d*", name) for name in offered)
    asked = device.post(reverse("guest_sit", args=[table.invite_token]), {"name": "", "pick": offered[0]})
    assert asked.status_code == 302 and asked["Location"] == reverse("guest_wait", args=[table.invite_token])
    guest = User.objects.get(gamer_tag=offered[0], managed_as=Managed.GUEST)
    assert guest.devices.count() == 1  # the device that asked, for the host's no
    state_url = reverse("guest_state", args=[table.invite_token])
    assert device.get(state_url).json()["state"] == "asking"
    assert b"Waiting for" in device.get(reverse("guest_wait", args=[table.invite_token])).content
    assert device.get(reverse("home"))["Location"] == reverse("guest_wait", args=[table.invite_token])
    request = SitRequest.objects.get(guest=guest)
    host = Client()
    host.force_login(table.host)
    host.post(reverse("answer_sit_request", args=[table.code, request.pk]), {"answer": "yes"})
    assert device.get(state_url).json() == {"state": "seated", "url": reverse("table", args=[table.code])}
    assert device.get(reverse("home"))["Location"] == reverse("table", args=[table.code])
    assert device.get(reverse("table", args=[table.code])).status_code == 200


def test_a_refused_name_is_said_beside_the_box_and_nothing_is_made():
    table = open_table()
    device = Client()
    page = device.post(reverse("guest_sit", args=[table.invite_token]), {"name": "x"})
    assert page.status_code == 400 and b"3 to 20 characters" in page.content
    assert not User.objects.filter(managed_as=Managed.GUEST).exists()
    assert device.get(reverse("guest_state", args=[table.invite_token])).json()["state"] == "gone"


def test_the_hosts_no_signs_the_asking_device_out():
    table = open_table()
    device = Client()
    device.post(reverse("guest_sit", args=[table.invite_token]), {"name": "Uninvited"})
    request = SitRequest.objects.get()
    host = Client()
    host.force_login(table.host)
    host.post(reverse("answer_sit_request", args=[table.code, request.pk]), {"answer": "no"})
    assert not User.objects.filter(gamer_tag="Uninvited").exists()
    assert not Session.objects.filter(session_key=device.session.session_key).exists()
    assert device.get(reverse("guest_state", args=[table.invite_token])).json()["state"] == "gone"


def _sample_path(route: str) -> str | None:
    """A path for a route, with a sample value for each part; None for admin's and regex routes."""
    if route.startswith("admin/") or route.startswith("^") or "(?P" in route:
        return None
    samples = {"int": "1", "str": "ABCD", "slug": "leave", "path": "1"}
    return "/" + re.sub(r"<(\w+):\w+>", lambda m: samples[m.group(1)], route)


def every_route(patterns=None, prefix: str = "", space: str = "") -> list[tuple[str, str]]:
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{entry.namespace}:" if entry.namespace else space
            found += every_route(entry.url_patterns, route, inner)
        elif isinstance(entry, URLPattern):
            found.append((f"{space}{entry.name}", route))
    return found


def test_a_guests_session_opens_the_pages_open_to_guests_and_no_other_every_url_walked():
    table = open_table()
    guest, device = seated_guest(table)
    walked = 0
    for name, route in every_route():
        path = _sample_path(route)
        if path is None:
            continue
        assert closed_to_guests(path) == (name not in OPEN_TO_GUESTS), path
        if name in OPEN_TO_GUESTS:
            continue
        for method in (device.get, device.post):
            answer = method(path)
            assert answer.status_code == 403, (path, answer.status_code)
            assert b"Guests play at their host" in answer.content
        walked += 1
    assert walked > 40  # every member page, the family's, the review pages, the notices
    for path in ("/admin/", "/admin/accounts/user/", "/accounts/email/", "/accounts/2fa/"):
        assert device.get(path).status_code == 403
    assert User.objects.get(pk=guest.pk).is_guest  # nothing changed: no tag, no deletion, no family
    assert not User.objects.filter(managed_by=guest).exists()


def test_a_guests_post_to_an_account_url_changes_nothing():
    table = open_table()
    guest, device = seated_guest(table)
    for path, data in (
        (reverse("accounts:delete_account"), {"confirm": "yes"}),
        (reverse("accounts:choose_tag"), {"gamer_tag": "Renamed"}),
        (reverse("family"), {"gamer_tag": "Kiddo"}),
        (reverse("new_private_table"), {}),
        (reverse("play_now"), {}),
        (reverse("join_link", args=[open_table().code]), {}),
    ):
        answer = device.post(path, data)
        assert answer.status_code == 403 and b"nothing was changed" in answer.content
    guest.refresh_from_db()
    assert guest.is_active and guest.gamer_tag == "Grandpa_Joe" and guest.is_guest
    assert Table.objects.filter(seats__user=guest).count() == 1


def _mailed_code() -> str:
    return re.search(r"\b(\d{6})\b", mail.outbox[-1].body).group(1)


def test_a_guest_keeps_their_games_with_an_email_and_a_mailed_code():
    table = open_table()
    guest, device = seated_guest(table)
    keep = reverse("accounts:keep_games")
    assert device.get(keep).status_code == 200
    device.post(keep, {"email": "Joe@Example.org"})
    assert mail.outbox[-1].to == ["Joe@example.org"]
    code = _mailed_code()
    wrong = device.post(keep, {"code": "000000" if code != "000000" else "111111"})
    assert wrong.status_code == 400 and b"the one we sent" in wrong.content
    assert User.objects.get(pk=guest.pk).is_guest  # nothing changed
    kept = device.post(keep, {"code": code})
    assert kept.status_code == 302
    member = User.objects.get(pk=guest.pk)
    assert (member.email, member.managed_by_id, member.managed_as) == (
        "Joe@example.org",
        None,
        Managed.MEMBER,
    )
    assert EmailAddress.objects.get(user=member).verified
    assert member.seats.get().table == table  # the same games
    assert device.get(reverse("accounts:settings")).status_code == 200  # a member's pages now


def test_a_taken_email_is_answered_as_a_free_one_and_no_code_keeps_games_with_it():
    UserFactory(email="taken@example.org")
    table = open_table()
    guest, device = seated_guest(table)
    keep = reverse("accounts:keep_games")
    taken = device.post(keep, {"email": "TAKEN@example.org"})
    assert taken.status_code == 200 and taken.context["step"] == "code"  # as for any address
    assert "already has an account" in mail.outbox[-1].body and not re.search(
        r"\b\d{6}\b", mail.outbox[-1].body
    )
    for guess in ("000000", "123456"):
        device.post(keep, {"code": guess})
    assert User.objects.get(pk=guest.pk).is_guest


def test_a_wrong_email_is_refused_and_codes_are_not_a_flood():
    table = open_table()
    _guest, device = seated_guest(table)
    keep = reverse("accounts:keep_games")
    for bad in ("not-an-email", "joe@example.org\nBcc: x@example.org", "a" * 250 + "@example.org"):
        answer = device.post(keep, {"email": bad})
        assert answer.status_code == 400 and b"look like an email" in answer.content
    assert not mail.outbox
    answers = [
        device.post(keep, {"email": "flood@example.org"}).status_code for _ in range(KEEP_CODES_PER_HOUR + 1)
    ]
    assert answers == [200] * KEEP_CODES_PER_HOUR + [429] and len(mail.outbox) == KEEP_CODES_PER_HOUR


def test_a_code_tried_too_often_is_spent():
    table = open_table()
    guest, device = seated_guest(table)
    keep = reverse("accounts:keep_games")
    device.post(keep, {"email": "joe@example.org"})
    code = _mailed_code()
    wrong = "000000" if code != "000000" else "111111"
    answers = [device.post(keep, {"code": wrong}).status_code for _ in range(KEEP_CODE_TRIES)]
    assert answers == [400] * (KEEP_CODE_TRIES - 1) + [410]
    spent = device.post(keep, {"code": code})  # the right code, too late
    assert spent.status_code == 410 and User.objects.get(pk=guest.pk).is_guest


def test_every_page_open_to_guests_is_a_page_and_the_everyday_ones_open():
    names = {name for name, _ in every_route()}
    assert names >= OPEN_TO_GUESTS
    table = open_table()
    _guest, device = seated_guest(table)
    for path in ("/sw.js", "/manifest.webmanifest", "/offline/", "/bible/genesis/1/", "/rules/", "/privacy/"):
        assert device.get(path).status_code == 200, path


def test_a_members_keep_page_sends_them_home():
    member = Client()
    member.force_login(UserFactory())
    assert member.get(reverse("accounts:keep_games"))["Location"] == reverse("home")


def test_a_guest_keeps_the_language_their_device_chose(settings):
    """Issue 42: a guest's account keeps the language their device chose with the picker when they
    asked to sit; with no choice made, their browser keeps deciding, as for any visitor (and the
    picker then changes their device's, as a child's; tests/foundation/test_languages.py)."""
    settings.LANGUAGES = settings.ALL_LANGUAGES
    table = open_table()
    chose = Client(HTTP_ACCEPT_LANGUAGE="en")
    chose.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    chose.post(reverse("guest_sit", args=[table.invite_token]), {"name": "Abuela_Rosa"})
    assert User.objects.get(gamer_tag="Abuela_Rosa").language == "es"
    browser = Client(HTTP_ACCEPT_LANGUAGE="pt")
    browser.post(reverse("guest_sit", args=[table.invite_token]), {"name": "Vovo_Lu"})
    guest = User.objects.get(gamer_tag="Vovo_Lu")
    assert guest.language == ""
    host_answers(table, SitRequest.objects.get(guest=guest).pk, yes=True)
    browser.post(reverse("choose_language"), {"language": "en", "next": "/"})
    assert '<html lang="en">' in browser.get(reverse("how_to_play")).content.decode()
    odd = Client()
    odd.cookies[settings.LANGUAGE_COOKIE_NAME] = "xx"
    odd.post(reverse("guest_sit", args=[table.invite_token]), {"name": "Mamie_Lou"})
    assert User.objects.get(gamer_tag="Mamie_Lou").language == ""  # not one the site is written in


def test_the_host_says_which_language_their_guest_reads(settings):
    """Issue 42: a guest's language is the host's to set, as a child's is the parent's: the "Let …
    sit" answer carries it; a language the site does not offer is refused with words and changes
    nothing (the request still waits); a no never sets one."""
    settings.LANGUAGES = settings.ALL_LANGUAGES
    table = open_table()
    device = Client(HTTP_ACCEPT_LANGUAGE="en")
    device.post(reverse("guest_sit", args=[table.invite_token]), {"name": "Abuela_Rosa"})
    guest = User.objects.get(gamer_tag="Abuela_Rosa")
    request = SitRequest.objects.get(guest=guest)
    assert [a["language"] for a in sit_asks(table)] == [""]
    host = Client()
    host.force_login(table.host)
    answer = reverse("answer_sit_request", args=[table.code, request.pk])
    refused = host.post(answer, {"answer": "yes", "language": "xx"}, follow=True)
    assert "That language is not one the site is written in." in refused.content.decode()
    assert SitRequest.objects.filter(pk=request.pk).exists()
    assert User.objects.get(pk=guest.pk).language == ""
    assert host.post(answer, {"answer": "yes", "language": "es"}).status_code == 302
    assert User.objects.get(pk=guest.pk).language == "es"
    assert guests.guest_state(guest) == ("seated", table)
    # Their device reads Spanish from the next page on, whatever the browser says.
    assert '<html lang="es">' in device.get(reverse("how_to_play")).content.decode()
