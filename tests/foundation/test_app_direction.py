"""One direction between apps: accounts <- content <- game <- moderation, never back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Each app, and the apps it must never import (they build on it, not it on them).
LAYERS = {
    "accounts": {"content", "game", "moderation"},
    "content": {"game", "moderation"},
    "game": {"moderation"},
}


def _imported_apps(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("app", sorted(LAYERS))
def test_an_app_never_imports_the_apps_built_on_it(app):
    wrong = {
        str(path.relative_to(ROOT)): sorted(_imported_apps(path) & LAYERS[app])
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    }
    assert {path: apps for path, apps in wrong.items() if apps} == {}
