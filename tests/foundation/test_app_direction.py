"""One direction between the project's folders: accounts <- content <- game <- moderation, home on
top; the project package is wiring, and only its leaf library (justalllowgod/lib/) is used by apps."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = {"accounts", "content", "game", "classes", "moderation", "notices", "verses", "home"}
TOOLS = {"bench", "clients", "deploy", "examples", "tools"}
PROJECT = "justalllowgod"
# Each app, and the apps it must never import (they build on it, not it on them).
LAYERS = {
    "accounts": {"content", "game", "classes", "moderation", "verses", "home"},
    "content": {"game", "classes", "moderation", "verses", "home"},
    # The verses a member carries build on the game, which tells them by signals (game/signals.py).
    "game": {"classes", "moderation", "verses", "home"},
    # A class builds on game (its tables are led tables) and is told of the clock by a signal.
    "classes": {"moderation", "home"},
    "moderation": {"classes", "home"},
    "notices": {"classes", "moderation", "home"},
    "verses": {"moderation", "home"},
    "home": set(),
}
# What an app may use of the project package: its library, and the settings' env readers.
SHARED = ("justalllowgod.lib", "justalllowgod.env")
# The project's wiring: the only modules of the project package that may import apps (and bench's
# switched-on routes, never in production).
WIRING = {"urls.py", "asgi.py", "routing.py", "settings.py"}


def _modules(path: Path) -> set[str]:
    """Every absolute module a file imports, wherever the import stands (a lazy one counts too)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def _files(folder: str) -> list[Path]:
    return [path for path in (ROOT / folder).rglob("*.py") if "migrations" not in path.parts]


def _tops(modules: set[str]) -> set[str]:
    return {module.split(".")[0] for module in modules}


def _wrong(folder: str, rule) -> dict[str, list[str]]:
    """file -> the modules it imports that `rule(module)` refuses."""
    found = {
        str(path.relative_to(ROOT)): sorted(m for m in _modules(path) if not rule(path, m))
        for path in _files(folder)
    }
    return {path: modules for path, modules in found.items() if modules}


def _shared(module: str) -> bool:
    return any(module == name or module.startswith(f"{name}.") for name in SHARED)


def test_every_top_level_python_folder_is_in_the_rules():
    folders = {
        path.relative_to(ROOT).parts[0]
        for path in ROOT.glob("*/**/*.py")
        if path.relative_to(ROOT).parts[0] not in {"tests", "node_modules", "staticfiles"}
        and not path.relative_to(ROOT).parts[0].startswith(".")
    }
    assert folders == APPS | TOOLS | {PROJECT}


@pytest.mark.parametrize("app", sorted(LAYERS))
def test_an_app_never_imports_the_apps_built_on_it(app):
    assert _wrong(app, lambda path, module: module.split(".")[0] not in LAYERS[app]) == {}


@pytest.mark.parametrize("app", sorted(APPS))
def test_an_app_uses_of_the_project_package_only_its_library(app):
    def allowed(path: Path, module: str) -> bool:
        return module.split(".")[0] != PROJECT or _shared(module)

    assert _wrong(app, allowed) == {}


@pytest.mark.parametrize("app", sorted(APPS))
def test_no_app_imports_a_tool(app):
    assert _wrong(app, lambda path, module: module.split(".")[0] not in TOOLS) == {}


def test_the_library_imports_no_app_and_nothing_else_of_the_project():
    def allowed(path: Path, module: str) -> bool:
        top = module.split(".")[0]
        if top == PROJECT:
            return module == "justalllowgod.lib" or module.startswith("justalllowgod.lib.")
        return top not in APPS | TOOLS

    assert _wrong("justalllowgod/lib", allowed) == {}


def test_only_the_wiring_of_the_project_package_imports_apps():
    def allowed(path: Path, module: str) -> bool:
        wiring = path.parent == ROOT / PROJECT and path.name in WIRING
        return wiring or module.split(".")[0] not in APPS | TOOLS

    assert _wrong(PROJECT, allowed) == {}


def test_the_settings_import_no_app_code():
    """Settings name apps by dotted path, as plain data: importing one would load app code (and its
    side effects) before Django has loaded the apps."""
    imported = _tops(_modules(ROOT / PROJECT / "settings.py"))
    assert imported & (APPS | TOOLS) == set()


def test_clients_examples_and_tools_stand_alone():
    """They talk to the site over the network, or run beside it: none imports the server's code."""
    for folder in ("clients", "examples", "tools"):
        assert _wrong(folder, lambda path, module: module.split(".")[0] not in APPS | TOOLS | {PROJECT}) == {}


def test_deploy_uses_only_the_benchmark_servers_helpers():
    def allowed(path: Path, module: str) -> bool:
        top = module.split(".")[0]
        return top not in APPS | {PROJECT, "clients", "examples", "tools"}

    assert _wrong("deploy", allowed) == {}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_module_of_the_project_imports_itself_back_in_a_circle():
    """Imports at the top of each module, across every folder: a circle makes what works depend on
    which module Python happens to load first."""
    files = {_module_name(path): path for folder in APPS | TOOLS | {PROJECT} for path in _files(folder)}

    def resolve(module: str) -> str | None:
        while module and module not in files:
            module = module.rpartition(".")[0]
        return module or None

    edges: dict[str, set[str]] = {}
    for name, path in files.items():
        targets: set[str] = set()
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Import):
                targets |= {resolve(alias.name) for alias in node.names} - {None}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets |= {resolve(f"{node.module}.{alias.name}") for alias in node.names} - {None}
        edges[name] = targets - {name}

    circles: list[list[str]] = []
    state: dict[str, str] = {}

    def walk(module: str, trail: list[str]) -> None:
        state[module] = "open"
        for target in sorted(edges.get(module, ())):
            if state.get(target) == "open":
                circles.append([*trail[trail.index(target) :], target])
            elif target not in state:
                walk(target, [*trail, target])
        state[module] = "done"

    for module in sorted(edges):
        if module not in state:
            walk(module, [module])
    assert len(edges) > 200 and circles == []
