"""Issue 32: where this server's VAPID keys come from. The embedded default makes a pair once and
keeps it (subscriptions survive a restart); production takes them from its environment, and with
none has push off rather than a pair nobody keeps."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from justalllowgod.env import EXIT_BAD_SETTING
from notices import push, vapid
from notices.vapid import key_problem, local_key_pair, new_key_pair, public_key_of
from tests.foundation.test_settings import PRODUCTION_ENV, ROOT, run_manage

SHOW = (
    "from django.conf import settings; from notices import push; "
    "print(push.is_configured(), repr(push.public_key()), settings.WEBPUSH_VAPID_SUBJECT)"
)


def test_the_embedded_default_makes_one_pair_and_keeps_it(tmp_path):
    path = tmp_path / "vapid-keys.json"
    first = local_key_pair(path)
    assert local_key_pair(path) == first  # the same after a restart
    assert public_key_of(first[0]) == first[1]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["vapid-keys.json"]


def test_a_kept_file_that_cannot_be_read_is_made_again(tmp_path):
    path = tmp_path / "vapid-keys.json"
    path.write_text("not json")
    private, public = local_key_pair(path)
    assert public_key_of(private) == public
    assert local_key_pair(path) == (private, public)


def test_a_folder_that_cannot_be_written_leaves_push_off(tmp_path):
    tmp_path.chmod(0o500)
    try:
        if os.access(tmp_path, os.W_OK):
            pytest.skip("this user writes anywhere (root)")
        assert local_key_pair(tmp_path / "vapid-keys.json") == ("", "")
    finally:
        tmp_path.chmod(0o700)


def test_threads_asking_at_once_for_a_fresh_file_get_one_pair(tmp_path, monkeypatch):
    # A page, the sockets' database thread and the clock, all needing the pair the first time at once.
    path = tmp_path / "vapid-keys.json"
    made, asking = [], threading.Semaphore(0)

    def slow_new_key_pair():
        made.append(threading.get_ident())
        for _ in range(7):  # the maker waits till every other thread is asking too
            asking.acquire(timeout=10)
        return new_key_pair()

    monkeypatch.setattr(vapid, "new_key_pair", slow_new_key_pair)
    start = threading.Barrier(8)
    pairs = []

    def ask():
        start.wait()
        asking.release()
        pairs.append(push._kept_pair(path) if len(pairs) % 2 else local_key_pair(path))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(pairs) == 8
    assert len(set(pairs)) == 1
    assert len(made) == 1
    assert all(pairs[0])
    assert local_key_pair(path) == pairs[0]  # and a restarted process reads the same
    assert [p.name for p in tmp_path.iterdir()] == ["vapid-keys.json"]


def test_processes_starting_at_once_on_a_fresh_file_get_one_pair(tmp_path):
    # Two server processes of the embedded default started together: whoever names the file second
    # signs with the first one's pair.
    path = tmp_path / "vapid-keys.json"
    # Each says it is ready, then waits for the word to go: all four ask together.
    show = (
        "import sys; from pathlib import Path; from notices.vapid import local_key_pair; "
        "print('ready', flush=True); sys.stdin.read(1); print(local_key_pair(Path(sys.argv[1]))[1])"
    )
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", show, str(path)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    assert [run.stdout.readline().strip() for run in runs] == ["ready"] * 4
    for run in runs:
        run.stdin.write("go")
        run.stdin.close()
    publics = {run.stdout.read().strip() for run in runs}
    assert [run.wait(timeout=60) for run in runs] == [0] * 4
    assert len(publics) == 1
    assert publics == {local_key_pair(path)[1]}
    assert [p.name for p in tmp_path.iterdir()] == ["vapid-keys.json"]


def test_a_configured_key_is_checked_without_a_file():
    private, public = new_key_pair()
    assert key_problem(private) is None
    assert key_problem(private, public) is None
    assert key_problem("not a key!") == "is not base64url"
    assert key_problem(private[:20]).startswith("is not a raw 32-byte")
    assert key_problem("_" * 43) == "is not a P-256 private key"  # beyond the curve's order
    assert key_problem(private, new_key_pair()[1]) == "does not go with the public key set beside it"


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"DJANGO_WEBPUSH_VAPID_PRIVATE_KEY": "not-a-key"}, "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY is not a raw"),
        (
            {
                "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY": "rL1XhqWZcn3g0Jqxm5Oy9y-dUw8mWQxHgTmyUL0nz8M",
                "DJANGO_WEBPUSH_VAPID_PUBLIC_KEY": new_key_pair()[1],
            },
            "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY does not go with the public key",
        ),
        (
            {"JAG_VAPID_PRIVATE_KEY": "not a key"},
            "JAG_VAPID_PRIVATE_KEY (now DJANGO_WEBPUSH_VAPID_PRIVATE_KEY) is not base64url",
        ),
    ],
    ids=["malformed", "another-public-key", "old-name"],
)
def test_a_bad_configured_key_stops_start_up_naming_the_variable(env, named):
    result = run_manage("check", env={**PRODUCTION_ENV, **env})
    assert result.returncode == EXIT_BAD_SETTING, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith(f"JustAllowGod will not start: {named}")


def test_checking_the_configured_key_makes_no_file(tmp_path, settings):
    from notices.apps import check_configured_vapid_key

    settings.WEBPUSH_VAPID_PRIVATE_KEY = new_key_pair()[0]
    settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    settings.WEBPUSH_VAPID_KEY_FILE = tmp_path / "vapid-keys.json"
    check_configured_vapid_key()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = None  # the embedded default: its pair waits for first use
    check_configured_vapid_key()
    assert list(tmp_path.iterdir()) == []
    assert Path(settings.WEBPUSH_VAPID_KEY_FILE).exists() is False


def test_production_without_keys_has_push_off():
    result = run_manage("shell", "--no-imports", "-c", SHOW, env=PRODUCTION_ENV)
    assert result.stdout.split() == ["False", "''", "mailto:hello@localhost"], result.stderr


def test_production_takes_its_keys_and_subject_from_the_environment():
    private = "rL1XhqWZcn3g0Jqxm5Oy9y-dUw8mWQxHgTmyUL0nz8M"
    env = {
        **PRODUCTION_ENV,
        "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY": private,
        "DJANGO_WEBPUSH_VAPID_SUBJECT": "mailto:team@justallowgod.example",
    }
    result = run_manage("shell", "--no-imports", "-c", SHOW, env=env)
    assert result.stdout.split() == [
        "True",
        repr(public_key_of(private)),
        "mailto:team@justallowgod.example",
    ], result.stderr
