"""R44 over real sockets: a member with a history is asked the word their memory is due for, and no
other seat ever sees which word that is (issue 43's acceptance)."""

from __future__ import annotations

import json
import random

import pytest
from asgiref.sync import sync_to_async

from content.deal import engine_deck, live_deck
from game import engine, services
from game.protocol.verses import words_of
from tests.factories import UserFactory
from tests.game.support import seated, until_dealt
from tests.realtime.test_socket_games import _events_at, check_every_message, play_to_the_end
from verses.at_table import place_of_word
from verses.meeting import meet
from verses.models import Meeting
from verses.reviewing import note_word

pytestmark = pytest.mark.django_db(transaction=True)


def a_history_of_missed_words(member) -> dict[str, str]:
    """The member met every verse of the deck and missed its last blankable word; story -> word."""
    missed = {}
    for position, word in words_of(engine_deck(live_deck())).items():
        card = meet(member, place_of_word(word), Meeting.How.STONE)
        missed[str(position)] = engine.candidates(word["text"], "en")[-1]
        note_word(card, "en", missed[str(position)], right=False)
        card.save(update_fields=["words"])
    return missed


async def test_the_due_word_is_asked_and_no_other_seat_learns_it(live_deck):
    host, guest = await sync_to_async(UserFactory)(), await sync_to_async(UserFactory)()
    missed = await sync_to_async(a_history_of_missed_words)(host)
    table = (await sync_to_async(services.create_private_table)(user=host, seats=4)).table
    await sync_to_async(services.join_by_code)(user=guest, code=table.code)
    players = {1: await seated(host, table.code), 2: await seated(guest, table.code)}
    await sync_to_async(services.start_table)(user=host, code=table.code)
    await until_dealt(players.values(), table.pk)
    states = await play_to_the_end(players, table.pk, random.Random(3))
    events = await sync_to_async(_events_at)(table.pk)
    first = states[min(states)]
    assert first["focus"] == [missed, {}, {}, {}]  # the guest has no history: the game's own draw

    asked = {v: s["question"] for v, s in states.items() if s["question"] is not None}
    hosts = [q for q in asked.values() if q["seat"] == 1]
    assert hosts, "the host answered no question in this game; pick another seed"
    for question in hosts:
        assert question["choices"][question["answer"]] == missed[str(question["story"])]

    for seat, player in players.items():
        check_every_message(player, seat, states, events)
        for message in player.received:
            text = json.dumps(message)
            assert '"focus"' not in text
            if seat != 1:
                for question in hosts:
                    assert question["text"] not in text  # the host's blanked verse, never the guest's
        await player.close()
