"""A tiny whole run (`python -m bench`, its own daphne and SQLite file): the JSON line carries the
durable floor beside the echo floor, and every durable probe answered was committed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--tables", "2", "--seconds", "3", "--warmup", "1", "--pace", "0.3", "0.6", "--echo-sockets", "3"]


def _run(*extra: str) -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_BENCH_ECHO", "BENCH_ECHO")
    }
    done = subprocess.run(
        [sys.executable, "-m", "bench", *ARGS, *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_line_has_the_durable_floor_and_its_ratios_and_the_rows_were_committed():
    line = _run()
    for name in ("p50", "p90", "p99", "max"):
        assert line[f"durable_floor_{name}_ms"] > 0
    assert line["durable_floor_samples"] > 0
    assert line["ratio_durable_p50"] == round(line["m_p50_ms"] / line["durable_floor_p50_ms"], 2)
    assert line["ratio_durable_p99"] == round(line["m_p99_ms"] / line["durable_floor_p99_ms"], 2)
    answered = line["durable_floor_samples"] + line["durable_floor_idle_samples"]
    assert line["durable_rows_committed"] == line["durable_counts_committed"] == answered
    assert line["errors"] == 0, line["error_codes"]
    assert "windows" not in line
    assert not any(name.startswith(("class", "board")) for name in line)  # no --classes: no class figures


def test_a_short_soak_reports_each_window():
    line = _run("--soak", "4", "--soak-window", "2", "--seed", "3")
    assert [w["window"] for w in line["windows"]] == [1, 2]
    for window in line["windows"]:
        assert window["moves"] > 0 and window["p99_ms"] >= window["p50_ms"] > 0
        assert window["floor_p99_ms"] > 0  # the echo floor beside the moves, window by window
        assert window["errors"] == 0 and len(window["server_rss_mb"]) == 1 and window["client_rss_mb"] > 0
    assert sum(w["moves"] for w in line["windows"]) == line["moves"]
    assert line["soak_windows"] == 2 and line["rss_growth_after_first_pct"] is not None
    assert line["tables"] == 2  # --tables given: the soak's 400 is only its default
    # Each table began somewhere in its first game, not at its first move.
    assert line["soak_together"] is False and line["soak_moves_before"] > 0


def test_a_soak_with_its_tables_together_plays_nothing_before():
    line = _run("--soak", "2", "--soak-window", "2", "--together")
    assert line["soak_together"] is True and line["soak_moves_before"] == 0
