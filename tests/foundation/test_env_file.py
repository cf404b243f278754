"""deploy/env.example reads the same through systemd's EnvironmentFile and through the runbook's
shell (`set -a; . /etc/justallowgod/env`): a space, <, > or & in a value must be quoted, or the shell
cuts it or runs the rest (the mail sender's "Name <address>" and the TLS URLs' & both did)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from django.conf import settings

ENV_FILE = Path(settings.BASE_DIR) / "deploy" / "env.example"


def as_systemd_reads(text: str) -> dict[str, str]:
    """KEY=VALUE lines, a value in matching quotes without them (systemd's EnvironmentFile)."""
    found = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, _, value = line.partition("=")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        found[key.strip()] = value
    return found


def as_the_shell_reads(text: str, tmp_path: Path) -> dict[str, str]:
    env_file = tmp_path / "env"
    env_file.write_text(text)
    keys = " ".join(as_systemd_reads(text))
    script = (
        f'set -a; . "{env_file}" 2>&1; set +a; for k in {keys}; do printf "%s=%s\\n" "$k" "${{!k}}"; done'
    )
    printed = subprocess.run(
        ["bash", "-c", script], capture_output=True, text=True, check=True, env={}
    ).stdout
    return dict(line.split("=", 1) for line in printed.splitlines() if "=" in line)


def test_the_example_reads_alike_in_systemd_and_in_the_shell(tmp_path):
    text = ENV_FILE.read_text()
    assert as_the_shell_reads(text, tmp_path) == as_systemd_reads(text)
    assert as_systemd_reads(text)["DJANGO_DEFAULT_FROM_EMAIL"] == "JustAllowGod <play@example.org>"


def test_the_tls_urls_it_suggests_read_whole_in_both(tmp_path):
    tls = [
        line.lstrip("# ")
        for line in ENV_FILE.read_text().splitlines()
        if "verify-full" in line or "rediss://" in line
    ]
    assert len(tls) == 2
    text = "\n".join(tls) + "\n"
    read = as_the_shell_reads(text, tmp_path)
    assert read == as_systemd_reads(text)
    assert read["DATABASE_URL"].endswith("sslmode=verify-full&sslrootcert=/etc/justallowgod/ca.pem")
    assert read["REDIS_URL"].endswith("&ssl_cert_reqs=required")
