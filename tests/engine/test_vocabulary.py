"""One vocabulary: the engine names phases, seat roles, end reasons and refusal codes by their enum
members only, never by a plain-string copy; the state still holds their plain JSON text."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

from game.engine import EndReason, Phase, RuleCode, SeatRole, from_json, new_game, to_json
from tests.engine.support import make_deck

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
ROLES_AND_PHASES = {m.value for enum in (Phase, SeatRole) for m in enum}
# End reasons and refusal codes are only ever these words, so no engine code spells one out.
NAMED_ONCE = {m.value for enum in (EndReason, RuleCode) for m in enum}
DECLARED_IN = {"types.py": EndReason, "errors.py": RuleCode}


def test_no_engine_module_keeps_a_plain_string_copy_of_a_member():
    for path in ENGINE.glob("*.py"):
        module = importlib.import_module(
            f"game.engine.{path.stem}" if path.stem != "__init__" else "game.engine"
        )
        copies = [
            name
            for name, value in vars(module).items()
            if type(value) is str and value in ROLES_AND_PHASES | NAMED_ONCE and not name.startswith("__")
        ]
        assert copies == [], f"{path.name} keeps plain copies {copies}"


def test_the_rules_compare_phases_and_roles_with_members_not_strings():
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                literal = [
                    s.value for s in sides if isinstance(s, ast.Constant) and s.value in ROLES_AND_PHASES
                ]
                assert literal == [], f"{path.name}:{node.lineno} compares with {literal}"


def test_end_reasons_and_refusal_codes_are_spelled_only_where_their_enum_declares_them():
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        event_types = {
            id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
        }  # an event's type ("game_over") is not an end reason or a refusal, whatever its spelling
        spelled = [
            (node.lineno, node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and node.value in NAMED_ONCE
            and id(node) not in event_types
            and not (path.name in DECLARED_IN and node.value in {m.value for m in DECLARED_IN[path.name]})
        ]
        assert spelled == [], f"{path.name} spells out {spelled}"


def test_the_state_holds_the_members_plain_text_and_round_trips():
    state = new_game(
        make_deck(), ["person", "agent", "person", "helper"], seed=7, remember_word=True, teams=False
    )
    plain = json.loads(to_json(state))
    assert plain["phase"] in {p.value for p in Phase} and type(plain["phase"]) is str
    assert plain["kinds"] == ["person", "agent", "person", "helper"]
    assert from_json(to_json(state)) == state
