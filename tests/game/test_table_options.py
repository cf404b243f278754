"""Table options and variants (V1-V3) on the server: chosen when opening a private table, dealt into the
game, kept by Play again, shown to everyone; public tables always play the standard game."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse

from game import engine, services
from game.models import Game, Table
from game.protocol import messages
from game.protocol.options import together_best
from game.services.starting import seat_list
from justalllowgod.lib.refusals import Refusal
from tests.factories import UserFactory, signed_in_session
from tests.game.support import connect, seated

pytestmark = pytest.mark.django_db

YOUNG = {"seats": 4, "remember_word": "on", "deal_seven": "on", "ask_any": "on", "read_aloud": "on"}


def open_by_form(client, data: dict) -> Table:
    host = UserFactory()
    client.force_login(host)
    response = client.post(reverse("new_private_table"), data)
    assert response.status_code == 302
    return Table.objects.get(host=host)


def test_the_open_table_form_sets_the_young_children_options_and_the_game_is_dealt_by_them(client, live_deck):
    table = open_by_form(client, {**YOUNG, "variant": "standard"})
    assert (table.deal_seven, table.ask_any, table.read_aloud, table.variant) == (
        True,
        True,
        True,
        "standard",
    )
    assert table.remember_word is False  # V1: Read the verse together shows the verse instead of the quiz
    services.join_by_code(user=UserFactory(), code=table.code)
    game = services.start_table(user=table.host, code=table.code).game
    state = engine.from_json(game.state)
    assert engine.table_options(state) == table.game_options()
    assert [len(engine.hand(state, s)) for s in (2, 3, 4)] == [7, 7, 7]
    assert engine.table_options(engine.from_json(game.deal.initial_state))["read_aloud"] is True


def test_the_open_table_form_chooses_quick_or_together(client, live_deck):
    assert open_by_form(client, {"seats": 5, "variant": "quick"}).variant == "quick"
    assert open_by_form(client, {"seats": 4, "variant": "together"}).variant == "together"
    assert open_by_form(client, {"seats": 4}).variant == "standard"  # a page without the choice


def test_an_unknown_variant_opens_no_table(client):
    host = UserFactory()
    client.force_login(host)
    response = client.post(reverse("new_private_table"), {"seats": 4, "variant": "speedy"}, follow=True)
    assert "one of the games" in response.content.decode()
    assert not Table.objects.filter(host=host).exists()


def test_ruling_V3_together_is_refused_with_teams_and_needs_two_people_to_start(live_deck):
    host = UserFactory()
    with pytest.raises(Refusal) as refused:
        services.create_private_table(user=host, teams=True, variant="together")
    assert refused.value.code == "together_without_teams"
    table = services.create_private_table(user=host, variant="together").table
    with pytest.raises(Refusal) as refused:
        services.start_table(user=host, code=table.code)
    assert refused.value.code == "together_needs_two"
    services.join_by_code(user=UserFactory(), code=table.code)
    game = services.start_table(user=host, code=table.code).game
    assert engine.table_options(engine.from_json(game.state))["variant"] == "together"


def test_play_again_keeps_the_options_and_the_variant(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, variant="quick", deal_seven=True, ask_any=True).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    services.end_game(user=host, code=table.code)
    again = services.play_again(user=guest, code=table.code).table
    assert again.game_options() == table.game_options()
    assert again.game_options() == {
        "variant": "quick",
        "deal_seven": True,
        "ask_any": True,
        "read_aloud": False,
    }


def test_public_tables_always_play_the_standard_game(live_deck):
    table = services.play_now(user=UserFactory()).table
    assert table.game_options() == {
        "variant": "standard",
        "deal_seven": False,
        "ask_any": False,
        "read_aloud": False,
    }
    assert messages.table_payload(table, seat_list(table))["chips"] == []


def test_each_option_is_a_chip_in_the_table_facts_and_the_join_page(client, live_deck):
    host = UserFactory()
    table = services.create_private_table(
        user=host, variant="together", deal_seven=True, read_aloud=True
    ).table
    payload = messages.table_payload(table, seat_list(table))
    assert [chip["label"] for chip in payload["chips"]] == ["Together", "Deal 7", "Read the verse together"]
    assert payload["options"]["variant"] == "together"
    client.force_login(UserFactory())
    page = client.get(reverse("join_link", args=[table.code])).content.decode()
    assert "Together:" in page and "Deal 7:" in page and "Read the verse together:" in page
    word_off = services.create_private_table(user=UserFactory(), remember_word=False).table
    assert [c["key"] for c in messages.table_payload(word_off, [])["chips"]] == ["word_off"]


def play_to_end(table: Table, members: dict, seed: int) -> Game:
    """The persons make random legal moves through play_move until the game is over."""
    rng = random.Random(seed)
    while True:
        game = Game.objects.get(table=table)
        state = engine.from_json(game.state)
        if engine.is_over(state):
            return game
        seat = engine.current_seat(state)
        services.play_move(
            table_id=table.pk,
            user=members[seat],
            session_key=signed_in_session(members[seat]),
            move_id=f"r{game.version}",
            version=game.version,
            move=rng.choice(engine.legal_moves(state, seat)),
        )


def test_ruling_V3_the_end_says_how_many_stones_were_laid_and_the_tables_best_so_far(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, variant="together").table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    game = play_to_end(table, {1: host, 2: guest}, seed=4)
    laid = engine.stone_count(engine.from_json(game.state))
    assert game.result["together"] == {"won": laid == 12, "stones": laid}
    assert game.result["winners"] == ([1, 2] if laid == 12 else [])
    table.refresh_from_db()
    assert messages.table_payload(table, seat_list(table))["together_best"] == laid
    # The next table (Play again) ends early with no stone: the best so far is still the first game's.
    again = services.play_again(user=host, code=table.code).table
    services.join_by_code(user=guest, code=again.code)
    services.start_table(user=host, code=again.code)
    services.end_game(user=host, code=again.code)
    again.refresh_from_db()
    assert together_best(again) == laid
    assert messages.table_payload(again, seat_list(again))["together_best"] == laid


@sync_to_async
def started(**options):
    host, guest = UserFactory(), UserFactory()
    table = services.create_private_table(user=host, **options).table
    services.join_by_code(user=guest, code=table.code)
    services.start_table(user=host, code=table.code)
    return table, host, guest


@pytest.mark.django_db(transaction=True)
async def test_the_welcome_on_a_real_socket_says_the_options_as_chips_and_in_the_view(live_deck):
    table, host, _guest = await started(variant="quick", ask_any=True)
    connected, code, player = await connect(host, table.code)
    assert connected, code
    welcome = await player.next_of("welcome")
    await player.close()
    assert [chip["label"] for chip in welcome["table"]["chips"]] == ["Quick game", "Ask for any story"]
    assert welcome["view"]["options"]["variant"] == "quick" and welcome["view"]["options"]["ask_any"]
    assert len(welcome["view"]["hand"]) == 3
    # V1: every story of the deck may be asked for, not only those in hand.
    asked = {m["ask"]["story"] for m in welcome["view"]["legal_moves"] if "ask" in m}
    assert asked == set(range(1, welcome["view"]["stories"] + 1))


@pytest.mark.django_db(transaction=True)
async def test_ruling_V3_a_pass_to_anyone_goes_over_the_socket_face_down_to_the_table(live_deck):
    table, host, guest = await started(variant="together")
    me, other = await seated(host, table.code), await seated(guest, table.code)
    view = next(m["view"] for m in reversed(me.received) if m.get("view"))
    share = next(m for m in view["legal_moves"] if "share" in m)
    assert share["share"]["seat"] == 2  # the only other person; helpers are never offered
    await me.send({"type": "move", "id": "s1", "version": 0, "move": share})
    assert (await me.next_of("ack"))["id"] == "s1"
    await me.until_version(1)
    await other.until_version(1)
    mine = next(m for m in me.received if m["type"] == "update" and m["version"] == 1)
    theirs = next(m for m in other.received if m["type"] == "update" and m["version"] == 1)
    await me.close()
    await other.close()
    [seen] = [e for e in theirs["events"] if e["type"] == "pass"]
    assert seen["card"] == share["share"]["card"] and seen["to"] == 2
    assert share["share"]["card"] in theirs["view"]["hand"]
    assert mine["view"]["passes"] == [{"seat": 1, "to": 2}]
    assert not [m for m in mine["view"]["legal_moves"] if "share" in m]  # once a turn


def test_the_how_to_play_answers_about_young_children_and_variants_name_what_the_start_page_offers(client):
    faq = client.get(reverse("how_to_play")).content.decode()
    client.force_login(UserFactory())
    start = client.get(reverse("home")).content.decode()
    for label in (
        "For young children",
        "Deal 7",
        "Ask for any story",
        "Read the verse together",
        "Quick",
        "Together",
    ):
        assert label in faq and label in start, label
    assert "Read it together" in faq
    # "Read aloud" is the voice that reads the table page out (static/js/voice.js), never this option.
    assert "Read aloud" not in faq and "Read aloud" not in start
