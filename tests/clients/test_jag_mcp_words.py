"""The MCP adapter's own pieces, without a server: the log in words, moves typed by a model, config."""

from __future__ import annotations

import time

import pytest

from jag_mcp.__main__ import main
from jag_mcp.link import NO_TOKEN, AgentLink, Config, JagError, close_words
from jag_mcp.seat import Seat, parse_move
from jag_mcp.server import helper_rules, scrub
from jag_mcp.words import Table, describe, describe_moves, describe_result, describe_view, fitting_cards

CARDS = {
    str((story - 1) * 4 + k): {"story": story, "story_title": title, "kind": kind, "title": f"{title} {kind}"}
    for story, title in ((1, "Noah and the ark"), (5, "Jonah"), (7, "Ruth and Naomi"))
    for k, kind in enumerate(("person", "place", "moment", "word"))
}
SEATS = [{"seat": 1, "tag": "Anna"}, {"seat": 2, "tag": "Ben"}, {"seat": 3, "tag": "Helper"}]


def table() -> Table:
    return Table(me=3, seats=SEATS, cards=CARDS)


def gift_view(**extra) -> dict:
    view = {
        "seat": 3,
        "hand": [0, 17, 26, 27],
        "turn": 3,
        "owed": {"recipient": 1, "count": 1},
        "asks": [
            {"seat": 1, "target": 2, "story": 7, "count": 0},
            {"seat": 1, "target": 3, "story": 5, "count": 0},
        ],
        "stones": [],
        "legal_moves": [{"give": {"card": c}} for c in (0, 17, 26, 27)],
    }
    return {**view, **extra}


def test_events_read_as_the_table_log_says_them_with_you_for_the_agents_own_seat():
    t = table()
    assert describe({"type": "ask", "seat": 1, "target": 3, "story": 5}, t) == "Anna asked you for “Jonah”."
    gift = {"type": "gift", "giver": 3, "recipient": 1, "card": 26, "story": 7, "reason": "asked"}
    assert (
        describe(gift, t)
        == "You gave Anna Ruth and Naomi moment (moment), because Anna asked for “Ruth and Naomi”."
    )
    assert describe({"type": "agent_timeout", "seat": 3}, t) == "You took too long, so JagAI chose the gift."
    assert describe({"type": "game_over", "reason": "twelve_stones"}, t).startswith(
        "The game is over. Twelve"
    )
    assert describe({"type": "something_new"}, t) is None


def test_the_cards_that_fit_follow_r16_newest_ask_first_and_skip_stories_others_laid():
    assert fitting_cards(gift_view()) == {17: "asked", 26: "asked", 27: "asked"}
    laid = gift_view(stones=[{"seat": 2, "story": 5, "cards": [16, 18, 19], "sealed": False}])
    assert set(fitting_cards(laid)) == {26, 27}
    seal = gift_view(asks=[], stones=[{"seat": 1, "story": 1, "cards": [1, 2, 3], "sealed": False}])
    assert fitting_cards(seal) == {0: "seal"}
    lines = describe_moves(seal, table())
    assert lines[0].startswith("give 0:") and "seals Anna's open stone" in lines[0]


def test_when_no_card_fits_the_keep_move_is_offered_and_said_as_r36():
    view = gift_view(asks=[], legal_moves=[{"give": {"card": 0}}, {"keep": {}}])
    assert (
        describe_moves(view, table())[-1]
        == "keep: keep the gift for your next turn (R36: no card you hold fits)"
    )
    assert parse_move("keep", view) == {"keep": {}}


def test_a_model_may_type_a_key_a_card_id_or_the_moves_json():
    view = gift_view()
    assert parse_move("give 17", view) == {"give": {"card": 17}}
    assert parse_move(" Give:26 ", view) == {"give": {"card": 26}}
    assert parse_move("27", view) == {"give": {"card": 27}}
    assert parse_move('{"give": {"card": 0}}', view) == {"give": {"card": 0}}
    for nonsense in ("the red one", "{not json", "[1, 2]"):
        with pytest.raises(JagError):
            parse_move(nonsense, view)


def test_the_site_address_becomes_the_agent_socket_and_the_token_never_comes_back():
    assert Config("http://127.0.0.1:8000", "t").socket_url == "ws://127.0.0.1:8000/ws/agent/"
    assert Config("https://jag.example/play/", "t").socket_url == "wss://jag.example/play/ws/agent/"
    assert Config.from_env({"JAG_AGENT_TOKEN": " jag_x "}).token == "jag_x"
    assert scrub("it was jag_secret!", "jag_secret") == "it was [token]!"
    assert "revoked" in close_words(4401) and "suspended" in close_words(4423)
    assert "join_table" in close_words(1006)


def test_the_helper_seat_resource_holds_r13_to_r19_and_the_rulings_about_agents():
    from jag_mcp.server import DOCS

    text = helper_rules((DOCS / "rules.md").read_text(encoding="utf-8"))
    for rule in ("R13", "R16", "R19", "R36. When an agent may keep", "R38. Suspended, banned or withdrawn"):
        assert rule in text
    assert '| `{"keep": {}}` | agent |' in text and '{"ask"' not in text
    assert (
        "A silent agent" in text and "Remember the Word" not in text.split("## House rulings about agents")[1]
    )


def test_http_is_served_on_loopback_only(capsys):
    with pytest.raises(SystemExit):
        main(["--http", "--host", "0.0.0.0"])
    assert "loopback" in capsys.readouterr().err


async def test_without_a_token_the_model_is_told_where_to_put_it():
    seat = Seat(AgentLink(Config("http://127.0.0.1:9", "")))
    with pytest.raises(JagError) as told:
        await seat.list_tables()
    assert str(told.value) == NO_TOKEN
    with pytest.raises(JagError, match="not at a table"):
        await seat.wait_for_turn(1)


async def test_a_refusal_that_ends_the_seat_is_said_as_the_close_it_comes_with():
    link = AgentLink(Config("http://127.0.0.1:9", "jag_x"))
    link.code, link.socket, link.view, link.table = "KDRT", object(), gift_view(), table()

    async def refused(move: dict, version: int) -> dict:
        return {"type": "error", "code": "agent_revoked", "message": "This agent may not play any more."}

    link.move = refused
    with pytest.raises(JagError, match="token is missing, unknown or revoked"):
        await Seat(link).play("give 17", link.version)

    async def wrong_card(move: dict, version: int) -> dict:
        return {"type": "error", "code": "card_not_in_hand", "message": "That move isn't allowed right now."}

    link.move = wrong_card
    said = await Seat(link).play("give 17", link.version)
    assert said.startswith("Refused: You don't hold that card") and "It's your turn" in said


async def test_a_choice_the_site_finds_stale_is_answered_in_a_sentence_and_never_sent_again():
    """Issue 28: the clock chose while the move was on its way; the site refuses it stale_version.
    The seat says where the table is now and does not send the choice again on the new version."""
    link = AgentLink(Config("http://127.0.0.1:9", "jag_x"))
    link.code, link.socket, link.view, link.table, link.version = "KDRT", object(), gift_view(), table(), 41
    link.due_at = time.monotonic() + 5
    sent: list[tuple[dict, int]] = []

    async def stale(move: dict, version: int) -> dict:
        sent.append((move, version))
        link.version, link.view, link.due_at = 43, gift_view(turn=1, owed=None, legal_moves=[]), None
        return {"type": "error", "code": "stale_version", "message": "The table moved on."}

    link.move = stale
    said = await Seat(link).play("give 17", 41)
    assert said.startswith("Your time ran out; it is now Anna's turn (version 43)."), said
    # The clock did choose for the seat (R16): the words never say nothing was played.
    assert "Your choice was not played: the clock chose for you" in said
    assert "Nothing was played" not in said
    assert sent == [({"give": {"card": 17}}, 41)]
    # A choice for a version already passed is not even sent.
    assert (await Seat(link).play("give 17", 41)).startswith("Your time ran out; it is now ")
    assert len(sent) == 1


def test_the_view_says_which_game_the_table_plays_and_a_together_result_reads_as_one_side():
    t = table()
    standard = describe_view(gift_view(options={"variant": "standard", "ask_any": False}), t)
    assert "This table plays" not in standard
    together = describe_view(gift_view(options={"variant": "together", "deal_seven": True}), t)
    assert (
        "This table plays Together (everyone on one side; your gifts go to the person with the fewest stones), Deal 7."
        in together
    )
    won = {
        "reason": "twelve_stones",
        "winners": [1, 2],
        "ranking": [],
        "together": {"won": True, "stones": 12},
    }
    assert "filled the circle together" in describe_result(won, t)
    lost = {
        "reason": "no_more_stones",
        "winners": [],
        "no_winner": True,
        "together": {"won": False, "stones": 7},
    }
    assert describe_result(lost, t).endswith("Together the table laid 7 of 12 stones.")
    assert describe({"type": "read_aloud", "seat": 1, "story": 5, "verse": "..."}, t) == (
        "Read it together: the verse of “Jonah”."
    )
    assert describe({"type": "game_over", "reason": "quick_goal"}, t) == (
        "The game is over. Two stones laid: the Quick game is over."
    )


def test_the_helper_seat_resource_holds_the_variants_without_their_house_rulings():
    from jag_mcp.server import DOCS

    text = helper_rules((DOCS / "rules.md").read_text(encoding="utf-8"))
    assert "V3. Together" in text and "fewest stones" in text and "V2. Quick game" in text
    assert "Deal 7 in a Quick game" not in text
