"""One table, several languages (issue 42, R43): Grandma reads Spanish, an uncle Portuguese, the
host English, and JagAI fills the fourth seat. Played to the end over real sockets: each seat's
cards, verses and Remember the Word come in its own language, from its own Bible, and nothing a
seat may not see reaches it in any language."""

from __future__ import annotations

import asyncio
import random

import pytest
from asgiref.sync import sync_to_async

from content.default_deck import STORIES
from content.default_deck_translations import TRANSLATIONS
from game import engine, services
from game.engine.word_lists import LISTS
from game.engine.words import BLANK
from game.models import Game, Seat
from tests.factories import UserFactory
from tests.game.support import seated, until_dealt
from tests.realtime.test_socket_games import _events_at, check_every_message, play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)

BIBLES = {"en": "kjv", "es": "rv1909", "pt": "alm1911"}


@pytest.fixture(autouse=True)
def _every_language_open(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES


async def reads(table_id: int, user, language: str) -> None:
    """Wait until the member's open table page has noted the language its seat reads."""
    for _ in range(250):
        seat = await sync_to_async(Seat.objects.get)(table_id=table_id, user=user)
        if seat.language == language:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{user.gamer_tag}'s seat never read {language}")


def title_in(language: str, position: int) -> str:
    english = next(s for s in STORIES if s.position == position)
    return english.title if language == "en" else TRANSLATIONS[language][position].title


async def test_a_mixed_table_plays_to_the_end_each_seat_in_its_own_language(live_deck):
    host = await sync_to_async(UserFactory)(language="en")
    grandma = await sync_to_async(UserFactory)(language="es")
    uncle = await sync_to_async(UserFactory)(language="pt")
    table = (await sync_to_async(services.create_private_table)(user=host, seats=4)).table
    for member in (grandma, uncle):
        await sync_to_async(services.join_by_code)(user=member, code=table.code)
    members = {1: host, 2: grandma, 3: uncle}
    languages = {1: "en", 2: "es", 3: "pt"}
    players = {seat: await seated(member, table.code) for seat, member in members.items()}
    for seat, member in members.items():
        await reads(table.pk, member, languages[seat])
    await sync_to_async(services.start_table)(user=host, code=table.code)
    await until_dealt(players.values(), table.pk)

    game = await sync_to_async(Game.objects.get)(table=table)
    assert engine.from_json(game.state)["languages"] == ["en", "es", "pt", "en"]  # JagAI reads English

    states = await play_to_the_end(players, table.pk, random.Random(3))
    events = await sync_to_async(_events_at)(table.pk)
    final = states[max(states)]
    questions = 0
    for seat, player in players.items():
        check_every_message(player, seat, states, events)  # each view is the engine's, nothing more
        language = languages[seat]
        faces = next(m["cards"] for m in player.received if m.get("cards"))
        for position in (1, 7, 20):
            face = faces[str(engine.card_id(position, 0))]
            assert face["story_title"] == title_in(language, position)
            assert "english" not in face  # the default deck comes translated
        verses = [v for m in player.received for v in (m.get("verses") or {}).values()]
        assert verses, "a stone was laid, so a verse was shown"
        assert {v["bible"] for v in verses} == {BIBLES[language]}
        own = {int(k): v["text"] for m in player.received for k, v in (m.get("verses") or {}).items()}
        for message in player.received:
            question = (message.get("view") or {}).get("question")
            if not question:
                continue
            questions += 1
            # Its own Bible's verse with one word blanked, and three choices from that translation.
            reading = final["read"][language]["verses"] if language != "en" else final["verses"]
            verse = reading[question["story"] - 1]
            before, blank, _after = question["text"].partition(BLANK)
            assert blank and verse.startswith(before.rstrip()[:20])
            assert len(set(question["choices"])) == 3
            vocabulary = " ".join(reading).lower()
            fallback = LISTS[language].fallback
            assert all(c.lower() in vocabulary or c.lower() in fallback for c in question["choices"])
        if own and language != "en":
            english = {s["position"]: s["cards"][3]["verse_text"] for s in await _dealt(table.pk)}
            assert all(text != english[position] for position, text in own.items())
        await player.close()
    assert questions, "some seat laid a Word card and was asked"


@sync_to_async
def _dealt(table_id: int) -> list[dict]:
    return Game.objects.select_related("deal").get(table_id=table_id).deal.cards
