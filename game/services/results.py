"""What each act returns: the rows it left and the messages it published after its commit, in the
order it published them (game/protocol/publish.py). Nothing travels back any other way.

`publish.lobby_update()` is read after the commit (every open table's list, not one act's), so an
act that updates the lobby has no lobby message in `messages`; its start screens get one anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.models import Game, Table
from game.protocol.types import Addressed


@dataclass(frozen=True)
class Opened:
    """A private table opened (or the host's table still waiting); opening one tells nobody yet."""

    table: Table
    messages: list[Addressed] = field(default_factory=list)


@dataclass(frozen=True)
class Seated:
    """The table a member or agent now sits at (joined, Play now or Play again), and what it told
    the table: its new seats, or the deal if the seat filled a public table (R25). The lobby's
    update, if any, is read after commit and not among `messages`."""

    table: Table
    messages: list[Addressed] = field(default_factory=list)


@dataclass(frozen=True)
class Started:
    """A game dealt, and what it told the table: its seats, then each seat its own view. The
    lobby's update at a public table is read after commit and not among `messages`."""

    game: Game
    messages: list[Addressed] = field(default_factory=list)


@dataclass(frozen=True)
class Left:
    """The table someone left, and what it told the table (the seat freed, or JagAI taking it).
    The lobby's update at a public table is read after commit and not among `messages`."""

    table: Table
    messages: list[Addressed] = field(default_factory=list)


@dataclass(frozen=True)
class LetBack:
    """R40: the game once the host let a member back in, and what it told the seats."""

    game: Game
    messages: list[Addressed] = field(default_factory=list)


@dataclass(frozen=True)
class Withdrawn:
    """R38: the tables a member or agent left at once, and what leaving them told those tables.
    Closing their sockets goes straight to the consumers, not as a message."""

    tables: list[Table]
    messages: list[Addressed] = field(default_factory=list)


@dataclass(frozen=True)
class Expired:
    """One clock sweep: how many deadlines fired, and everything they published, in the order
    they fired (a deal's lobby update is read after commit and not among `messages`)."""

    fired: int
    messages: list[Addressed] = field(default_factory=list)
