"""Turning a socket's incoming frame into a message, whatever the client sent.

A frame that cannot be parsed for any reason (not JSON, not UTF-8, nested deeper than any message
of ours, a number too long for Python to read, a string with a lone surrogate such as "\\ud800"
that no UTF-8 text can carry) is not our bug: the consumer answers it
`malformed_message` and this module writes one warning line, never a traceback. Frames over the
size limit never get here (game/sockets/doors.py closes those with 4413 as they arrive).
"""

from __future__ import annotations

import json
import logging
from typing import Any, Final

from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.log_paths import loggable_path

log = logging.getLogger(__name__)

# The consumer names who is on the socket here once it knows, for the doors' log lines.
WHO_KEY = "jag.who"


def socket_label(scope: dict) -> str:
    """Who is on a socket, for a log line: a member or agent id, never an email or a token."""
    who = scope.get(WHO_KEY)
    if who:
        return who
    user = scope.get("user")
    if user is not None and getattr(user, "is_authenticated", False):
        return f"member {user.pk}"
    return "anonymous"


# The deepest message of the protocol is a move: {"move": {"ask": {"seat": 2}}}, three levels.
MAX_DEPTH = 8


class _Unparsed:
    def __repr__(self) -> str:
        return "UNPARSED"


# What parse returns for a frame it could not read (its warning line is already written).
UNPARSED: Final = _Unparsed()


def log_malformed(scope: dict, why: str) -> None:
    """One warning line for a frame we could not read: who, from where, why."""
    log.warning(
        "malformed frame from %s at %s on %s: %s",
        socket_label(scope),
        scope_address(scope) or "?",
        loggable_path(scope.get("path", "?")),
        why,
    )


def _fault(value: Any, limit: int = MAX_DEPTH) -> str | None:
    """Why a parsed value cannot be one of our messages: containers nested deeper than `limit`, or
    a string (key or value) that is not UTF-8 text (a lone surrogate from a "\\ud800" escape,
    which json.loads accepts but nothing downstream can encode). Walked without recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not _is_utf8(item):
                return "a string that is not UTF-8 text (a lone surrogate)"
            continue
        if isinstance(item, dict):
            children: list = [*item.keys(), *item.values()]
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return f"nested deeper than {MAX_DEPTH}"
        stack.extend((child, depth + 1) for child in children)
    return None


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse(text: str, scope: dict | None = None) -> Any:
    """The frame's JSON value, or UNPARSED (logged once) if it cannot be one of our messages."""
    try:
        value = json.loads(text)
    except RecursionError:  # thousands of '[': the C parser gives up before it ends
        why = "nested too deep to parse"
    except ValueError as error:  # not JSON, or an integer too long to convert
        why = f"not JSON ({str(error)[:80]})"
    else:
        fault = _fault(value)
        if fault is None:
            return value
        why = fault
    log_malformed(scope or {}, why)
    return UNPARSED


def parse_bytes(data: bytes, scope: dict | None = None) -> tuple[str, Any]:
    """A binary frame: read as UTF-8 text (the raw text kept for audit, with bad bytes replaced),
    and its JSON value, or UNPARSED if it is not valid UTF-8 or not a message."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        log_malformed(scope or {}, f"not UTF-8 ({error.reason} at byte {error.start})")
        return data.decode("utf-8", "replace"), UNPARSED
    return text, parse(text, scope)


def read(text_data: str | None, bytes_data: bytes | None, scope: dict) -> tuple[str, Any]:
    """A frame as Channels hands it to a consumer: its text (kept for audit) and its JSON value, or
    UNPARSED."""
    if text_data is not None:
        return text_data, parse(text_data, scope)
    return parse_bytes(bytes_data or b"", scope)
