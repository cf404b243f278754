"""The clock thread: started explicitly by the server, never by an import; one log line per outage."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from game.management.commands import serve
from game.services import clock
from game.services.results import Expired
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_an_outage_is_logged_once_when_it_starts_and_once_when_it_ends(monkeypatch, caplog):
    answers = iter([RuntimeError("database down")] * 3 + [Expired(2)])

    def expire_deadlines():
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    monkeypatch.setattr(clock, "expire_deadlines", expire_deadlines)
    monkeypatch.setattr(clock.Sweeper, "sweep_notices", lambda self: None)
    sweeper = clock.Sweeper()  # a clock exports its figures from its first sweeper on
    failures = REGISTRY.get_sample_value("jag_clock_sweep_failures_total") or 0.0
    with caplog.at_level(logging.INFO, logger="game.services.clock"):
        assert [sweeper.sweep() for _ in range(4)] == [0, 0, 0, 2]
    lines = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "game.services.clock"]
    assert lines[0][0] == "ERROR" and "clock sweep failed" in lines[0][1]
    assert caplog.records[0].exc_info is not None  # the first failure says why, with its traceback
    assert lines[1][0] == "WARNING" and "works again" in lines[1][1]
    assert len(lines) == 2
    assert REGISTRY.get_sample_value("jag_clock_sweep_failures_total") == failures + 3


def test_the_clock_sweeps_notices_every_few_seconds_and_idle_tables_every_ten_minutes(monkeypatch):
    calls = []
    monkeypatch.setattr(clock, "expire_deadlines", lambda: Expired(0))
    monkeypatch.setattr(clock.turn_notices, "sweep", lambda: calls.append("notices"))
    monkeypatch.setattr(clock.over_days, "sweep_idle", lambda: calls.append("idle"))
    now = [1000.0]
    monkeypatch.setattr(clock.time, "monotonic", lambda: now[0])
    sweeper = clock.Sweeper()
    sweeper.sweep()
    assert calls == ["notices", "idle"]
    now[0] += 1
    sweeper.sweep()
    assert calls == ["notices", "idle"]
    now[0] += 15
    sweeper.sweep()
    assert calls == ["notices", "idle", "notices"]
    now[0] += 600
    sweeper.sweep()
    assert calls == ["notices", "idle", "notices", "notices", "idle"]


def test_serve_starts_the_clock_before_daphne_when_the_setting_is_on(monkeypatch, settings):
    calls = []
    monkeypatch.setattr(serve, "start_in_background", lambda: calls.append("clock"))
    monkeypatch.setattr(serve.CommandLineInterface, "run", lambda self, args: calls.append(args))
    settings.GAME_CLOCK_IN_PROCESS = True
    serve.Command().handle(host="127.0.0.1", port=8123, verbosity=0)
    assert calls == ["clock", ["-b", "127.0.0.1", "-p", "8123", "-v", "0", serve.APPLICATION]]
    calls.clear()
    settings.GAME_CLOCK_IN_PROCESS = False
    serve.Command().handle(host="127.0.0.1", port=8123, verbosity=1)
    assert calls == [["-b", "127.0.0.1", "-p", "8123", "-v", "1", serve.APPLICATION]]


def _site_env(tmp_path: Path) -> dict[str, str]:
    # A database with no tables: every sweep fails, which is the outage this test wants to see.
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        "DJANGO_GAME_CLOCK_IN_PROCESS": "true",
        "REDIS_URL": "",
    }


def test_importing_the_asgi_application_starts_no_thread(tmp_path):
    probe = (
        "import threading, justalllowgod.asgi; "
        "print(sorted(t.name for t in threading.enumerate() if t.name == 'game-clock'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env=_site_env(tmp_path),
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "[]"


def _sweep_failures(port: int) -> float:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as response:
            text = response.read().decode()
    except OSError:
        return 0.0  # not listening yet
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "jag_clock_sweep_failures_total":
                return sample.value
    raise AssertionError("no jag_clock_sweep_failures_total in /metrics")


def test_a_served_process_runs_its_clock_and_logs_a_long_outage_once(tmp_path):
    port = free_port()
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "-v", "0", "--port", str(port)],
            cwd=ROOT,
            env=_site_env(tmp_path),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        failures = 0.0
        deadline = time.monotonic() + 30
        while failures < 3 and time.monotonic() < deadline:
            time.sleep(0.5)
            failures = _sweep_failures(port)
        assert failures >= 3
    finally:
        server.terminate()
        server.wait(10)
    log = log_path.read_text()
    assert "game clock started" in log
    assert log.count("clock sweep failed") == 1, log[-3000:]
