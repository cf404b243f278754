"""check_replays: every finished game replays from its moves to the end it was kept with."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from game import engine
from game.models import Game
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db


def run() -> list[str]:
    out = io.StringIO()
    call_command("check_replays", stdout=out, stderr=io.StringIO())
    return out.getvalue().splitlines()


def test_each_finished_game_is_one_line_that_says_it_replays(live_deck):
    first, second = play_game(seed=1).game, play_game(seed=2).game
    lines = run()
    assert [line.split()[1] for line in lines] == [str(first.pk), str(second.pk)]
    assert all(line.endswith("replay=ok") for line in lines)
    assert lines[0] != lines[1]


def test_the_line_of_a_game_does_not_change_when_nothing_changed(live_deck):
    play_game(seed=3)
    assert run() == run()


def test_a_game_whose_kept_end_was_altered_fails_the_check(live_deck):
    game = play_game(seed=4).game
    state = engine.from_json(game.state)
    state["well"] = [*state["well"], 999]
    Game.objects.filter(pk=game.pk).update(state=engine.to_json(state))
    with pytest.raises(CommandError, match="1 finished game"):
        run()
