"""One table, several languages (issue 42, R43) through a real daphne process: the living-room TV
reads Spanish (its own choice, the language cookie it was given), the host's seat English, the
guest's Portuguese; each is sent the cards and the verses in its own language and Bible, and the
screen still only the public view."""

from __future__ import annotations

import random
import time

import pytest

from content.default_deck_translations import TRANSLATIONS
from game import engine
from game.models import Game, Seat
from game.services import screens
from tests.e2e.helpers import in_a_thread
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table
from tests.realtime.public_view_checks import History, check_public_message
from tests.realtime.sockets import WAIT, Tab, tab_for
from tests.trust import LiveBrowser, signed_in_client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def languages_server(deck, live_asgi, settings):
    return live_asgi(LANGUAGES=settings.ALL_LANGUAGES)


def _verses(tab: Tab) -> list[dict]:
    return [v for m in tab.got for v in (m.get("verses") or {}).values()]


def test_the_tv_reads_spanish_while_the_seats_read_english_and_portuguese(languages_server):
    server = languages_server
    host, guest = UserFactory(language="en"), UserFactory(language="pt")
    made = deal_private_table(host, guest, start=False)
    seats = {1: tab_for(server, made, host), 2: tab_for(server, made, guest)}
    for seat, language in ((1, "en"), (2, "pt")):  # each open page notes its language (R43)
        end = time.monotonic() + WAIT
        while Seat.objects.get(table=made, position=seat).language != language:
            assert time.monotonic() < end, f"seat {seat} never read {language}"
            time.sleep(0.02)
    # Started by the host's tap on the live server, as a page does: the sockets listen there.
    page = f"/t/{made.code}/"
    assert LiveBrowser(server, signed_in_client(host)).post_form(f"{page}start/", {}, page=page) == 302
    secret = in_a_thread(
        lambda: screens.show_on_screen(user=host, session_key=signed_in_session(host), code=made.code).secret
    )
    tv = Tab(server, "", b"django_language=es", path=f"/ws/screen/{secret}/")
    assert tv.welcome["cards"][str(engine.card_id(1, 0))]["story_title"] == TRANSLATIONS["es"][1].title
    for seat, tab in seats.items():
        dealt = tab.until(lambda m: m.get("cards") is not None and m.get("view") is not None)
        title = dealt["cards"][str(engine.card_id(1, 0))]["story_title"]
        assert title == ("Noah and the ark" if seat == 1 else TRANSLATIONS["pt"][1].title)
    # Play until stones are laid and their verses shown.
    rng, version = random.Random(5), 0
    for k in range(400):
        game = Game.objects.get(table_id=made.pk)
        state = engine.from_json(game.state)
        if engine.is_over(state) or len(state["stones"]) >= 3:
            break
        time.sleep(0.06)  # a quick human's pace: the members' message budgets hold
        seat = engine.current_seat(state)
        move = rng.choice(engine.legal_moves(state, seat))
        seats[seat].send({"type": "move", "id": f"m{k}", "version": game.version, "move": move})
        answer = seats[seat].until(lambda m, k=k: m["type"] in ("ack", "error") and m.get("id") == f"m{k}")
        assert answer["type"] == "ack", answer
        version = answer["version"]
    for tab in (tv, *seats.values()):
        tab.until_version(version)
    assert {v["bible"] for v in _verses(tv)} == {"rv1909"}
    assert {v["bible"] for v in _verses(seats[1])} == {"kjv"}
    assert {v["bible"] for v in _verses(seats[2])} == {"alm1911"}
    history, rng = History(made.pk), random.Random(31)
    for message in tv.views():
        check_public_message(message, history, rng)  # the public view only, in any language
