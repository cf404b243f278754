"""A child's table socket through a real daphne process over real sockets: signed in by the
parent's QR, closed with 4401 the moment the parent ends that device, and with 4423 the moment a
reviewer suspends the parent; JagAI in the seat (R38)."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from websockets.sync.client import connect

from accounts import family
from accounts.models import ChildDevice
from game import engine
from game.models import Game
from tests.e2e.test_socket_doors import close_code, first_of
from tests.factories import UserFactory
from tests.game.support import deal_private_table
from tests.trust import LiveBrowser, case_about, reviewer_client, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


def test_ending_a_childs_device_closes_its_table_socket_with_4401_and_jagai_takes_the_seat(server):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    tablet = LiveBrowser(server)
    secret = family.issue_sign_in(parent=parent, child_id=child.pk)
    assert tablet.post_form(f"/family/sign-in/{secret}/", {}) == 302
    table = deal_private_table(parent, child)
    with ExitStack() as sockets:
        ws = sockets.enter_context(
            connect(
                f"{server.ws_url}/ws/table/{table.code}/",
                origin=server.url,
                additional_headers={"Cookie": tablet.cookie_header.decode()},
                open_timeout=10,
            )
        )
        assert first_of(ws, "welcome")["me"]["tag"] == "Sam"
        phone = LiveBrowser(server, signed_in_client(parent))
        device = ChildDevice.objects.get(child=child)
        assert phone.post_form(f"/me/family/devices/{device.pk}/end/", {}, page="/me/family/") == 302
        assert close_code(ws, within=3) == 4401
        again = sockets.enter_context(
            connect(
                f"{server.ws_url}/ws/table/{table.code}/",
                origin=server.url,
                additional_headers={"Cookie": tablet.cookie_header.decode()},
                open_timeout=10,
            )
        )
        assert close_code(again) == 4401  # the tablet's cookie signs nobody in now
    state = engine.from_json(Game.objects.get(table=table).state)
    assert state["kinds"][1] == "helper" and state["points"][1] == 0


def test_suspending_the_parent_closes_the_childs_table_socket_with_4423_and_jagai_takes_the_seat(server):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Sam")
    tablet = LiveBrowser(server)
    secret = family.issue_sign_in(parent=parent, child_id=child.pk)
    assert tablet.post_form(f"/family/sign-in/{secret}/", {}) == 302
    table = deal_private_table(UserFactory(), child)  # the parent is not at this table
    other = deal_private_table(parent, UserFactory())
    cookie = {"Cookie": tablet.cookie_header.decode()}
    with ExitStack() as sockets:
        ws = sockets.enter_context(
            connect(f"{server.ws_url}/ws/table/{table.code}/", origin=server.url, additional_headers=cookie)
        )
        first_of(ws, "welcome")
        case = case_about(parent, Game.objects.get(table=other))
        decision = {"accounts": [parent.pk], "action": "suspension", "days": 3, "reason": "Seen."}
        reviewer = LiveBrowser(server, reviewer_client())
        path = f"/review/cases/{case.pk}/"
        assert reviewer.post_form(f"{path}decide/", decision, page=path) == 302
        assert close_code(ws, within=3) == 4423
        again = sockets.enter_context(
            connect(f"{server.ws_url}/ws/table/{table.code}/", origin=server.url, additional_headers=cookie)
        )
        assert close_code(again) == 4423  # the child may not sit down while the parent is suspended
    state = engine.from_json(Game.objects.get(table=table).state)
    assert state["kinds"][1] == "helper"
