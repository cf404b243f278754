"""Helpers for the trust tests: sessions to sign out, and cases to decide (in-process and daphne)."""

from __future__ import annotations

from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from moderation import services as moderation
from moderation.models import Case, Flag
from tests.factories import UserFactory
from tests.moderation.conftest import ensure_reviewers_group


def signed_in_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def session_cookie_of(client: Client) -> bytes:
    return f"sessionid={client.cookies['sessionid'].value}".encode()


def sign_out(client: Client) -> None:
    """Sign out as the browser does: the allauth form's POST."""
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302


def suspend(member, game, days: int = 3) -> None:
    """A reviewer suspends the member over a case about this game, through the real service."""
    case = case_about(member, game)
    ensure_reviewers_group()
    reviewer = UserFactory()
    reviewer.groups.add(Group.objects.get(name="Reviewers"))
    moderation.decide_case(
        case_id=case.pk,
        reviewer=reviewer,
        user_ids=[member.pk],
        action="suspension",
        reason="Seen.",
        days=days,
    )


class LiveBrowser:
    """One browser talking HTTP to a live server: its cookies, and forms posted with CSRF.

    The in-memory channel layer lives inside the server process, so what must reach its sockets
    (a sign-out, a reviewer's decision) has to happen there too, as it does on a real site.
    """

    def __init__(self, server, client: Client | None = None) -> None:
        self.server = server
        self.cookies: dict[str, str] = {}
        if client is not None:
            self.cookies["sessionid"] = client.cookies["sessionid"].value

    @property
    def cookie_header(self) -> bytes:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items()).encode()

    def request(self, method: str, path: str, body: dict | None = None) -> int:
        from http.client import HTTPConnection
        from http.cookies import SimpleCookie
        from urllib.parse import urlencode, urlsplit

        parts = urlsplit(self.server.url)
        connection = HTTPConnection(parts.hostname, parts.port, timeout=20)
        headers = {
            "Cookie": self.cookie_header.decode(),
            "Origin": self.server.url,
            "Referer": self.server.url + path,
        }
        payload = None
        if body is not None:
            payload = urlencode(
                {**body, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}, doseq=True
            )
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        connection.close()
        return response.status

    def post_form(self, path: str, body: dict, *, page: str | None = None) -> int:
        """Open the page with the form (for its CSRF cookie), then post it."""
        self.request("GET", page or path)
        return self.request("POST", path, body)


def case_about(member, game) -> Case:
    case = Case.objects.create(game=game)
    flag = Flag.objects.create(case=case, game=game, kind=Flag.Kind.TOO_FAST, seats="1", evidence={})
    flag.users.set([member])
    return case


def reviewer_client() -> Client:
    ensure_reviewers_group()
    reviewer = UserFactory()
    reviewer.groups.add(Group.objects.get(name="Reviewers"))
    return signed_in_client(reviewer)
