"""The live server's mail, read by the test as a member reads their inbox: Django's file backend
writes what the console backend prints (`make run`), one file per connection."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.accounts.mailed_codes import code_in


def mailed_code(outbox: Path, to: str) -> str:
    """The code in the newest mail to this address in the server's mail folder."""
    mails = sorted(outbox.glob("*.log"), key=lambda p: p.stat().st_mtime)
    for path in reversed(mails):
        text = path.read_text()
        if f"To: {to}" in text:
            return code_in(text.split("\n\n", 1)[1])
    raise AssertionError(f"no mail to {to} in {outbox}")


@pytest.fixture
def mail_server(deck, live_asgi, tmp_path):
    """A live daphne with the default deck whose mail lands in files the test can read."""
    outbox = tmp_path / "outbox"
    outbox.mkdir()
    server = live_asgi(
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend", EMAIL_FILE_PATH=str(outbox)
    )
    return server, outbox
