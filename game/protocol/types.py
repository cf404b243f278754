"""The protocol's vocabulary: every message type a client can receive or send, each message's shape,
and a message addressed to a group, encoded once."""

# No `from __future__ import annotations` here: TypedDict reads NotRequired[...] only from real
# annotations, and the protocol tests check each message's required and optional keys.
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from game.realtime.outbox import to_text


class ServerType(StrEnum):
    """What the server sends a client (docs/protocol.md)."""

    WELCOME = "welcome"
    UPDATE = "update"
    CATCHUP = "catchup"
    ACK = "ack"
    ERROR = "error"
    PONG = "pong"
    TABLE = "table"
    LOBBY = "lobby"
    REACTION = "reaction"
    NUDGE = "nudge"  # the answer to a "Your turn" tap, to the tapper's own sockets only
    HELLO = "hello"  # an agent's socket, once its token is accepted


class ClientType(StrEnum):
    """What a client sends (the agent's socket also joins and leaves)."""

    HELLO = "hello"
    MOVE = "move"
    PING = "ping"
    REACT = "react"
    JOIN = "join"
    LEAVE = "leave"


class SeatUpdate(TypedDict):
    """One seat's message after a move (or a catch-up): its events and its own view."""

    type: str  # ServerType.UPDATE or ServerType.CATCHUP
    version: int
    events: list[dict]
    view: dict | None
    verses: NotRequired[dict[str, Any]]  # not in a catch-up before the deal
    clock: NotRequired[dict[str, Any] | None]
    cards: NotRequired[dict[str, Any]]
    complete: NotRequired[bool]


class Welcome(TypedDict):
    """The first message on a seat's socket."""

    type: str
    table_id: NotRequired[int]  # the door's, taken off before it is sent
    version: int
    me: dict[str, Any]
    table: dict[str, Any]
    cards: NotRequired[dict[str, Any]]
    events: NotRequired[list[dict]]
    view: NotRequired[dict | None]
    verses: NotRequired[dict[str, Any]]
    clock: NotRequired[dict[str, Any] | None]
    complete: NotRequired[bool]


class AudienceWelcome(TypedDict):
    """The first message on a table screen's or a watcher's socket: the public view, no seat."""

    type: str
    table_id: NotRequired[int]  # the door's, taken off before it is sent
    version: int
    audience: dict[str, Any]  # kind ("screen" | "watcher"), tag, code, join_url, join_qr
    table: dict[str, Any]
    cards: NotRequired[dict[str, Any]]
    events: NotRequired[list[dict]]
    view: NotRequired[dict | None]
    verses: NotRequired[dict[str, Any]]
    clock: NotRequired[dict[str, Any] | None]
    complete: NotRequired[bool]


class TableMessage(TypedDict):
    type: str
    version: int
    table: dict[str, Any]


class LobbyMessage(TypedDict):
    type: str
    version: int
    tables: list[dict[str, Any]]


class Reaction(TypedDict):
    type: str
    version: int
    seat: int
    tag: str
    reaction: str
    label: str


class Nudge(TypedDict):
    """How the seat a "Your turn" tap named is told, in words; `again_at` fills "{again}"."""

    type: str
    version: int
    seat: int
    tag: str
    words: str
    again_at: str | None
    reaches: bool


class ErrorMessage(TypedDict):
    type: str
    code: str
    message: str
    id: NotRequired[str]
    version: NotRequired[int]
    retry: NotRequired[bool]
    retry_after: NotRequired[float]


class Ack(TypedDict):
    type: str
    id: str
    version: int


class Pong(TypedDict):
    type: str
    version: int


class AgentHello(TypedDict):
    type: str
    version: int
    agent: str


ServerMessage = SeatUpdate | Welcome | TableMessage | LobbyMessage | Reaction | ErrorMessage | Ack | Pong
# The keys each server message type may carry, and those it must: the protocol tests check every
# frame a game sends against these.
SHAPES: dict[ServerType, type] = {
    ServerType.WELCOME: Welcome,
    ServerType.UPDATE: SeatUpdate,
    ServerType.CATCHUP: SeatUpdate,
    ServerType.ACK: Ack,
    ServerType.ERROR: ErrorMessage,
    ServerType.PONG: Pong,
    ServerType.TABLE: TableMessage,
    ServerType.LOBBY: LobbyMessage,
    ServerType.REACTION: Reaction,
    ServerType.NUDGE: Nudge,
    ServerType.HELLO: AgentHello,
}


def encode(message: dict) -> str:
    """A message as it goes on the wire: compact JSON, encoded once per message."""
    return to_text(message)


@dataclass(frozen=True)
class Addressed:
    """A message for one group, encoded once; `update` is its version if it is a seat update (a
    socket that already sent that version skips the relayed copy)."""

    group: str
    message: dict = field(compare=False)
    text: str
    update: int | None = None

    @classmethod
    def to(cls, group: str, message: dict) -> "Addressed":
        update = message["version"] if message["type"] == ServerType.UPDATE else None
        return cls(group, message, encode(message), update)

    def relay(self) -> dict:
        """The channel-layer event the consumers' `relay` handler sends on as it is."""
        event: dict = {"type": "relay", "text": self.text}
        if self.update is not None:
            event["update"] = self.update
        return event
