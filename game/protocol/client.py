"""What a client sends, parsed in one place: `parse` turns a frame into one of a sealed union of
typed messages, read from one table of each type's fields. A frame that is none of the messages its
socket takes is parsed too, into `Unknown` or `Malformed`, which the socket answers with the same
codes as always (unknown_type, malformed_message, bad_reaction)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from game.protocol.types import ClientType
from justalllowgod.lib.refusals import Code


@dataclass(frozen=True)
class Move:
    """A move: the client's id for it (a repeat is acknowledged, not applied again), the version it
    was made on, and the move itself (the engine checks that)."""

    id: str
    version: int
    move: Any


@dataclass(frozen=True)
class Hello:
    """A reconnecting client names the last version it saw."""

    version: int


@dataclass(frozen=True)
class Ping:
    """Keeps the connection awake; its pong names the table's version."""


@dataclass(frozen=True)
class React:
    """A quick reaction, one of Reaction.Kind (the service checks which)."""

    reaction: str


@dataclass(frozen=True)
class Join:
    """An agent takes a helper seat at a table by its code."""

    code: str


@dataclass(frozen=True)
class Leave:
    """An agent leaves its table before the deal."""


@dataclass(frozen=True)
class Unknown:
    """A frame whose type is not one its socket takes: answered `unknown_type` before anything else."""


@dataclass(frozen=True)
class Malformed:
    """A type the socket takes with a field that is wrong: refused with `code`, as an act is."""

    type: ClientType
    code: Code


ClientMessage = Move | Hello | Ping | React | Join | Leave | Unknown | Malformed


def _move_id(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 64


def _whole_number(value: Any) -> bool:
    return type(value) is int  # not a bool, not a float


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _anything(value: Any) -> bool:
    return True


# Each type a client sends: its message, each field with the check it must pass (in the message's
# order), and the code a frame with a wrong field is refused with.
FIELDS: dict[ClientType, tuple[type, dict[str, Callable[[Any], bool]], Code]] = {
    ClientType.MOVE: (
        Move,
        {"id": _move_id, "version": _whole_number, "move": _anything},
        Code.MALFORMED_MESSAGE,
    ),
    ClientType.HELLO: (Hello, {"version": _whole_number}, Code.MALFORMED_MESSAGE),
    ClientType.PING: (Ping, {}, Code.MALFORMED_MESSAGE),
    ClientType.REACT: (React, {"reaction": _text}, Code.BAD_REACTION),
    ClientType.JOIN: (Join, {"code": _text}, Code.MALFORMED_MESSAGE),
    ClientType.LEAVE: (Leave, {}, Code.MALFORMED_MESSAGE),
}


def parse(frame: dict, takes: Collection[ClientType]) -> ClientMessage:
    """The typed message of a frame (a JSON object), for a socket that takes the types `takes`."""
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in ClientType._value2member_map_ or kind not in takes:
        return Unknown()
    message, fields, code = FIELDS[ClientType(kind)]
    values = {name: frame.get(name) for name in fields}
    if not all(check(values[name]) for name, check in fields.items()):
        return Malformed(ClientType(kind), code)
    return message(**values)
