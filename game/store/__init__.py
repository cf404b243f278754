"""The move's storage, behind one seam: one function per act, called inside a plain
`transaction.atomic` (the caller's block decides where the transaction ends).

- `lock_move` / `lock_game`: the table and game rows locked, the seats, and what a move checks,
  in one round trip with the transaction's BEGIN.
- `save_move`: the event row and the game's fields, sent with the COMMIT in its round trip.
- `member_and_session`: the per-act check's member and live session in one statement.

How it is fast is this package's business alone: plain SQL from the models' metadata (moves.py),
statements pipelined and prepared on PostgreSQL (round_trips.py), and a PostgreSQL backend
(postgresql/base.py) that sends queued writes with the COMMIT and ends a transaction that wrote
nothing with a COMMIT instead of a ROLLBACK (which would make psycopg forget its prepared
statements). Anything else that needs "the least a durable move needs" with the same technique
uses the two primitives: `run_together` (a group of statements in one round trip, the BEGIN folded
in) and `write_at_commit` (writes that go with the COMMIT).
"""

from typing import TYPE_CHECKING, Any

from game.store.round_trips import Statement, run_together, write_at_commit

if TYPE_CHECKING:
    from game.store.moves import (
        MEMBER_FIELDS,
        Locked,
        MemberQuery,
        lock_game,
        lock_move,
        member_and_session,
        save_move,
    )

_MOVES = {
    "MEMBER_FIELDS",
    "Locked",
    "MemberQuery",
    "lock_game",
    "lock_move",
    "member_and_session",
    "save_move",
}


def __getattr__(name: str) -> Any:
    """The acts, imported when first asked for: Django imports the backend (postgresql/base.py,
    inside this package) while it loads the models, before moves.py can import them."""
    if name in _MOVES:
        from game.store import moves

        return getattr(moves, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MEMBER_FIELDS",
    "Locked",
    "MemberQuery",
    "Statement",
    "lock_game",
    "lock_move",
    "member_and_session",
    "run_together",
    "save_move",
    "write_at_commit",
]
