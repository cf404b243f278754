"""The systemd units of the processes that serve players are hardened (issue 44): systemd's own
score, read offline from the unit files, stays under 5 ("OK"), and the open-file limit is raised
for the sockets a process holds."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

UNITS = Path(__file__).resolve().parents[2] / "deploy" / "systemd"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not on this machine")
@pytest.mark.parametrize(
    ("unit", "as_instance"),
    [
        ("justallowgod-daphne@.service", "justallowgod-daphne@8001.service"),
        ("justallowgod-clock.service", "justallowgod-clock.service"),
    ],
)
def test_each_serving_unit_scores_under_five(unit, as_instance, tmp_path):
    copy = tmp_path / as_instance  # an instance's name, as systemd scores a template's instance
    copy.write_text((UNITS / unit).read_text())
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(copy)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    score = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert score, done.stdout[-2000:] + done.stderr[-2000:]
    assert float(score.group(1)) < 5, done.stdout[-3000:]


@pytest.mark.parametrize("unit", ["justallowgod-daphne@.service", "justallowgod-clock.service"])
def test_each_serving_unit_may_hold_many_sockets(unit):
    assert "LimitNOFILE=65536" in (UNITS / unit).read_text()
