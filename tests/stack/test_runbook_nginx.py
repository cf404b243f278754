"""Runbook step 7 (docs/operations.md) on a fresh Debian nginx: a copy of this machine's /etc/nginx,
as the package installed it, with Debian's own default site enabled. Before certbot has run, the
site file step 7 writes passes `nginx -t`; once a certificate is in certbot's live folder, the same
command writes the full site file on its paths, and that passes `nginx -t` too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.servers import run_checked
from tests.stack.support import ROOT

SERVER_NAME = "play.example.org"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


@pytest.fixture
def fresh_nginx(tmp_path: Path) -> Path:
    """/etc/nginx as Debian's package leaves it, moved under tmp_path (paths, pid and logs)."""
    etc = tmp_path / "etc-nginx"
    shutil.copytree("/etc/nginx", etc, symlinks=True)
    assert (etc / "sites-enabled" / "default").exists() or (etc / "sites-enabled" / "default").is_symlink()
    default = etc / "sites-enabled" / "default"
    default.unlink()
    default.symlink_to(etc / "sites-available" / "default")
    (tmp_path / "log").mkdir()
    main = (etc / "nginx.conf").read_text()
    main = main.replace("/etc/nginx/", f"{etc}/").replace("/var/log/nginx/", f"{tmp_path}/log/")
    main = main.replace("/run/nginx.pid", f"{tmp_path}/nginx.pid")
    (etc / "nginx.conf").write_text(main)
    return etc


def nginx_t(etc: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [NGINX, "-t", "-p", str(etc.parent), "-e", str(etc.parent / "log" / "error.log"), "-c", str(etc / "nginx.conf")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def step_7(etc: Path, live: Path, acme: Path) -> subprocess.CompletedProcess:
    """The runbook's command, with this test's certbot folders, into sites-available."""
    done = subprocess.run(
        [sys.executable, "deploy/stack.py", "nginx-conf", "--server-name", SERVER_NAME,
         "--upstream", "127.0.0.1:8001", "--upstream", "127.0.0.1:8002",
         "--static-root", "/srv/justallowgod/staticfiles",
         "--letsencrypt-live", str(live), "--acme-root", str(acme)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (etc / "sites-available" / "justallowgod").write_text(done.stdout)
    return done


def test_runbook_step_7_passes_nginx_t_before_certbot_and_after_it(fresh_nginx: Path, tmp_path: Path):
    etc, live, acme = fresh_nginx, tmp_path / "letsencrypt" / "live", tmp_path / "letsencrypt-www"
    assert nginx_t(etc).returncode == 0, "Debian's own configuration is where we start"

    # Step 7 as written: the site file, linked in; Debian's welcome site (also a default_server) out.
    acme.mkdir()
    before = step_7(etc, live, acme)
    (etc / "sites-enabled" / "justallowgod").symlink_to(etc / "sites-available" / "justallowgod")
    (etc / "sites-enabled" / "default").unlink()
    check = nginx_t(etc)
    assert check.returncode == 0, check.stderr
    assert "ssl_certificate" not in before.stdout and "certbot certonly --webroot" in before.stderr

    # What certbot leaves behind: a certificate in its live folder under the site's name.
    (live / SERVER_NAME).mkdir(parents=True)
    certificate, key = live / SERVER_NAME / "fullchain.pem", live / SERVER_NAME / "privkey.pem"
    run_checked(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={SERVER_NAME}",
         "-keyout", str(key), "-out", str(certificate)],
        {"PATH": "/usr/bin:/bin"}, "openssl",
    )  # fmt: skip
    after = step_7(etc, live, acme)
    assert f"ssl_certificate     {certificate};" in after.stdout
    assert f"ssl_certificate_key {key};" in after.stdout
    assert "listen 443 ssl http2;" in after.stdout and f"root {acme};" in after.stdout
    check = nginx_t(etc)
    assert check.returncode == 0, check.stderr


def test_with_debians_default_site_left_in_nginx_t_says_why(fresh_nginx: Path, tmp_path: Path):
    # The runbook removes it: both claim default_server on port 80.
    step_7(fresh_nginx, tmp_path / "live", tmp_path / "www")
    (fresh_nginx / "sites-enabled" / "justallowgod").symlink_to(
        fresh_nginx / "sites-available" / "justallowgod"
    )
    check = nginx_t(fresh_nginx)
    assert check.returncode != 0 and "duplicate default server" in check.stderr
