"""What a client sends, parsed into typed messages at the door; a frame that is not one of them is
refused with the same codes as always (malformed_message, unknown_type, bad_reaction)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.protocol.types import ClientType
from justalllowgod.lib.refusals import Code, Refusal


def client_type(message: dict) -> ClientType:
    """The message's type, or `unknown_type`."""
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in ClientType._value2member_map_:
        raise Refusal(Code.UNKNOWN_TYPE)
    return ClientType(kind)


@dataclass(frozen=True)
class Move:
    """A move: the client's id for it (a repeat is acknowledged, not applied again), the version it
    was made on, and the move itself (the engine checks that)."""

    id: str
    version: int
    move: Any

    @classmethod
    def parse(cls, message: dict) -> Move:
        move_id, version = message.get("id"), message.get("version")
        if not isinstance(move_id, str) or not 0 < len(move_id) <= 64 or type(version) is not int:
            raise Refusal(Code.MALFORMED_MESSAGE)
        return cls(move_id, version, message.get("move"))


@dataclass(frozen=True)
class Hello:
    """A reconnecting client names the last version it saw."""

    version: int

    @classmethod
    def parse(cls, message: dict) -> Hello:
        version = message.get("version")
        if type(version) is not int:
            raise Refusal(Code.MALFORMED_MESSAGE)
        return cls(version)


@dataclass(frozen=True)
class Ping:
    @classmethod
    def parse(cls, message: dict) -> Ping:
        return cls()


@dataclass(frozen=True)
class React:
    """A quick reaction, one of Reaction.Kind (the service checks which)."""

    reaction: str

    @classmethod
    def parse(cls, message: dict) -> React:
        reaction = message.get("reaction")
        if not isinstance(reaction, str):
            raise Refusal(Code.BAD_REACTION)
        return cls(reaction)


@dataclass(frozen=True)
class Join:
    """An agent takes a helper seat at a table by its code."""

    code: str

    @classmethod
    def parse(cls, message: dict) -> Join:
        code = message.get("code")
        if not isinstance(code, str):
            raise Refusal(Code.MALFORMED_MESSAGE)
        return cls(code)


@dataclass(frozen=True)
class Leave:
    @classmethod
    def parse(cls, message: dict) -> Leave:
        return cls()


ClientMessage = Move | Hello | Ping | React | Join | Leave
PARSERS: dict[ClientType, type] = {
    ClientType.MOVE: Move,
    ClientType.HELLO: Hello,
    ClientType.PING: Ping,
    ClientType.REACT: React,
    ClientType.JOIN: Join,
    ClientType.LEAVE: Leave,
}


def parse(kind: ClientType, message: dict) -> ClientMessage:
    """The typed message of a frame whose type is known; raises the refusal if a field is wrong."""
    return PARSERS[kind].parse(message)
