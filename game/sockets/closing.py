"""The close codes our sockets use, in the 4000-4999 range that daphne lets a server send.

Each is 4000 plus the HTTP status that means the same, so they read at a glance. docs/protocol.md
and docs/agents.md list them for client authors; clients reconnect only after SERVER_ERROR.
"""

from __future__ import annotations

from enum import IntEnum

from justalllowgod.lib.refusals import Code


class Close(IntEnum):
    """Why the server closed a socket."""

    SIGNED_OUT = 4401  # not signed in, the session ended, or an agent's token is missing or revoked
    NOT_SEATED = 4403  # no seat at this table (also once JagAI has taken the seat over)
    NOT_FOUND = 4404  # no such socket path, or no table with that code
    REPLACED = 4409  # the member opened too many sockets (or a screen link opened again); the oldest closes
    TURNED_OFF = 4410  # a table screen turned off or its table ended, a watcher removed: gone for good
    TOO_BIG = 4413  # a frame over the size limit
    RESTRICTED = 4423  # the account is suspended or banned
    TOO_MANY = 4429  # too many messages a second, or too many wrong table codes
    SERVER_ERROR = 4500  # our fault: reconnecting is safe


# The name of each close, one spelling for every client: static/js/socket.js and clients/jag_mcp
# type them by hand and tests/realtime/test_close_codes_agree.py holds them to these (and the
# browser words each one).
REASONS = {
    Close.SIGNED_OUT: "signed_out",
    Close.NOT_SEATED: "not_seated",
    Close.NOT_FOUND: "not_found",
    Close.REPLACED: "replaced",
    Close.TURNED_OFF: "turned_off",
    Close.TOO_BIG: "too_big",
    Close.RESTRICTED: "restricted",
    Close.TOO_MANY: "too_many",
    Close.SERVER_ERROR: "server_error",
}

# Service refusals that mean a socket may no longer act at all: it closes after saying why.
REFUSAL_CLOSES = {
    Code.SIGNED_OUT: Close.SIGNED_OUT,
    Code.AGENT_REVOKED: Close.SIGNED_OUT,
    Code.RESTRICTED: Close.RESTRICTED,
    Code.TOO_MANY_TRIES: Close.TOO_MANY,
    Code.SEAT_TAKEN: Close.NOT_SEATED,
}
