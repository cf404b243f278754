"""How a class is split into tables: as even as possible, 3 to 5 children a table (with teams,
tables of four seats, up to four children, JagAI filling the rest), in the order they joined."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

Child = TypeVar("Child")

FEWEST, MOST = 3, 5
TEAM_SEATS = 4


def table_sizes(children: int, *, teams: bool = False) -> list[int]:
    """How many children sit at each table, largest first. Fewer than three children make one
    table (JagAI fills it). Without teams the number of tables is the one that puts nearest to four
    at each while keeping every table within 3 to 5; with teams every table has four seats."""
    if children <= 0:
        return []
    if teams:
        count = math.ceil(children / TEAM_SEATS)
    elif children < FEWEST:
        count = 1
    else:
        fits = range(math.ceil(children / MOST), children // FEWEST + 1)
        count = min(fits, key=lambda tables: (abs(children / tables - 4), tables))
    base, extra = divmod(children, count)
    return [base + 1] * extra + [base] * (count - extra)


def split(children: Sequence[Child], *, teams: bool = False) -> list[list[Child]]:
    """The children in tables, in the order they joined: the first table's first, and so on."""
    groups, start = [], 0
    for size in table_sizes(len(children), teams=teams):
        groups.append(list(children[start : start + size]))
        start += size
    return groups


def seats_for(size: int, *, teams: bool = False) -> int:
    """A table's seats for this many children: four, or five for five (teams: always four)."""
    return TEAM_SEATS if teams or size <= 4 else 5
