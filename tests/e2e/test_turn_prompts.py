"""What the Your move panel says, in the browser: after an ask that came back empty, it names who
had none and the story, not just "They have none"."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from playwright.sync_api import expect

from game import engine, services
from game.models import Game, Table
from game.services import deadlines
from tests.deck import load_deck
from tests.e2e.helpers import in_a_thread, table_model
from tests.e2e.live import sign_in
from tests.factories import UserFactory
from tests.game.support import deal_private_table

pytestmark = pytest.mark.django_db(transaction=True)


def an_ask_that_finds_nothing(table_id: int) -> tuple[dict, int, int]:
    """One of the host's legal asks whose seat holds no card of the story: (move, seat, story)."""
    state = engine.from_json(in_a_thread(lambda: Game.objects.get(table_id=table_id)).state)
    for move in engine.legal_moves(state, 1):
        ask = move.get("ask")
        if ask and all(engine.story_of(card) != ask["story"] for card in engine.hand(state, ask["seat"])):
            return move, ask["seat"], ask["story"]
    pytest.fail("the fixed deal gives the host no ask that finds nothing")


def time_out_now(table_id: int) -> bool:
    """The seat to move runs out of time now; whether the turn passed. The live server's own clock
    sweeps too and may fire the deadline first, and a sweep skips a game another sweep holds: taking
    the table's row lock after this sweep waits for that one to commit, so either way the game has
    moved on by then."""
    before = Game.objects.get(table_id=table_id).version
    Game.objects.filter(table_id=table_id).update(move_deadline=timezone.now() - timedelta(seconds=1))
    deadlines.expire_deadlines()
    with transaction.atomic():
        Table.objects.select_for_update().get(pk=table_id)
    return Game.objects.get(table_id=table_id).version > before


def test_after_an_empty_ask_the_panel_names_who_had_none(host_at_table):
    page, table, members = host_at_table
    move, seat, story = an_ask_that_finds_nothing(table.pk)
    table_model(page, "(m, move, t) => t.sendMove(move)", move)
    table_model(page, "(m) => m.view.phase === 'well'", until=True)
    title = table_model(page, "(m, n, t) => t.story(n)", story)
    who = (
        members[seat].gamer_tag if seat in members else table_model(page, "(m, s, t) => t.seatName(s)", seat)
    )
    expect(page.locator("#actions-prompt")).to_have_text(
        f"{who} has no card of “{title}”. Go to the Well and draw one card."
    )


def test_after_a_well_draw_the_panel_says_what_was_drawn(host_at_table):
    page, table, _members = host_at_table
    move, _seat, story = an_ask_that_finds_nothing(table.pk)
    table_model(page, "(m, move, t) => t.sendMove(move)", move)
    table_model(page, "(m) => m.view.phase === 'well' && m.pending === null", until=True)
    table_model(page, "(m, _, t) => t.sendMove({well: {}})")
    table_model(page, "(m) => m.view.phase !== 'well' && m.pending === null", until=True)
    drawn = table_model(page, "(m, _, t) => t.card(m.news.card).title")
    title = table_model(page, "(m, n, t) => t.story(n)", story)
    said = re.compile(rf"^You drew {re.escape(drawn)}, (a|not a) card of “{re.escape(title)}”")
    expect(page.locator("#actions-prompt")).to_have_text(said)


def test_after_a_timeout_the_panel_says_the_time_ran_out(host_at_table):
    page, table, _members = host_at_table
    version = table_model(page, "(m) => m.version")

    assert in_a_thread(lambda: time_out_now(table.pk))
    # The clock ran in this process, so the page hears of it from its next ping (at most 10 s).
    table_model(page, "(m, v) => m.version > v", version, until=True, timeout=15_000)
    expect(page.locator("#actions-prompt")).to_have_text(
        re.compile(r"^Your time ran out, so the turn passed\. \S")
    )


def test_a_timeout_is_still_said_when_the_helpers_hand_the_turn_straight_back(live_asgi, new_page):
    """One person and three JagAI: the helpers play at once, so the turn is back before the page
    hears of the timeout. It must still say the time ran out (one more and JagAI takes the seat)."""
    load_deck()
    server = live_asgi(GAME_FIXED_SEED=20261130)
    host = UserFactory(gamer_tag="Lydia")

    def deal() -> Table:
        table = services.create_private_table(user=host, seats=4).table
        services.start_table(user=host, code=table.code)
        return table

    table = in_a_thread(deal)
    page = new_page()
    sign_in(page, server, host)
    page.goto(f"{server.url}/t/{table.code}/")
    table_model(page, "(m) => m && m.view && m.view.legal_moves.length > 0", until=True)
    version = table_model(page, "(m) => m.version")

    assert in_a_thread(lambda: time_out_now(table.pk))
    table_model(
        page, "(m, v) => m.version > v && m.view.turn === m.view.seat", version, until=True, timeout=15_000
    )
    expect(page.locator("#actions-prompt")).to_have_text(
        re.compile(r"^Your time ran out last turn\. Your turn!")
    )


# Every sentence the announcer speaks, in order (it is emptied and refilled for each one).
HEAR = """() => {
  window.heard = [];
  new MutationObserver(() => {
    const text = document.getElementById("announcer").textContent;
    if (text) window.heard.push(text);
  }).observe(document.getElementById("announcer"), { childList: true, characterData: true, subtree: true });
}"""


def test_a_word_card_from_the_well_is_named_by_its_story_with_the_reference_after_it(live_asgi, new_page):
    """Issue 34: "You drew 1 Samuel 17:45" named a verse, not a card a child knows. Seed 2 puts a Word
    card of another story on top of the Well after the host's first ask that finds nothing."""
    load_deck()
    server = live_asgi(GAME_FIXED_SEED=2)
    host, guest = UserFactory(gamer_tag="Mum"), UserFactory(gamer_tag="Sam")
    table = in_a_thread(lambda: deal_private_table(host, guest))
    top = engine.from_json(in_a_thread(lambda: Game.objects.get(table=table)).state)["well"][-1]
    assert engine.story_of(top) and top % 4 == 3, "pick another seed: the Well's top card is no Word card"
    page = new_page()
    sign_in(page, server, host)
    page.goto(f"{server.url}/t/{table.code}/")
    table_model(page, "(m) => m && m.view && m.view.legal_moves.length > 0", until=True)
    page.evaluate(HEAR)
    move, _seat, story = an_ask_that_finds_nothing(table.pk)
    assert engine.story_of(top) != story
    table_model(page, "(m, move, t) => t.sendMove(move)", move)
    table_model(page, "(m) => m.view.phase === 'well' && m.pending === null", until=True)
    table_model(page, "(m, _, t) => t.sendMove({well: {}})")
    table_model(page, "(m) => m.view.phase !== 'well' && m.pending === null", until=True)

    face = table_model(page, "(m, id, t) => t.card(id)", top)
    asked = table_model(page, "(m, n, t) => t.story(n)", story)
    card = f"the Word card of “{face['story_title']}” ({face['reference']})"
    assert face["reference"] and face["reference"] == face["title"], face
    expect(page.locator("#actions-prompt")).to_have_text(
        re.compile(rf"^You drew {re.escape(card)}, not a card of “{re.escape(asked)}”\.")
    )
    logged = f"You drew {card} from the Well. It isn't from “{asked}”, so your turn is ending."
    expect(page.locator("#log")).to_contain_text(logged)
    assert logged in page.evaluate("() => window.heard"), "the announcer did not say it"
    # The reference is never the name of the card on its own.
    assert not page.locator("#log").inner_text().count(f"drew {face['reference']}")


def test_every_sentence_that_names_a_word_card_names_its_story_and_reference(host_at_table):
    """The table's own sentence module, on the page's own card faces: draws, gifts, seals and passes."""
    page, _table, _members = host_at_table
    said = table_model(
        page,
        """async (m, _, app) => {
          const href = document.querySelector('link[rel="modulepreload"][href*="render-log"]').href;
          const { describe } = await import(href);
          const word = Object.keys(m.cards).map(Number).find((id) => app.card(id).kind === "word");
          const ctx = { me: 1, name: (s) => app.seatName(s), card: (id) => app.card(id), story: (n) => app.story(n) };
          const events = [
            { type: "well_draw", seat: 1, card: word, story: 1 + ((Math.floor(word / 4) + 1) % 5), matched: false },
            { type: "well_draw", seat: 1, card: word, story: Math.floor(word / 4) + 1, matched: true },
            { type: "draw", seat: 1, card: word, why: "empty_hand" },
            { type: "gift", giver: 2, recipient: 1, card: word, story: Math.floor(word / 4) + 1, reason: "seal" },
            { type: "seal", seat: 1, card: word, story: Math.floor(word / 4) + 1, points: 2 },
            { type: "pass", seat: 1, to: 2, card: word },
          ];
          return { face: app.card(word), sentences: events.map((e) => describe(e, ctx)) };
        }""",
    )
    face = said["face"]
    name = f"the Word card of “{face['story_title']}” ({face['reference']})"
    for sentence in said["sentences"]:
        assert name in sentence, sentence
    # A Word card drawn for its own story is not told twice that it is of that story.
    assert said["sentences"][1] == f"You drew {name} from the Well, and go on!"
