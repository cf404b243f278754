"""A finished game's outcome as a frozen value (python-chess's `Outcome`), and its stored JSON.

Game rows and replays keep the JSON that `result()` has always given; `to_json()` writes exactly that
dict (same keys, same order) and `from_json()` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .types import EndReason, SeatId


@dataclass(frozen=True)
class Standing:
    """One line of a ranking: a seat (or, in teams, a team: 1 or 2), its points and its rank (1, 1, 3)."""

    who: int
    points: int
    rank: int


@dataclass(frozen=True)
class Together:
    """V3: the persons' shared result: whether they filled the circle, and the stones laid."""

    won: bool
    stones: int


@dataclass(frozen=True)
class Outcome:
    """How a game ended (R20-R23, V3): why, the ranking, the winners and whether they share the win."""

    reason: EndReason
    ranking: tuple[Standing, ...]  # the persons still scoring at the end, by seat
    winners: tuple[SeatId, ...]  # empty when nobody wins (R23, or V3 lost)
    shared: bool
    teams: tuple[Standing, ...] | None = None  # teams games: both teams, `who` the team
    together: Together | None = None  # V3 Together games

    @property
    def no_winner(self) -> bool:
        """Nobody won: the host ended the game, nobody was left, or a Together game was lost."""
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        """The plain JSON dict stored on the game row and sent in views (unchanged since rules 1)."""
        return {
            "reason": self.reason.value,
            "ranking": _standings(self.ranking, "seat"),
            "teams": _standings(self.teams, "team") if self.teams is not None else None,
            "together": {"won": self.together.won, "stones": self.together.stones} if self.together else None,
            "winners": list(self.winners),
            "shared": self.shared,
            "no_winner": self.no_winner,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """An Outcome from its stored JSON (a game row's result); raises KeyError/ValueError if malformed."""
        teams, together = data["teams"], data["together"]
        return cls(
            reason=EndReason(data["reason"]),
            ranking=tuple(Standing(r["seat"], r["points"], r["rank"]) for r in data["ranking"]),
            winners=tuple(data["winners"]),
            shared=data["shared"],
            teams=tuple(Standing(t["team"], t["points"], t["rank"]) for t in teams)
            if teams is not None
            else None,
            together=Together(together["won"], together["stones"]) if together is not None else None,
        )


def _standings(rows: tuple[Standing, ...], key: str) -> list[dict[str, int]]:
    """A ranking as JSON rows: {key: who, "points", "rank"}."""
    return [{key: row.who, "points": row.points, "rank": row.rank} for row in rows]
