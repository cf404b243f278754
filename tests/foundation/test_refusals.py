"""One refusal type: a Code with its words and its status said once, the engine's codes in the move
table's words, nothing else; no raise site names a status of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from justalllowgod.lib.refusals import RULE_STATUS, STATUS, WORDS, Code, Refusal

ROOT = Path(__file__).resolve().parents[2]
REFUSALS = [ROOT / "justalllowgod" / "lib" / name for name in ("refusals.py", "refusal_codes.py")]
# Every folder whose code may refuse (tests included: a fake refusal says no status either).
RAISING = ["accounts", "content", "game", "justalllowgod", "moderation", "notices", "home", "tests"]
HTTP_STATUSES = {400, 401, 403, 404, 409, 410, 429, 503}


def test_every_code_has_warm_short_words():
    assert set(WORDS) == set(Code)
    assert all(words.strip() and len(words) <= 160 for words in WORDS.values())


def test_every_code_has_one_status_a_client_can_act_on():
    assert set(STATUS) == set(Code)
    assert set(STATUS.values()) <= HTTP_STATUSES
    assert RULE_STATUS == 409


def test_a_refusal_carries_its_code_its_words_and_its_codes_status():
    refusal = Refusal(Code.NOT_HOST)
    assert (refusal.code, refusal.message, refusal.status) == (Code.NOT_HOST, WORDS[Code.NOT_HOST], 403)
    assert Refusal("not_host").code is Code.NOT_HOST  # a plain string is read as our enum
    assert Refusal("not_host").status == 403
    with pytest.raises(TypeError):
        Refusal(Code.NOT_HOST, status=409)  # type: ignore[call-arg]  # a status is the code's alone


def _calls_with_a_status() -> list[str]:
    """Each `Refusal(...)` (or a Refusal subclass's `super().__init__(...)`) passing `status=`."""
    found = []
    for folder in RAISING:
        for path in (ROOT / folder).rglob("*.py"):
            if path == Path(__file__).resolve():
                continue  # its own example of what is refused
            tree = ast.parse(path.read_text(), filename=str(path))
            subclasses = {
                node.name
                for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef)
                and any(getattr(b, "id", "") == "Refusal" for b in node.bases)
            }
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not any(k.arg == "status" for k in node.keywords):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name == "Refusal" or name in subclasses or (name == "__init__" and subclasses):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_raise_site_names_a_status():
    assert _calls_with_a_status() == []


def test_words_passed_in_say_more_than_the_codes_own():
    refusal = Refusal(Code.TOO_MANY_TRIES, "Typing a code works again in about a minute.")
    assert refusal.message == "Typing a code works again in about a minute."
    assert str(refusal) == "too_many_tries: Typing a code works again in about a minute."


def test_a_code_nobody_can_put_into_words_is_refused_at_the_raise_site():
    with pytest.raises(ValueError, match="not a refusal code"):
        Refusal("no_such_code_anywhere")
    with pytest.raises(ValueError, match="not a refusal code"):
        Refusal("no_such_code_anywhere", "Words alone do not make a code.")


def test_an_engine_refusal_reads_as_the_move_it_refused_says():
    from game import engine
    from game.engine import RuleCode

    refusal = Refusal(RuleCode.NOT_YOUR_TURN, engine.refusal_words(RuleCode.NOT_YOUR_TURN))
    assert refusal.code is RuleCode.NOT_YOUR_TURN and refusal.message == engine.refusal_words("not_your_turn")
    assert refusal.status == RULE_STATUS
    with pytest.raises(ValueError, match="not a refusal code"):
        Refusal(RuleCode.NOT_YOUR_TURN)  # the engine's code without its words


@pytest.mark.parametrize("path", REFUSALS, ids=lambda path: path.name)
def test_refusals_sit_below_every_app(path):
    tree = ast.parse(path.read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    apps = {"accounts", "content", "game", "classes", "moderation", "notices", "home", "django"}
    # Django's gettext is the one part of Django they may use: their words are in the catalogs.
    imported -= {"django.utils.translation"}
    assert {name.split(".")[0] for name in imported} & apps == set()
