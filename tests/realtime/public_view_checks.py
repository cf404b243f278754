"""What a table screen or a watcher may be sent, checked against the database's full state: the
public view only (engine.public_view), built from public facts only."""

from __future__ import annotations

import json
import random
from typing import Any

from game import engine
from game.models import Game, GameEvent


class History:
    """A game as the database holds it: every state it passed through (replayed from its first
    state and recorded moves) and every event, with its secrets, by version."""

    def __init__(self, table_id: int) -> None:
        game = Game.objects.select_related("deal").get(table_id=table_id)
        state = engine.from_json(game.deal.initial_state)
        self.states, self.events = {0: state}, {0: []}
        rows = (
            GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "move", "events")
        )
        for seq, seat, move, events in rows:
            state = engine.replay(state, [(seat, move)])
            self.states[seq], self.events[seq] = state, events

    def seen_by_every_seat(self, version: int) -> set[int]:
        """The cards every seat's own events so far name (a matched Well draw, an answer, R37)."""
        state = self.states[version]
        seats = range(1, len(state["kinds"]) + 1)
        named = [set() for _ in seats]
        for v in range(1, version + 1):
            for i, seat in enumerate(seats):
                named[i] |= named_cards(engine.events_for(self.events[v], seat))
        return set.intersection(*named) if named else set()


def with_other_hidden_cards(state: dict, rng: random.Random) -> dict:
    """The same table with its hidden cards dealt otherwise: every hand keeps its size, the Well its
    size, and the cards in hands and the Well are shuffled among them (and the seed changed)."""
    other = json.loads(json.dumps(state))
    hidden = [card for hand in other["hands"] for card in hand] + list(other["well"])
    rng.shuffle(hidden)
    start = 0
    for hand in other["hands"]:
        hand[:] = sorted(hidden[start : start + len(hand)])
        start += len(hand)
    other["well"] = hidden[start:]
    other["seed"] = state["seed"] + 1
    return other


def named_cards(message: Any, key: str = "") -> set[int]:
    """Every card id a message names (the deck's faces, the same at every table, left out)."""
    found: set[int] = set()
    if isinstance(message, dict):
        for k, value in message.items():
            if k == "cards" and isinstance(value, dict):  # the card faces by id: the whole deck
                continue
            found |= named_cards(value, k)
    elif isinstance(message, list):
        for value in message:
            found |= named_cards(value, key)
    elif isinstance(message, int) and key in ("card", "cards", "hand", "well_cards"):
        found.add(message)
    return found


def public_cards_of(history: History, version: int) -> set[int]:
    """The cards the whole table has seen: on a stone, handed over on an ask out loud (R37), given
    by a helper (R17), or named by an event every seat was shown (a Well draw that matched)."""
    state = history.states[version]
    seat_view = engine.view(state, 1)
    cards = {card for stone in seat_view["stones"] for card in stone["cards"]}
    for ask in seat_view["asks"]:
        cards |= set(ask["cards"] or [])
    cards |= {gift["card"] for gift in seat_view["gifts"]}
    return cards | history.seen_by_every_seat(version)


def check_public_message(message: dict, history: History, rng: random.Random) -> None:
    """A screen's message at this state: the public view exactly, the same for any other deal of
    the hidden cards, naming no card the table has not seen, and no hand, Well order or seed."""
    version = message["version"]
    state = history.states[version]
    text = json.dumps(message)
    for secret in ('"hands"', '"well_cards"', '"seed"', '"secret"'):
        assert secret not in text, f"{secret} in {text[:300]}"
    view = message["view"]
    assert view == engine.public_view(state)
    assert view == engine.public_view(with_other_hidden_cards(state, rng))
    assert view["hand"] == [] and view["legal_moves"] == [] and view["question"] is None
    hidden = {card for hand in state["hands"] for card in hand} | set(state["well"])
    leaked = (named_cards(message) & hidden) - public_cards_of(history, version)
    where = [e for e in message.get("events", []) if named_cards(e) & leaked]
    assert not leaked, (
        f"cards {sorted(leaked)} named to a screen: events {where}, view {view if not where else ''}"
    )
