"""Every guess counts the same (issue 28 item 6): a code that names no open table is a wrong
guess, whether it is unknown or names only finished tables, and every door answers both alike.
A member's own finished tables are no guess and keep their pages."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts import agents
from game import services
from game.models import Table
from game.services.agents import agent_join
from justalllowgod.lib.refusals import Refusal
from tests.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db


def member_client(user=None, address: str = "10.8.8.8") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(user or UserFactory())
    return client


def finished_table(host=None) -> Table:
    table = services.create_private_table(user=host or UserFactory(), allow_agents=True).table
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    return table


def page_words(response) -> str:
    """A page without its CSRF token, which is masked afresh on every response, and without the
    address asked for (the language picker's way back), which the asker typed themselves."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", response.content.decode())
    return page.replace(response.wsgi_request.path, "")


def unknown_code(*taken: str) -> str:
    return next(code for code in ("ZZZZ", "YYYY", "XXXX") if code not in taken)


def test_ten_finished_codes_throttle_a_member_like_ten_unknown_ones():
    old = finished_table()
    client = member_client()
    for _ in range(10):
        assert client.get(reverse("table", args=[old.code])).status_code == 404
    table = services.create_private_table(user=UserFactory()).table
    assert client.post(reverse("join_table"), {"code": table.code}).status_code == 429
    assert not table.seats.exclude(user=table.host).exists()


@pytest.mark.parametrize("door", ["table", "join_link", "table_qr"])
def test_each_page_answers_a_finished_code_as_it_answers_an_unknown_one(door):
    old = finished_table()
    client = member_client()
    finished = client.get(reverse(door, args=[old.code]))
    unknown = client.get(reverse(door, args=[unknown_code(old.code)]))
    assert finished.status_code == unknown.status_code == 404
    assert page_words(finished) == page_words(unknown)
    assert cache.get(f"code-guess:member:{finished.wsgi_request.user.pk}") == 2


def test_the_join_form_answers_a_finished_code_as_it_answers_an_unknown_one():
    old = finished_table()
    client = member_client()
    said = []
    for code in (old.code, unknown_code(old.code)):
        page = client.post(reverse("join_table"), {"code": code}, follow=True).content.decode()
        said.append(page.count("We couldn&#x27;t find a table open to join with that code."))
    assert said == [1, 1]


def test_the_agent_api_answers_a_finished_code_as_it_answers_an_unknown_one():
    agent = agents.Agent.objects.create(name="Lamp", owner_contact="lamp@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    old = finished_table()
    answers = []
    for code in (old.code, unknown_code(old.code)):
        with pytest.raises(Refusal) as caught:
            agent_join(agent=agent, code=code, ip="10.4.4.4")
        answers.append((caught.value.code, caught.value.status, caught.value.message))
    assert answers[0] == answers[1]
    assert cache.get(f"code-guess:agent:{agent.pk}") == 2


def test_a_members_own_finished_table_is_no_guess_and_keeps_its_page():
    host = UserFactory()
    old = finished_table(host)
    client = member_client(host)
    for _ in range(12):
        assert client.get(reverse("table", args=[old.code])).status_code == 200
    assert cache.get(f"code-guess:member:{host.pk}") is None


def test_a_waiting_table_is_found_and_not_counted_a_begun_one_is_a_miss(live_deck):
    waiting = services.create_private_table(user=UserFactory()).table
    host = UserFactory()
    playing = services.create_private_table(user=host).table
    services.start_table(user=host, code=playing.code)
    client = member_client()
    key = f"code-guess:member:{client.session['_auth_user_id']}"
    assert client.get(reverse("join_link", args=[waiting.code])).status_code == 200
    assert cache.get(key) is None
    # Issue 49: a game in progress answers a stranger as an unknown code does, and counts.
    begun = client.get(reverse("join_link", args=[playing.code]))
    unknown = client.get(reverse("join_link", args=[unknown_code(playing.code)]))
    assert begun.status_code == unknown.status_code == 404
    assert cache.get(key) == 2
