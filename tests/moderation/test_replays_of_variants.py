"""Replays of variant games (V1-V3): the options are dealt into the recorded initial state, so a
member's replay and the reviewer's replay play the same game the table saw."""

from __future__ import annotations

import pytest

from game import engine
from moderation.replays import frames, full_replay, seat_steps
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "together", "ask_any": True},
        {"variant": "quick", "read_aloud": True, "deal_seven": True},
    ],
)
def test_a_variant_game_replays_for_each_seat_exactly_as_it_was_seen(live_deck, options):
    played = play_game(members=3, seed=3, options=options)
    final = engine.from_json(played.game.state)
    assert engine.table_options(final) == {**engine.table_options(final), **options}
    for seat in played.users:
        steps = seat_steps(played.game, seat)
        assert [s["view"] for s in steps] == [s["view"] for s in played.live[seat]]
        for step in steps:
            for event in step["events"]:
                if event["type"] == "pass":  # Together: the card shows only to the two who passed it
                    assert ("card" in event) == (seat in (event["seat"], event["to"]))
    assert list(frames(played.game))[-1].state == final
    assert full_replay(played.game)["steps"][-1]["view"]["options"]["variant"] == options["variant"]
