"""Issue 32: where this server's VAPID keys come from. The embedded default makes a pair once and
keeps it (subscriptions survive a restart); production takes them from its environment, and with
none has push off rather than a pair nobody keeps."""

from __future__ import annotations

import os
import stat

import pytest

from notices.vapid import local_key_pair, public_key_of
from tests.foundation.test_settings import PRODUCTION_ENV, run_manage

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
