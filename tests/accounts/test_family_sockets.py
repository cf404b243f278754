"""A child's session at the table, through the real ASGI router: the parent ending it closes its
sockets at once and JagAI takes the seat (R38's way); a decision about a child reaches the parent.
(The same through a real daphne and browsers: tests/e2e/test_family.py.)"""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.models import ChildDevice
from game import engine, services
from game.models import Game
from justalllowgod.lib.refusals import Refusal
from tests.deck import load_deck
from tests.factories import UserFactory
from tests.game.support import connect, deal_private_table, seated
from tests.trust import session_cookie_of, suspend

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_deck(transactional_db):
    load_deck()


def _family_at_a_table():
    """A parent and their child at a dealt private table, the child signed in on a device by QR."""
    parent = UserFactory(gamer_tag="Grandma_Ruth")
    child = family.add_child(parent=parent, tag="Sam")
    parent_phone = Client()
    parent_phone.force_login(parent)
    page = parent_phone.post(reverse("family_sign_in_qr", args=[child.pk]))
    tablet = Client()
    assert tablet.post(re.sub(r"^https?://[^/]+", "", page.context["url"])).status_code == 302
    table = deal_private_table(parent, child)
    return parent, parent_phone, child, tablet, table


async def test_the_parent_ending_a_childs_session_closes_its_socket_and_jagai_takes_the_seat(live_deck):
    parent, parent_phone, child, tablet, table = await sync_to_async(_family_at_a_table)()
    at_table = await seated(child, table.code, cookie=session_cookie_of(tablet))
    watcher = await seated(parent, table.code)
    device = await sync_to_async(ChildDevice.objects.get)(child=child)
    url = reverse("family_end_device", args=[device.pk])
    assert (await sync_to_async(parent_phone.post)(url)).status_code == 302
    closed = await at_table.next_of("__closed__")
    assert closed["code"] == 4401
    state = engine.from_json((await sync_to_async(Game.objects.get)(table=table)).state)
    assert state["kinds"][1] == "helper" and state["points"][1] == 0
    log = [e for m in await watcher.drain() for e in m.get("events", [])]
    assert any(e["type"] == "takeover" and e["seat"] == 2 for e in log)
    await watcher.close()


async def test_at_the_table_a_child_is_seen_by_tag_only_like_anyone(live_deck):
    parent, _phone, _child, _tablet, table = await sync_to_async(_family_at_a_table)()
    connected, _, watcher = await connect(parent, table.code)
    assert connected
    welcome = await watcher.next_of("welcome")
    await watcher.close()
    text = json.dumps(welcome)
    assert '"Sam"' in text
    assert "child" not in text.lower() and "managed" not in text.lower() and "family" not in text.lower()


def test_a_reviewers_decision_about_a_child_is_mailed_to_the_parent(live_deck):
    parent, _phone, child, _tablet, table = _family_at_a_table()
    mail.outbox.clear()
    suspend(child, Game.objects.get(table=table))
    to_parent = [m for m in mail.outbox if m.to == [parent.email]]
    assert len(to_parent) == 1
    assert "Sam" in to_parent[0].body and "suspended" in to_parent[0].body
    assert "child's account" in to_parent[0].subject


def test_a_move_from_a_childs_ended_session_is_refused_at_the_act(live_deck):
    parent, _phone, child, tablet, table = _family_at_a_table()
    key = tablet.cookies["sessionid"].value
    device = ChildDevice.objects.get(child=child)
    family.end_device(parent=parent, device_id=device.pk)
    game = Game.objects.get(table=table)
    with pytest.raises(Refusal) as refused:
        services.play_move(
            table_id=table.pk, user=child, session_key=key, move_id="m", version=game.version, move={}
        )
    assert refused.value.code == "signed_out"
    assert Game.objects.get(table=table).version == game.version


async def test_suspending_a_parent_closes_their_childs_socket_and_jagai_takes_the_childs_seat(live_deck):
    parent, _, child, tablet, table = await sync_to_async(_family_at_a_table)()
    at_table = await seated(child, table.code, cookie=session_cookie_of(tablet))
    game = await sync_to_async(Game.objects.get)(table=table)
    await sync_to_async(suspend)(parent, game)
    closed = await at_table.next_of("__closed__")
    assert closed["code"] == 4423
    state = engine.from_json((await sync_to_async(Game.objects.get)(table=table)).state)
    assert state["kinds"][1] == "helper"  # the child's seat (2) went to JagAI too
