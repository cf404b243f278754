"""A tiny whole run with a class (`python -m bench --classes 1 --class-size 4`): the JSON line carries
the class tables' moves and the board's state requests, as numbers, beside the other figures."""

from __future__ import annotations

from numbers import Real

from tests.bench.test_tiny_run import _run

CLASS = ("--classes", "1", "--class-size", "4", "--seconds", "4")


def test_the_line_has_the_class_tables_moves_and_the_boards_requests_as_numbers():
    line = _run(*CLASS)
    assert (line["classes"], line["class_size"], line["class_tables"], line["class_children"]) == (1, 4, 1, 4)
    for name in ("class_m_p50_ms", "class_m_p99_ms", "board_p50_ms", "board_p99_ms"):
        assert isinstance(line[name], Real) and line[name] > 0, name
    assert line["class_m_p99_ms"] >= line["class_m_p50_ms"]
    assert line["board_p99_ms"] >= line["board_p50_ms"]
    assert line["class_moves"] > 0
    assert line["board_requests"] >= 1  # one every 2 s in a 4 s window
    assert line["board_failures"] == line["board_behind"] == 0
    assert line["errors"] == 0, line["error_codes"]
    assert line["m_p50_ms"] > 0  # the other tables play beside the class
