"""Settings: loud env helpers, production checks, and the security policy on every page."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

from justalllowgod.env import env_bool, env_int, env_list

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "p9$Vq2!mZr7#Lw4^Ty8&Kc1*Hn6(Bs3)Xd5-Gf0+Je_Ua=Qo-test-only-key-42",
    "DJANGO_ALLOWED_HOSTS": "play.justallowgod.example",
    "DJANGO_SITE_URL": "https://play.justallowgod.example",
    "DJANGO_EMAIL_HOST": "smtp.justallowgod.example",
    "DATABASE_URL": "sqlite:////tmp/jag-deploy-check.sqlite3",
}


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_with_production_settings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr


def test_debug_off_without_a_secret_key_refuses_to_start():
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "DJANGO_SECRET_KEY"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is required" in result.stderr


@pytest.mark.parametrize(
    "key",
    [
        "short-but-random-9f8e7d",
        "a" * 60,
        "abab" * 20,
        "django-insecure-local-development-key-never-used-in-production",
        "abcde" * 10,
        "django-insecure-" + "q8#Zr2!Vm9^Lw4&Ty7*Kc1(Hn6)Bs3-Xd5+Gf0=Je",
        "changeme-" + "q8#Zr2!Vm9^Lw4&Ty7*Kc1(Hn6)Bs3-Xd5+Gf0=Je",
        "change-me-to-50-or-more-random-characters-in-production",
        "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP",
        "0123456789" * 6,
    ],
    ids=[
        "too short",
        "one character",
        "two characters",
        "the development key",
        "five letters repeated",
        "django's insecure prefix",
        "changeme prefix",
        "the env.example placeholder",
        "the alphabet in order",
        "digits repeated",
    ],
)
def test_debug_off_with_a_weak_secret_key_refuses_to_start_naming_the_variable(key):
    result = run_manage("check", env={**PRODUCTION_ENV, "DJANGO_SECRET_KEY": key})
    assert result.returncode != 0
    assert "will not start: DJANGO_SECRET_KEY" in result.stderr


def test_generated_secret_keys_pass_the_entropy_estimate():
    import secrets

    from django.core.management.utils import get_random_secret_key

    from justalllowgod.env import MIN_SECRET_BITS, estimated_bits

    for _ in range(200):
        assert estimated_bits(get_random_secret_key()) >= MIN_SECRET_BITS
        assert estimated_bits(secrets.token_urlsafe(50)) >= MIN_SECRET_BITS
    assert estimated_bits("abcde" * 10) < MIN_SECRET_BITS


@pytest.mark.parametrize("debug", ["true", "false"])
def test_a_short_metrics_token_refuses_to_start_naming_the_variable(debug):
    env = {**PRODUCTION_ENV, "DJANGO_DEBUG": debug, "DJANGO_METRICS_TOKEN": "x"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "will not start: DJANGO_METRICS_TOKEN must be at least 32 characters" in result.stderr
    long_enough = run_manage("check", env={**env, "DJANGO_METRICS_TOKEN": "m" * 32})
    assert long_enough.returncode == 0, long_enough.stderr


def test_the_device_cookie_is_secure_whenever_debug_is_off(settings, rf):
    from django.http import HttpResponse

    from game.devices import COOKIE, DeviceCookieMiddleware

    middleware = DeviceCookieMiddleware(lambda request: HttpResponse("ok"))
    settings.DEBUG = True
    assert not middleware(rf.get("/")).cookies[COOKIE]["secure"]
    settings.DEBUG = False  # a plain-http request, as a misconfigured proxy would pass it on
    assert middleware(rf.get("/")).cookies[COOKIE]["secure"]


def test_a_bad_flag_value_fails_loudly(monkeypatch):
    monkeypatch.setenv("JAG_FLAG", "perhaps")
    with pytest.raises(ImproperlyConfigured, match="JAG_FLAG must be true or false"):
        env_bool("JAG_FLAG", False)


def test_a_bad_number_fails_loudly(monkeypatch):
    monkeypatch.setenv("JAG_NUMBER", "ten")
    with pytest.raises(ImproperlyConfigured, match="JAG_NUMBER must be a whole number"):
        env_int("JAG_NUMBER", 1)


def test_env_readers_understand_good_values(monkeypatch):
    monkeypatch.setenv("JAG_FLAG", "Yes")
    monkeypatch.setenv("JAG_NUMBER", "42")
    monkeypatch.setenv("JAG_LIST", "a.example, b.example,,")
    assert env_bool("JAG_FLAG", False) is True
    assert env_int("JAG_NUMBER", 1) == 42
    assert env_list("JAG_LIST", []) == ["a.example", "b.example"]


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["home", "account_login", "account_signup", "how_to_play", "rules"])
def test_every_page_sends_a_content_security_policy_without_inline_scripts(client, name):
    response = client.get(reverse(name))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_no_template_carries_an_inline_script_or_style_attribute():
    offenders = []
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text()
        # A JSON data block (allauth's WebAuthn settings) is never run, so the CSP has nothing to stop.
        runnable = re.sub(r"<script[^>]*type=\"application/json\"[^>]*>", "", text)
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", runnable) or re.search(r"\sstyle=\"", text):
            offenders.append(str(template.relative_to(ROOT)))
        if re.search(r"\son[a-z]+=\"", text):
            offenders.append(f"{template.relative_to(ROOT)} (inline event handler)")
    assert offenders == []


@pytest.mark.parametrize(
    ("debug", "host", "backend"),
    [
        ("false", "smtp.justallowgod.example", "smtp"),
        ("false", "console", "console"),  # a throwaway run asks for the log by name
        ("true", None, "console"),
        ("true", "smtp.justallowgod.example", "smtp"),
    ],
)
def test_mail_goes_by_smtp_and_to_the_log_only_in_development_or_when_asked(debug, host, backend):
    env = {**PRODUCTION_ENV, "DJANGO_DEBUG": debug}
    env.pop("DJANGO_EMAIL_HOST")
    if host is not None:
        env["DJANGO_EMAIL_HOST"] = host
    result = run_manage(
        "shell", "-c", "from django.conf import settings; print(settings.EMAIL_BACKEND)", env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == f"django.core.mail.backends.{backend}.EmailBackend"


def test_debug_off_without_a_mail_host_refuses_to_start_rather_than_log_sign_in_codes():
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "DJANGO_EMAIL_HOST"}
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "will not start: DJANGO_EMAIL_HOST is required when DJANGO_DEBUG is off" in result.stderr


def _env_names_read_by_settings() -> dict[str, str]:
    """Each variable settings.py reads through the env helpers -> the setting its line assigns."""
    import ast

    tree = ast.parse((ROOT / "justalllowgod" / "settings.py").read_text())
    read: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            for call in ast.walk(node.value):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id.startswith("env_")
                    and isinstance(call.args[0], ast.Constant)
                ):
                    read.setdefault(call.args[0].value, node.targets[0].id)
    return read


def test_every_variable_is_named_django_and_the_setting_it_fills():
    read = _env_names_read_by_settings()
    assert len(read) > 30
    wrong = {
        name: setting
        for name, setting in read.items()
        if name not in ("DATABASE_URL", "REDIS_URL") and name != f"DJANGO_{setting}"
    }
    assert wrong == {}


def test_an_old_name_is_still_read_with_a_warning_naming_the_new_one():
    show = "from django.conf import settings; print(settings.EMAIL_HOST_USER, settings.GAME_MOVE_SECONDS)"
    env = {"DJANGO_EMAIL_USER": "play@example.org", "GAME_MOVE_SECONDS": "45"}
    result = run_manage("shell", "--no-imports", "-c", show, env=env)
    assert result.stdout.split() == ["play@example.org", "45"], result.stderr
    assert "DJANGO_EMAIL_USER is a setting's old name" in result.stderr
    assert "rename it to DJANGO_EMAIL_HOST_USER" in result.stderr
    assert "rename it to DJANGO_GAME_MOVE_SECONDS" in result.stderr


def test_a_bad_value_under_an_old_name_names_the_variable_actually_set(monkeypatch):
    monkeypatch.delenv("DJANGO_GAME_MOVE_SECONDS", raising=False)
    monkeypatch.setenv("GAME_MOVE_SECONDS", "ten")
    expected = r"GAME_MOVE_SECONDS \(now DJANGO_GAME_MOVE_SECONDS\) must be a whole number, not 'ten'"
    with pytest.raises(ImproperlyConfigured, match=expected):
        env_int("DJANGO_GAME_MOVE_SECONDS", 60)
    monkeypatch.delenv("DJANGO_BENCH_ECHO", raising=False)
    monkeypatch.setenv("BENCH_ECHO", "perhaps")
    with pytest.raises(
        ImproperlyConfigured, match=r"^BENCH_ECHO \(now DJANGO_BENCH_ECHO\) must be true or false"
    ):
        env_bool("DJANGO_BENCH_ECHO", False)


def test_a_bad_value_under_the_new_name_names_only_the_new_one(monkeypatch):
    monkeypatch.setenv("DJANGO_GAME_MOVE_SECONDS", "ten")
    monkeypatch.setenv("GAME_MOVE_SECONDS", "45")
    with pytest.raises(ImproperlyConfigured, match=r"^DJANGO_GAME_MOVE_SECONDS must be a whole number"):
        env_int("DJANGO_GAME_MOVE_SECONDS", 60)


def test_start_up_refuses_a_bad_old_name_naming_it():
    result = run_manage("check", env={"GAME_MOVE_SECONDS": "ten"})
    assert result.returncode != 0
    assert "GAME_MOVE_SECONDS (now DJANGO_GAME_MOVE_SECONDS) must be a whole number" in result.stderr


def test_the_new_name_wins_over_the_old_one_without_a_warning():
    show = "from django.conf import settings; print(settings.EMAIL_HOST_USER)"
    env = {"DJANGO_EMAIL_USER": "old@example.org", "DJANGO_EMAIL_HOST_USER": "new@example.org"}
    result = run_manage("shell", "--no-imports", "-c", show, env=env)
    assert result.stdout.split() == ["new@example.org"], result.stderr
    assert "old name" not in result.stderr
