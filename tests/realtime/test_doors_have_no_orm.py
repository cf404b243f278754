"""The consumers are doors: they authenticate, cap, parse, call a service and relay. Reading or
writing the database is the services' work (game/services/snapshots.py reads what a socket is
sent), never a consumer's."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
# Every module of the socket doors' folder.
DOORS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game/sockets").glob("*.py"))
ORM_WORDS = {"objects", "save", "delete", "bulk_create", "select_for_update", "atomic"}


@pytest.mark.parametrize("path", DOORS)
def test_a_door_touches_no_orm(path):
    tree = ast.parse((Path(settings.BASE_DIR) / path).read_text())
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)} & ORM_WORDS
    assert not used, f"{path} uses the ORM ({', '.join(sorted(used))}): move it into game/services"
    imports = [
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith(".models")
    ]
    assert imports in ([], ["accounts.models"]), f"{path} imports models: {imports}"
