"""Every game is kept whole: nothing deletes a finished game, and the device cookie is first-party."""

from __future__ import annotations

import pytest
from django.db.models import ProtectedError

from game import devices, engine
from game.models import Game, GameEvent, Table
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db


def test_a_finished_game_is_kept_whole_and_replays_to_its_end(live_deck):
    played = play_game()
    game = played.game
    assert game.finished_at is not None and game.result is not None
    moves = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seat", "move"))
    assert engine.replay(engine.from_json(game.deal.initial_state), moves) == engine.from_json(game.state)
    assert engine.from_json(game.deal.initial_state)["seed"] == game.seed
    assert all(e.server_time for e in GameEvent.objects.filter(game=game))


def test_nothing_deletes_a_finished_game(live_deck):
    played = play_game()
    with pytest.raises(ProtectedError):
        Game.objects.filter(pk=played.game.pk).delete()
    with pytest.raises(ProtectedError):
        Table.objects.filter(pk=played.table.pk).delete()
    with pytest.raises(ProtectedError):
        played.users[2].delete()
    assert GameEvent.objects.filter(game=played.game).count() == played.game.version


def is_signed(value: str, device: str) -> bool:
    """A signed cookie is the id, a timestamp and a signature, joined by colons."""
    return value.startswith(f"{device}:") and len(value.split(":")) == 3 and len(value) > len(device) + 30


def test_the_device_cookie_is_signed_first_party_and_set_on_the_first_visit(client):
    response = client.get("/")
    cookie = response.cookies[devices.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert not cookie["domain"]  # first-party: this site's host only
    assert int(cookie["max-age"]) >= 60 * 60 * 24 * 365
    assert is_signed(cookie.value, response.wsgi_request.device_id)
    assert len(response.wsgi_request.device_id) >= 16


def test_the_device_cookie_is_kept_on_the_next_visit(client):
    first = client.get("/")
    second = client.get("/")
    assert devices.COOKIE not in second.cookies
    assert second.wsgi_request.device_id == first.wsgi_request.device_id
    assert devices.read_device(first.cookies[devices.COOKIE].value) == first.wsgi_request.device_id


def test_a_forged_device_cookie_is_ignored(client):
    client.cookies[devices.COOKIE] = "forged-device:bad-signature"
    response = client.get("/")
    fresh = response.cookies[devices.COOKIE].value
    assert is_signed(fresh, response.wsgi_request.device_id)
    assert response.wsgi_request.device_id != "forged-device"
    assert devices.read_device("forged-device:bad-signature") == ""
