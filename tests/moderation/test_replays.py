"""Replays: each seat's replay equals what it saw live, and never shows another seat's hand."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from moderation.replays import full_replay, seat_replay, seat_steps
from tests.factories import UserFactory
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db

SECRETS = ("hands", "well_cards", "seed")


@pytest.fixture
def played(live_deck):
    return play_game(members=2, seed=11)


def test_a_replay_equals_the_live_game_at_every_step_for_each_seat(played):
    for seat, live in played.live.items():
        steps = seat_steps(played.game, seat)
        assert len(steps) == len(live) > 40
        for step, seen in zip(steps, live, strict=True):
            assert step["view"] == seen["view"]
            assert step["events"] == seen["events"]


def test_a_replay_never_shows_another_seats_hand(played):
    data = seat_replay(played.game, 1)
    assert data["me"] == 1
    for step in data["steps"]:
        view = step["view"]
        assert not set(SECRETS) & set(view)
        assert view["seat"] == 1
        for event in step["events"]:
            assert "secret" not in event
            if event["type"] == "well_draw" and event["seat"] != 1 and not event["matched"]:
                assert "card" not in event
    text = json.dumps(data)
    assert '"hands"' not in text and '"well_cards"' not in text and '"seed"' not in text


def test_in_teams_a_passed_card_shows_only_to_the_two_partners(live_deck):
    played = play_game(members=4, teams=True, seed=5)
    passes = 0
    for seat in played.users:
        steps = seat_steps(played.game, seat)
        assert [s["view"] for s in steps] == [s["view"] for s in played.live[seat]]
        for step in steps:
            for event in step["events"]:
                if event["type"] == "pass":
                    passes += 1
                    assert ("card" in event) == (seat in (event["seat"], event["to"]))
    assert passes


def test_the_replay_jumps_from_stone_to_stone(played):
    data = seat_replay(played.game, 2)
    stones = data["stones"]
    assert stones and stones == sorted(stones)
    for i in stones:
        assert len(data["steps"][i]["view"]["stones"]) == len(data["steps"][i - 1]["view"]["stones"]) + 1


def test_the_reviewers_replay_shows_every_hand_and_the_timing(played):
    data = full_replay(played.game)
    last = data["steps"][-1]
    assert set(last["view"]["hands"]) == {"1", "2", "3", "4"}
    assert all(step["timing"]["seat"] in (None, 1, 2) for step in data["steps"])
    assert data["steps"][1]["timing"]["elapsed_ms"] is not None


def test_a_member_replays_their_own_game_from_my_games(client, played):
    client.force_login(played.users[2])
    page = client.get(reverse("my_games"))
    assert page.status_code == 200
    assert reverse("replay", args=[played.game.pk]).encode() in page.content
    replay = client.get(reverse("replay", args=[played.game.pk]))
    assert replay.status_code == 200
    assert b'id="replay-data" type="application/json"' in replay.content
    data = replay.context["replay"]
    assert data["me"] == 2 and data["mode"] == "seat"
    assert b'"hands"' not in replay.content and b"@example.org" not in replay.content


def test_only_people_who_sat_at_the_table_may_open_its_replay(client, played):
    url = reverse("replay", args=[played.game.pk])
    assert client.get(url).status_code == 302
    client.force_login(UserFactory())
    assert client.get(url).status_code == 404


def test_the_replay_page_runs_no_inline_script_or_style(client, played):
    client.force_login(played.users[1])
    html = client.get(reverse("replay", args=[played.game.pk])).content.decode()
    assert "style=" not in html
    assert "onclick" not in html
    scripts = [part.split(">", 1)[0] for part in html.split("<script")[1:]]
    assert all('type="application/json"' in s or "src=" in s for s in scripts)


def test_a_game_recorded_before_the_new_rulings_replays_to_its_end_from_its_stored_events(played):
    from pathlib import Path

    from game import engine
    from game.models import GameEvent

    fixture = Path(__file__).resolve().parents[1] / "engine" / "fixtures" / "replay_rules_v1.json"
    recorded = json.loads(fixture.read_text())["games"][1]  # four seats, rules version 1
    game = played.game
    game.events.all().delete()
    game.deal.initial_state = engine.to_json(recorded["initial"])
    game.deal.save(update_fields=["initial_state"])
    for seq, (seat, move) in enumerate(recorded["moves"], start=1):
        GameEvent.objects.create(game=game, seq=seq, seat=seat, move=move, events=[])
    game.version = len(recorded["moves"])
    game.state = engine.to_json(recorded["final"])
    game.save(update_fields=["version", "state"])
    replay = seat_replay(game, 1)
    assert replay["complete"] and len(replay["steps"]) == game.version + 1
    last = replay["steps"][-1]["view"]
    assert last["result"] == engine.result(recorded["final"]).to_json() and last["rules_version"] == 1
    assert full_replay(game)["complete"]


def test_a_replay_reads_in_the_readers_language_and_bible(played):
    """R43: the replay reads each card and verse in its reader's language, as the table showed them."""
    from django.utils import translation

    from content.default_deck_translations import TRANSLATIONS
    from game import engine

    with translation.override("pt"):
        data = seat_replay(played.game, 1)
    faces = data["cards"]
    assert faces[str(engine.card_id(1, 0))]["story_title"] == TRANSLATIONS["pt"][1].title
    assert data["verses"] and {v["bible"] for v in data["verses"].values()} == {"alm1911"}
    with translation.override("en"):
        english = seat_replay(played.game, 1)
    assert {v["bible"] for v in english["verses"].values()} == {"kjv"}
    assert english["steps"] == data["steps"]  # the moves and views are the same in any language
