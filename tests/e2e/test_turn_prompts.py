"""What the Your move panel says, in the browser: after an ask that came back empty, it names who
had none and the story, not just "They have none"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game import engine
from game.models import Game
from tests.e2e.helpers import in_a_thread

pytestmark = pytest.mark.django_db(transaction=True)


def an_ask_that_finds_nothing(table_id: int) -> tuple[dict, int, int]:
    """One of the host's legal asks whose seat holds no card of the story: (move, seat, story)."""
    state = engine.from_json(in_a_thread(lambda: Game.objects.get(table_id=table_id)).state)
    for move in engine.legal_moves(state, 1):
        ask = move.get("ask")
        if ask and all(engine.story_of(card) != ask["story"] for card in engine.hand(state, ask["seat"])):
            return move, ask["seat"], ask["story"]
    pytest.fail("the fixed deal gives the host no ask that finds nothing")


def test_after_an_empty_ask_the_panel_names_who_had_none(host_at_table):
    page, table, members = host_at_table
    move, seat, story = an_ask_that_finds_nothing(table.pk)
    page.evaluate("(move) => window.jagTable.sendMove(move)", move)
    page.wait_for_function("() => window.jagTable.view.phase === 'well'")
    title = page.evaluate(f"() => window.jagTable.story({story})")
    who = (
        members[seat].gamer_tag
        if seat in members
        else page.evaluate(f"() => window.jagTable.seatName({seat})")
    )
    expect(page.locator("#actions-prompt")).to_have_text(
        f"{who} has no card of “{title}”. Go to the Well and draw one card."
    )
