"""The benchmark's echo socket exists only when DJANGO_BENCH_ECHO switches the BENCH_ECHO setting on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from justalllowgod.env import env_bool
from justalllowgod.routing import websocket_urlpatterns

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import django; django.setup(); "
    "from justalllowgod.routing import websocket_urlpatterns as p; "
    "print(sorted(str(x.pattern) for x in p))"
)


def _routes_with(env: dict[str, str]) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in ("DJANGO_BENCH_ECHO", "BENCH_ECHO")}
    clean.update(env, DJANGO_SETTINGS_MODULE="justalllowgod.settings")
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_echo_setting_is_off_by_default(monkeypatch):
    monkeypatch.delenv("DJANGO_BENCH_ECHO", raising=False)
    monkeypatch.delenv("BENCH_ECHO", raising=False)
    assert env_bool("DJANGO_BENCH_ECHO", False) is False
    assert settings.BENCH_ECHO is False


def test_the_echo_route_is_absent_by_default():
    assert not any("bench" in str(p.pattern) for p in websocket_urlpatterns)
    assert "bench" not in _routes_with({})


def test_the_echo_route_is_absent_in_production():
    production = {
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "bench-test-only-" + "k7Qz#p2Lw9" * 5,
        "DJANGO_ALLOWED_HOSTS": "example.org",
        "DJANGO_SITE_URL": "https://example.org",
        "DJANGO_EMAIL_HOST": "console",
    }
    assert "bench" not in _routes_with(production)


def test_the_benchmark_switches_the_echo_route_on():
    assert "ws/bench/echo/" in _routes_with({"DJANGO_BENCH_ECHO": "true"})


def test_the_benchmark_switches_the_durable_floor_route_on_with_it():
    routes = _routes_with({"DJANGO_BENCH_ECHO": "true"})
    assert "ws/bench/durable/" in routes
    assert "durable" not in _routes_with({})
