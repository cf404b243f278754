"""What the protocol adds to a seat's view: verses shown, and card faces at the deal."""

from __future__ import annotations

import pytest

from game import engine, services
from game.protocol import messages
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def dealt_game():
    host = UserFactory()
    table = services.create_private_table(user=host).table
    return services.start_table(user=host, code=table.code).game


def test_a_stones_verse_is_shown_but_not_while_its_remember_the_word_question_is_open(live_deck):
    game = dealt_game()
    state = engine.from_json(game.state)
    state["stones"] = [[1, 5, [16, 17, 18, 19]]]
    assert set(messages.verses_shown(game, state)) == {"5"}
    state["question"] = {"seat": 1, "story": 5}
    assert messages.verses_shown(game, state) == {}


def test_the_deal_carries_the_card_faces_without_verse_texts(live_deck):
    game = dealt_game()
    message = messages.seat_update(game, engine.from_json(game.state), 1, [])
    assert len(message["cards"]) == 80
    assert all("verse_text" not in face for face in message["cards"].values())
