"""docs/protocol.md's "Refusal codes" lists exactly the codes a client or page can meet, in their words."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine import MOVES, RuleCode
from game.engine.moves import COMMON_REFUSALS
from justalllowgod.lib.refusals import WORDS, Code

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
ROW = re.compile(r"^\| `([a-z_]+)` \| (.+) \|$")


def _documented() -> dict[str, str]:
    """The code -> words rows of the section, up to the next section of the same rank."""
    text = PROTOCOL.read_text()
    section = text.split("\n## Refusal codes\n", 1)[1].split("\n## ", 1)[0]
    rows = [ROW.match(line) for line in section.splitlines()]
    found = [(m.group(1), m.group(2)) for m in rows if m]
    assert len(found) == len({code for code, _ in found}), "a code is listed twice"
    return dict(found)


def _engine_words() -> dict[str, str]:
    # The words each engine code is documented with: the move table's, a code's first move's words.
    words = dict(COMMON_REFUSALS)
    for kind in MOVES:
        for code, said in kind.refusals.items():
            words.setdefault(code, said)
    return words


def test_the_documented_codes_are_the_enums_and_the_engines():
    assert set(_documented()) == {code.value for code in Code} | {code.value for code in RuleCode}
    assert set(_engine_words()) == {code.value for code in RuleCode}  # every engine code has words


def test_each_documented_code_reads_as_the_code_says_it():
    expected = {code.value: WORDS[code] for code in Code} | _engine_words()
    assert _documented() == expected
