"""Only the engine reads the state dict's keys; everything else goes through its accessors."""

from __future__ import annotations

import re
from pathlib import Path

import game.engine as engine

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "accounts",
    "content",
    "game",
    "classes",
    "moderation",
    "justalllowgod",
    "bench",
    "clients",
    "examples",
)
# A state read by key: state["turn"], new_state.get("over"), state_json["kinds"], ...
STATE_READ = re.compile(r"\b\w*state\w*\s*(\[\s*['\"]|\.get\()")
STATE_KEYS = set(engine.State.__annotations__)
# Or a state key indexed straight off the parsed state: from_json(...)["original"].
PARSED_READ = re.compile(r"from_json\([^)]*\)\s*\[")


def outside_modules() -> list[Path]:
    files = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "engine" not in path.relative_to(ROOT).parts[:2] and "migrations" not in path.parts:
                files.append(path)
    return files


def test_no_module_outside_the_engine_reads_the_state_dicts_keys():
    files = outside_modules()
    assert len(files) > 30
    offenders = []
    for path in files:
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if STATE_READ.search(line) or PARSED_READ.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_grep_would_catch_a_state_read():
    assert STATE_READ.search('kind = state["kinds"][seat - 1]')
    assert STATE_READ.search("if new_state.get('over'):")
    assert PARSED_READ.search('engine.from_json(game.deal.initial_state)["original"]')
    assert not STATE_READ.search('view["turn"]') and "turn" in STATE_KEYS


def test_the_public_api_is_listed_one_line_each_in_the_package_docstring():
    doc = engine.__doc__
    for name in engine.__all__:
        assert re.search(rf"\b{name}\b", doc), f"{name} is exported but not listed"
