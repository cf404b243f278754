"""A reviewer opens the queue, opens a case, steps through the full replay and decides a suspension."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from playwright.sync_api import expect

from moderation.models import Case, Decision
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, screenshot
from tests.e2e.live import axe_violations
from tests.factories import UserFactory
from tests.moderation.conftest import ensure_reviewers_group, play_game

pytestmark = pytest.mark.django_db(transaction=True)


def restriction_now(member):
    """The member's restriction as the database holds it now."""
    member.refresh_from_db()
    return member.restriction()


DESKTOP = {"width": 1280, "height": 900}


def sign_in(page, base_url: str, user) -> None:
    """Give the browser the member's session, as if they had just logged in."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base_url}]
    )


@pytest.fixture
def flagged(transactional_db):
    """A game played at script speed: it is flagged on commit, the moment it ends."""
    load_deck()
    ensure_reviewers_group()
    played = in_a_thread(lambda: play_game(members=2, seed=5))
    assert Case.objects.filter(game=played.game, status=Case.Status.OPEN).exists()
    return played


def test_a_reviewer_decides_a_suspension_from_the_queue(live_server, new_page, flagged):
    reviewer = UserFactory(gamer_tag="Shepherd")
    reviewer.groups.add(Group.objects.get(name="Reviewers"))
    member = flagged.users[1]
    page = new_page(DESKTOP)
    sign_in(page, live_server.url, reviewer)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    page.goto(f"{live_server.url}/review/")
    expect(page.get_by_role("heading", name="Review queue")).to_be_visible()
    screenshot(page, "review-queue")
    assert axe_violations(page) == []
    page.locator(".case-link").first.click()

    expect(page.get_by_role("heading", name=re.compile(r"Case \d+"))).to_be_visible()
    expect(page.locator(".histogram-row.is-fast").first).to_be_visible()
    expect(page.locator(".full-hand")).to_have_count(4)
    page.wait_for_function("() => window.jagReplay !== undefined")  # the module has wired the buttons
    page.get_by_role("button", name="Next stone").click()
    expect(page.locator("#rp-circle .stone")).to_have_count(1)
    expect(page.locator("#rp-timing")).to_contain_text("ms after the move became possible")
    screenshot(page, "review-case")
    assert axe_violations(page) == []

    page.get_by_role("checkbox", name=flagged.users[2].gamer_tag, exact=True).uncheck()
    page.get_by_role("radio", name="Suspension").check()
    page.get_by_label("Days of suspension").fill("7")
    page.get_by_label("Reason", exact=True).fill("Five answers in a row under a tenth of a second.")
    page.get_by_role("button", name="Record the decision").click()

    expect(page.get_by_text("Decision recorded")).to_be_visible()
    expect(page.locator(".history-item.action-suspension")).to_have_count(1)
    screenshot(page, "review-case-decided")
    decision = Decision.objects.get()
    assert (decision.user, decision.action, decision.days) == (member, "suspension", 7)
    assert "suspended until" in restriction_now(member).message
    assert restriction_now(flagged.users[2]) is None
    assert errors == []


def test_a_member_replays_their_own_game(live_server, new_page, flagged):
    member = flagged.users[2]
    page = new_page()
    sign_in(page, live_server.url, member)
    page.goto(f"{live_server.url}/me/games/")
    expect(page.get_by_role("heading", name="My games")).to_be_visible()
    screenshot(page, "my-games")
    assert axe_violations(page) == []
    page.get_by_role("link", name=re.compile("Replay")).first.click()

    expect(page.locator("#rp-position")).to_contain_text("The deal")
    # The page says "The deal" before its module has run; wait for the replay to be wired up.
    page.wait_for_function("() => window.jagReplay !== undefined")
    page.get_by_role("button", name="Next stone").click()
    expect(page.locator("#rp-circle .stone")).to_have_count(1)
    page.get_by_role("button", name="Step forward").click()
    expect(page.locator("#rp-hand .game-card").first).to_be_visible()
    assert page.locator(".full-hand").count() == 0
    screenshot(page, "replay-own-seat")
    assert axe_violations(page) == []
    page.get_by_role("button", name="End").click()
    expect(page.locator("#rp-turn")).to_contain_text("The game is over")
