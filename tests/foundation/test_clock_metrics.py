"""The clock's figures come from the process that sweeps: `run_clock` serves them on its own
loopback port, and a daphne process without a clock exports none (no last sweep at 0 to set off
the "clock stopped" alert for ever)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
CLOCK_FAMILIES = {
    "jag_clock_lag_seconds",
    "jag_clock_sweep_failures",
    "jag_clock_last_sweep_timestamp_seconds",
}


def site_env(tmp_path: Path, **more: str) -> dict[str, str]:
    # A database with no tables: the clock's sweeps fail, which they may here (they are counted).
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        "REDIS_URL": "",
        **more,
    }


def families(port: int, seconds: float = 60) -> dict[str, list]:
    """The metric families a server on this loopback port serves, once it answers."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2) as answer:
                text = answer.read().decode()
            return {family.name: family.samples for family in text_string_to_metric_families(text)}
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def started(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with log.open("wb") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def test_a_daphne_process_without_a_clock_exports_no_clock_figures(tmp_path):
    port = free_port()
    daphne = str(Path(sys.executable).parent / "daphne")
    server = started(
        [daphne, "-v", "0", "-b", "127.0.0.1", "-p", str(port), "justalllowgod.asgi:application"],
        site_env(tmp_path),
        tmp_path / "daphne.log",
    )
    try:
        found = families(port)
    finally:
        server.terminate()
        server.wait(10)
    assert "jag_moves" in found and "jag_open_sockets" in found  # its own figures are there
    assert not CLOCK_FAMILIES & set(found), sorted(CLOCK_FAMILIES & set(found))


def test_run_clock_serves_the_clock_figures_on_its_own_loopback_port(tmp_path):
    port = free_port()
    clock = started(
        [sys.executable, "manage.py", "run_clock", "--metrics-port", str(port)],
        site_env(tmp_path),
        tmp_path / "clock.log",
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            found = families(port)
            failures = [
                s.value for s in found.get("jag_clock_sweep_failures", []) if s.name.endswith("_total")
            ]
            if failures and failures[0] >= 2:
                break
            assert time.monotonic() < deadline, found.keys()
            time.sleep(0.5)
    finally:
        clock.terminate()
        clock.wait(10)
    assert set(found) >= CLOCK_FAMILIES
    assert f"Clock metrics on http://127.0.0.1:{port}/metrics" in (tmp_path / "clock.log").read_text()
