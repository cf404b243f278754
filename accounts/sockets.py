"""Telling a member's open sockets that their sign-in changed, so they close within a second.

Sockets listen on two groups: every socket of one account, and every socket of one browser
session. A socket told to check looks at its session and account afresh and closes if it may no
longer act (game/sockets/). Messages go out after commit, never for a change rolled back.
"""

from __future__ import annotations

import hashlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

ACCOUNT_CHECK = {"type": "account.check"}
SESSION_ENDED = {"type": "session.ended"}


def account_group(user_id: int) -> str:
    """Every open socket of one member."""
    return f"account-{user_id}"


def session_group(session_key: str) -> str:
    """Every open socket of one browser session; named by a hash, so the key never leaves."""
    return "session-" + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def _send_on_commit(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        transaction.on_commit(lambda: async_to_sync(layer.group_send)(group, dict(message)))


def recheck_member_sockets(user_id: int) -> None:
    """The account changed (password, active, restriction): each socket checks it may still act."""
    _send_on_commit(account_group(user_id), ACCOUNT_CHECK)


def end_session_sockets(session_key: str) -> None:
    """The session signed out: its sockets close; the member's other browsers are untouched (R38)."""
    if session_key:
        _send_on_commit(session_group(session_key), SESSION_ENDED)
