"""Every address answers a plain GET with a page: typed, reloaded or shared, never a blank 405."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter

from game import services
from game.models import Seat, Table
from game.pages.tables import TABLE_ACTIONS
from moderation import services as moderation
from notices import tokens
from tests.deck import load_deck
from tests.factories import UserFactory
from tests.moderation.conftest import ensure_reviewers_group, play_game

pytestmark = pytest.mark.django_db

# What a GET may end on, after its redirects: a page, or a page that says why not.
PAGE_STATUSES = {200, 403, 404}


Outer = tuple[tuple[str, object], ...]  # an include's own arguments, with their converters


def named_patterns(
    resolver: URLResolver, namespace: str = "", outer: Outer = ()
) -> Iterator[tuple[str, URLPattern, Outer]]:
    """Every named URL pattern, with its namespaced name (an unnamed one cannot be addressed) and the
    arguments its includes' own routes add (allauth's passkeys: keys/<pk>/ around remove/)."""
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            converters = getattr(entry.pattern, "converters", {})
            added = tuple((name, converters.get(name)) for name in entry.pattern.regex.groupindex)
            yield from named_patterns(entry, inner, outer + added)
        elif entry.name:
            yield f"{namespace}{entry.name}", entry, outer


def parameters(pattern: URLPattern) -> list[str]:
    """The names of the pattern's own arguments (its route's <...> or its regex's groups)."""
    regex = pattern.pattern.regex
    return [name for name in regex.groupindex if name not in pattern.default_args]


@pytest.fixture
def world(db):
    """A finished game with a case and a decision, a waiting table, and the three kinds of visitor."""
    load_deck()
    ensure_reviewers_group()
    # Two accounts on one device: the game is flagged, so it has a case to decide.
    played = play_game(members=2, devices={1: "one-tablet", 2: "one-tablet"})
    [case] = {flag.case for flag in moderation.flag_game(game_id=played.game.pk)}
    member = played.users[1]
    reviewer = UserFactory(is_staff=True, is_superuser=True)
    reviewer.user_permissions.add(Permission.objects.get(codename="review_case"))
    [decision] = moderation.decide_case(
        case_id=case.pk, reviewer=reviewer, user_ids=[member.pk], action="warning", reason="A test."
    )
    table = services.create_private_table(user=member, seats=4).table
    values = {
        "code": table.code,
        "game_id": played.game.pk,
        "case_id": case.pk,
        "decision_id": decision.pk,
        "book": "genesis",
        "chapter": 1,
        "paper": "a4",
        # A turn mail's unsubscribe link: a real one (a forged token is a 400 page, on purpose).
        "token": tokens.make(member),
    }
    return {"values": values, "member": member, "reviewer": reviewer}


def addresses(world: dict) -> Iterator[tuple[str, str]]:
    """One address per named pattern (each table action), with real objects for its arguments."""
    for name, pattern, outer in named_patterns(get_resolver()):
        params = parameters(pattern)
        if "action" in params:
            for action in TABLE_ACTIONS:
                kwargs = {"code": world["values"]["code"], "action": action}
                yield name, reverse(name, kwargs=kwargs)
            continue
        kwargs = {p: sample(p, pattern, world) for p in params}
        kwargs |= {p: 1 if isinstance(converter, IntConverter) else "x1" for p, converter in outer}
        if None in kwargs.values():
            continue  # an admin page for a kind of record the test has none of
        yield name, reverse(name, kwargs=kwargs)


def sample(param: str, pattern: URLPattern, world: dict) -> object:
    if param in world["values"]:
        return world["values"][param]
    if param == "app_label":  # the admin's ^(?P<app_label>accounts|content|...)/$
        return re.search(r"\(\?P<app_label>(\w+)", pattern.pattern.regex.pattern).group(1)
    if param == "object_id":
        model_admin = getattr(pattern.callback, "model_admin", None)
        first = model_admin.model._default_manager.order_by("pk").first() if model_admin else None
        return str(first.pk) if first else None
    # allauth's keys and the admin's content types: a wrong one must still answer with a page.
    converter = getattr(pattern.pattern, "converters", {}).get(param)
    return 1 if isinstance(converter, IntConverter) else "x1"


@pytest.mark.parametrize("visitor", ["anonymous", "member", "reviewer"])
def test_every_named_address_answers_a_plain_get_with_a_page(world, visitor):
    browser = Client()
    if visitor != "anonymous":
        browser.force_login(world[visitor])
    answers = {}
    for name, url in addresses(world):
        response = browser.get(url, follow=True)
        body = response.content
        is_page = response.status_code in PAGE_STATUSES and len(body) > 0
        if response["Content-Type"].startswith("text/html"):
            is_page = is_page and b"<" in body
        answers[url] = (name, response.status_code, response.redirect_chain[-1:], is_page)
    blank = {url: answer for url, answer in answers.items() if not answer[3]}
    assert blank == {}
    assert len(answers) > 40


def test_typing_play_now_shows_the_start_screen_and_opens_no_table(world):
    browser = Client()
    browser.force_login(world["member"])
    before = Table.objects.count()
    response = browser.get(reverse("play_now"), follow=True)
    assert response.redirect_chain == [(reverse("home"), 302)]
    assert "home/start.html" in [t.name for t in response.templates]
    assert Table.objects.count() == before


@pytest.mark.parametrize("action", TABLE_ACTIONS)
def test_a_get_of_a_table_button_shows_the_table_and_changes_nothing(world, action):
    browser = Client()
    member = world["member"]
    browser.force_login(member)
    code = world["values"]["code"]
    response = browser.get(reverse("table_action", args=[code.lower(), action]), follow=True)
    assert response.redirect_chain == [(reverse("table", args=[code]), 302)]
    assert "game/table.html" in [t.name for t in response.templates]
    table = Table.objects.get(code=code)
    assert table.status == Table.Status.WAITING
    assert Seat.objects.filter(table=table, user=member, left_at__isnull=True).exists()


def test_a_get_of_a_button_that_does_not_exist_is_a_not_found_page(world):
    browser = Client()
    browser.force_login(world["member"])
    response = browser.get(reverse("table_action", args=[world["values"]["code"], "explode"]))
    assert response.status_code == 404 and b"<h1" in response.content


def test_a_form_door_refuses_other_methods_with_words(world):
    browser = Client()
    browser.force_login(world["member"])
    response = browser.put(reverse("play_now"))
    assert response.status_code == 405 and response.content
    assert Table.objects.filter(status=Table.Status.WAITING).count() == 1


def test_a_typed_admin_sign_out_shows_the_admin_and_its_button_still_signs_out(world):
    browser = Client()
    browser.force_login(world["reviewer"])
    response = browser.get("/admin/logout/", follow=True)
    assert response.redirect_chain == [(reverse("admin:index"), 302)]
    assert response.wsgi_request.user.is_authenticated
    browser.post(reverse("admin:logout"))
    assert browser.get(reverse("admin:index")).status_code == 302  # signed out: to the sign-in
