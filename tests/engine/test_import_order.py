"""The engine's modules import one another in one direction: no circle, and no import hidden in a function.

A circle among them (as views -> moves -> flow -> views once was) makes the order of the rules
depend on which module Python happens to load first; a lazy import only hides one.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
MODULES = {path.stem for path in ENGINE.glob("*.py")}


def engine_imports(tree: ast.AST) -> set[str]:
    """The engine modules a module's code imports, wherever the import stands."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                # `from .moves import x` names moves; `from . import helpers, turns` names each module.
                found |= {node.module} if node.module else {alias.name for alias in node.names}
            elif node.level == 0 and node.module and node.module.startswith("game.engine"):
                parts = node.module.split(".")
                found |= {parts[2]} if len(parts) > 2 else {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("game.engine.")}
    return found & MODULES


def graph() -> dict[str, set[str]]:
    """module -> the engine modules it imports."""
    return {
        path.stem: engine_imports(ast.parse(path.read_text())) - {path.stem} for path in ENGINE.glob("*.py")
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every circle found by a depth-first walk, each as the modules along it (first repeated last)."""
    found: list[list[str]] = []
    state: dict[str, str] = {}  # module -> "open" while on the walk's path, "done" after

    def walk(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in sorted(edges.get(module, ())):
            if state.get(target) == "open":
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                walk(target, [*path, target])
        state[module] = "done"

    for module in sorted(edges):
        if module not in state:
            walk(module, [module])
    return found


def test_the_engine_modules_import_one_another_without_a_circle():
    edges = graph()
    assert len(edges) > 15 and edges["views"] >= {"moves", "jagai_view"}
    assert cycles(edges) == []


def test_the_rules_never_import_the_move_table_or_the_output_boundary():
    edges = graph()
    for rules in ("flow", "helpers", "server", "turns", "scoring", "state", "jagai_view"):
        assert not edges[rules] & {"moves", "views", "simulate", "invariants"}, rules


def test_every_engine_import_stands_at_the_top_of_its_module():
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        top = {id(node) for node in tree.body}
        hidden = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top
        ]
        assert hidden == [], f"{path.name} imports inside code at lines {hidden}"


def test_the_cycle_finder_finds_a_circle_and_a_lazy_one():
    # The finder itself, on the engine as it was: views imported moves inside view().
    lazy = ast.parse("def view():\n    from .moves import legal_moves\n")
    assert engine_imports(lazy) == {"moves"}
    edges = {"views": {"moves"}, "moves": {"flow"}, "flow": {"views"}, "cards": set()}
    assert cycles(edges) == [["flow", "views", "moves", "flow"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
