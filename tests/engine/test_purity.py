"""The engine is plain Python: no Django, no Channels, no I/O frameworks."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
FORBIDDEN = ("django", "channels", "daphne", "asgiref")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_engine_module_imports_django_or_channels():
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) > 5
    for path in files:
        for name in imported_modules(path):
            assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_importing_the_engine_loads_no_django_or_channels():
    code = (
        "import sys, json; import game.engine, game.engine.simulate, game.engine.invariants;"
        "print(json.dumps(sorted(m for m in sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ENGINE.parents[1],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = json.loads(out.stdout)
    assert not [m for m in loaded if m.split(".")[0] in FORBIDDEN]
