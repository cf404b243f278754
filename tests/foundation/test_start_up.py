"""Start-up refusals: with debug off, a missing or bad setting stops manage.py and daphne with one
line naming the variable and exit status 78 (the systemd units do not restart on it), never a
traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from justalllowgod.env import EXIT_BAD_SETTING

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "p9$Vq2!mZr7#Lw4^Ty8&Kc1*Hn6(Bs3)Xd5-Gf0+Je_Ua=Qo-test-only-key-42",
    "DJANGO_ALLOWED_HOSTS": "play.example.org",
    "DJANGO_SITE_URL": "https://play.example.org",
    "DJANGO_EMAIL_HOST": "smtp.example.org",
    "DATABASE_URL": "sqlite:////tmp/jag-start-up-check.sqlite3",
}
# (what is wrong, the variable the one line must name)
REFUSALS = [
    ({"DJANGO_ALLOWED_HOSTS": None}, "DJANGO_ALLOWED_HOSTS"),
    ({"DJANGO_ALLOWED_HOSTS": " , "}, "DJANGO_ALLOWED_HOSTS"),
    ({"DJANGO_SITE_URL": None}, "DJANGO_SITE_URL"),
    ({"DJANGO_EMAIL_HOST": None}, "DJANGO_EMAIL_HOST"),
    ({"DJANGO_EMAIL_HOST": ""}, "DJANGO_EMAIL_HOST"),
    ({"DJANGO_SITE_URL": "play.example.org/path"}, "DJANGO_SITE_URL"),
    ({"DJANGO_SECRET_KEY": None}, "DJANGO_SECRET_KEY"),
    ({"DJANGO_SECRET_KEY": "change-me-to-50-or-more-random-characters"}, "DJANGO_SECRET_KEY"),
    ({"DJANGO_BEHIND_PROXY": "maybe"}, "DJANGO_BEHIND_PROXY"),
    ({"DJANGO_CONN_MAX_AGE": "ten"}, "DJANGO_CONN_MAX_AGE"),
    ({"DJANGO_METRICS_TOKEN": "short"}, "DJANGO_METRICS_TOKEN"),
    ({"DJANGO_LOG_FORMAT": "xml"}, "DJANGO_LOG_FORMAT"),
    ({"DATABASE_URL": "postgress://jag@127.0.0.1/jag"}, "DATABASE_URL"),
    ({"DJANGO_WEBPUSH_VAPID_PRIVATE_KEY": "not-a-key"}, "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY"),
    (
        {"DJANGO_BEHIND_PROXY": "true", "DJANGO_TRUSTED_PROXIES": "10.0.0.0/8, the balancer"},
        "DJANGO_TRUSTED_PROXIES",
    ),
    ({"DJANGO_BEHIND_PROXY": "false", "DJANGO_TRUSTED_PROXIES": "10.0.0.0/8"}, "DJANGO_TRUSTED_PROXIES"),
]


def environment(changes: dict[str, str | None]) -> dict[str, str]:
    """This shell's environment without any site setting, then production's with the changes."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GAME_", "DATABASE_URL", "REDIS_URL"))
    }
    wanted = {**PRODUCTION, **changes}
    return {**clean, **{k: v for k, v in wanted.items() if v is not None}}


def run(command: list[str], changes: dict[str, str | None]) -> subprocess.CompletedProcess:
    return subprocess.run(
        command, cwd=ROOT, env=environment(changes), capture_output=True, text=True, timeout=120
    )


def assert_one_line_refusal(done: subprocess.CompletedProcess, variable: str) -> None:
    assert done.returncode == EXIT_BAD_SETTING, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("JustAllowGod will not start: ")
    assert variable in lines[0]


@pytest.mark.parametrize(
    ("changes", "variable"), REFUSALS, ids=[f"{v}-{i}" for i, (_, v) in enumerate(REFUSALS)]
)
def test_manage_py_refuses_in_one_line_naming_the_variable(changes, variable):
    assert_one_line_refusal(run([sys.executable, "manage.py", "check"], changes), variable)


@pytest.mark.parametrize(
    ("changes", "variable"),
    [
        ({"DJANGO_ALLOWED_HOSTS": None}, "DJANGO_ALLOWED_HOSTS"),
        ({"DJANGO_SITE_URL": None}, "DJANGO_SITE_URL"),
        ({"DJANGO_WEBPUSH_VAPID_PRIVATE_KEY": "not-a-key"}, "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY"),
    ],
)
def test_plain_daphne_as_the_units_run_it_refuses_in_one_line(changes, variable):
    daphne = str(Path(sys.executable).parent / "daphne")
    done = run([daphne, "-v", "0", "-b", "127.0.0.1", "-p", "0", "justalllowgod.asgi:application"], changes)
    assert_one_line_refusal(done, variable)


def test_run_clock_refuses_in_one_line_too():
    done = run([sys.executable, "manage.py", "run_clock", "--once"], {"DJANGO_ALLOWED_HOSTS": None})
    assert_one_line_refusal(done, "DJANGO_ALLOWED_HOSTS")


def test_the_same_settings_complete_start_up():
    # The refusals above are each one change away from a configuration that starts.
    done = run([sys.executable, "manage.py", "check"], {})
    assert done.returncode == 0, done.stderr


def test_the_units_do_not_restart_a_process_that_refused_its_settings():
    for unit in ("justallowgod-daphne@.service", "justallowgod-clock.service"):
        text = (ROOT / "deploy" / "systemd" / unit).read_text()
        assert f"RestartPreventExitStatus={EXIT_BAD_SETTING}" in text, unit
