"""The move table is the one source of legality: listing, accepting, refusing and the docs agree."""

from __future__ import annotations

import ast
import random
from itertools import product
from pathlib import Path

from game import engine
from game.engine import IllegalMove, RuleCode, apply, legal_moves, new_game, refusal_words, to_json
from game.engine.moves import MOVES, SEAT_MOVES, table_markdown
from justalllowgod.lib.refusals import Refusal
from tests.engine.support import make_deck

ENGINE = Path(engine.__file__).parent
RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
TABLES = [
    (["person", "person", "helper", "helper"], False),
    (["person", "agent", "person", "helper", "agent"], False),
    (["person"] * 4, True),
]
# The variants and options (V1-V3) on the same footing: the table's checks and generators read them.
VARIANT_TABLES = [
    (["person", "person", "helper", "helper"], False, {"variant": "quick", "ask_any": True}),
    (["person", "person", "person", "helper", "agent"], False, {"variant": "together"}),
    (["person"] * 4, True, {"variant": "quick", "deal_seven": True}),
    (
        ["person", "agent", "person", "helper"],
        False,
        {"variant": "together", "ask_any": True, "read_aloud": True},
    ),
]


def move_space(stories: int, seats: int) -> list[dict]:
    """Every well-formed seat move, legal or not, with each number a little past its range."""
    ranges = {
        "seat": range(-1, seats + 2),
        "story": range(-1, stories + 2),
        "card": range(-1, 4 * stories + 1),
    }
    ranges["choice"] = range(-1, 4)
    out = []
    for kind in SEAT_MOVES.values():
        for values in product(*(ranges[field] for field in kind.fields)):
            out.append({kind.name: dict(zip(kind.fields, values, strict=True))})
    return out


def sampled_states(games: int = 2, every: int = 7):
    """States along random games on each table shape (8 stories, so the space stays small)."""
    deck = make_deck(8)
    rng = random.Random(3)
    for seats, teams, options in [(s, t, None) for s, t in TABLES] + VARIANT_TABLES:
        for _ in range(games):
            seed = rng.randrange(2**31)
            state = new_game(deck, seats, seed=seed, remember_word=True, teams=teams, options=options)
            step = 0
            while state["over"] is None:
                if step % every == 0:
                    yield state
                state, _ = apply(state, state["turn"], rng.choice(legal_moves(state, state["turn"])))
                step += 1
            yield state


def test_a_move_from_the_whole_move_space_is_accepted_exactly_when_it_is_listed():
    checked = 0
    for state in sampled_states():
        space = move_space(8, len(state["kinds"]))
        before = to_json(state)
        seats = {state["turn"] or 1, (state["turn"] % len(state["kinds"])) + 1}
        for seat in seats:
            listed = legal_moves(state, seat)
            for move in space:
                try:
                    apply(state, seat, move)
                    accepted = True
                except IllegalMove as refused:
                    assert refusal_words(refused.code), refused.code
                    accepted = False
                assert accepted == (move in listed), (seat, move, state["phase"])
                checked += 1
        assert to_json(state) == before
    assert checked > 20_000


def test_every_refusal_code_the_engine_can_raise_has_words_and_the_services_use_them():
    codes = {code for kind in MOVES for code in kind.wrong_moment.values()}
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "require",
                "IllegalMove",
                "_refused",
            ):
                code = node.args[-1] if getattr(node.func, "id", "") == "require" else node.args[0]
                # A code is a RuleCode member (a bare string would be a copy of one); names pass codes on.
                assert not isinstance(code, ast.Constant), f"{path.name}:{node.lineno} refuses with a string"
                if isinstance(code, ast.Attribute) and getattr(code.value, "id", "") == "RuleCode":
                    codes.add(RuleCode[code.attr])
    assert len(codes) > 25
    for code in codes:
        assert refusal_words(code), f"the engine may refuse with {code} but has no words for it"
        assert Refusal(code, refusal_words(code)).message == refusal_words(code)


def test_every_move_is_declared_once_with_its_shape_check_effect_and_words():
    names = [kind.name for kind in MOVES]
    assert len(names) == len(set(names))
    for kind in MOVES:
        assert kind.summary and callable(kind.check) and callable(kind.effect)
        assert (kind.options is None) == (kind.role is None)


def test_the_rules_page_shows_the_move_table_as_the_engine_declares_it():
    assert table_markdown() in RULES_DOC.read_text()
