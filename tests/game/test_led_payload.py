"""A class's table says so in its payload (`led`): its end screen offers the children no Play again
(static/js/render-end.js), and its log names the leader, not a host (static/js/render-log.js)."""

from __future__ import annotations

import pytest

from classes import joining, leading
from game import services
from game.protocol.messages import table_payload
from game.services.starting import seat_list
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db


def test_a_class_tables_payload_says_it_is_led_and_a_familys_does_not():
    leader = UserFactory()
    classroom = joining.start_class(leader=leader, agreed=True)
    joining.join_class(code=classroom.code, name="Little_Tom")
    (place,) = leading.make_tables(
        leader=leader, session_key=signed_in_session(leader), class_id=classroom.pk
    )
    assert table_payload(place.table, seat_list(place.table))["led"] is True
    family = services.create_private_table(user=UserFactory()).table
    assert table_payload(family, seat_list(family))["led"] is False
