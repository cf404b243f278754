"""One refusal type: a Code with words, the engine's codes in the move table's words, nothing else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from justalllowgod.lib.refusals import WORDS, Code, Refusal

REFUSALS = Path(__file__).resolve().parents[2] / "justalllowgod" / "refusals.py"


def test_every_code_has_warm_short_words():
    assert set(WORDS) == set(Code)
    assert all(words.strip() and len(words) <= 160 for words in WORDS.values())


def test_a_refusal_carries_its_code_its_words_and_a_status():
    refusal = Refusal(Code.NOT_HOST, status=403)
    assert (refusal.code, refusal.message, refusal.status) == (Code.NOT_HOST, WORDS[Code.NOT_HOST], 403)
    assert Refusal("not_host").code is Code.NOT_HOST  # a plain string is read as our enum
    assert Refusal(Code.NOT_HOST).status == 400


def test_words_passed_in_say_more_than_the_codes_own():
    refusal = Refusal(Code.TOO_MANY_TRIES, "Typing a code works again in about a minute.", status=429)
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
    with pytest.raises(ValueError, match="not a refusal code"):
        Refusal(RuleCode.NOT_YOUR_TURN)  # the engine's code without its words


def test_refusals_sit_below_every_app():
    tree = ast.parse(REFUSALS.read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    apps = {"accounts", "content", "game", "moderation", "django"}
    assert {name.split(".")[0] for name in imported} & apps == set()
