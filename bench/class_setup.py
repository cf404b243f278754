"""A class for `--classes N --class-size M`, made through the classes' own services, as on a Sunday.

The leader is a bench member (bulk-created like every member: bench/setup_db.py). Everything after
is the site's code: `start_class`, one `join_class` per child (each child's account is made there,
as when a child types the code and a name), `make_tables` and `start_all` with the leader's live
session. Runs in the benchmark process's database thread, one class a call.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError

from accounts.models import User
from bench.setup_db import Member, TableInfo, closing, signed_in
from classes import joining, leading
from classes.models import Pupil
from game.models import Seat


@dataclass
class ClassInfo:
    class_id: int
    leader: Member
    tables: dict[int, TableInfo]  # by the number the board shows


def session_key(member: Member) -> str:
    return member.cookie.split("=", 1)[1]


def _join(code: str, index: int, n: int) -> Pupil:
    """A child joins by the code and a name. The tag filter reads digits as letters and knows
    number codes ("Kid_7_17" and "Kid88x14" are refused), so a refused name is typed again
    otherwise, as a child would. A name somebody already plays as (a database kept from an earlier
    run) gets a number from the service itself."""
    for name in (f"Kid_{index}_{n}", f"Kid{index}x{n}", f"Kid_{n}_{index}"):
        try:
            return joining.join_class(code=code, name=name, ip="127.0.0.1")
        except ValidationError:
            continue
    raise RuntimeError(f"every name for child {n} of class {index} was refused")


@closing
def open_class(leader: Member, index: int, size: int) -> ClassInfo:
    """A class of `size` children split into tables and started: every table's game is dealt."""
    user = User.objects.get(pk=leader.user_id)
    classroom = joining.start_class(leader=user, cap=size, agreed=True)
    children = {}
    for n in range(size):
        pupil = _join(classroom.code, index, n)
        children[pupil.user_id] = signed_in(pupil.user)
    acting = {"leader": user, "session_key": session_key(leader), "class_id": classroom.pk}
    places = leading.make_tables(**acting)
    leading.start_all(**acting)
    tables = {}
    for place in places:
        seats = Seat.objects.filter(table_id=place.table_id, kind=Seat.Kind.PERSON).order_by("position")
        # The bench's clients read member i as seat i + 1 (bench/load.py): children sit first, JagAI after.
        if [s.position for s in seats] != list(range(1, len(seats) + 1)):
            raise RuntimeError(f"class table {place.number}: children not in seats 1..{len(seats)}")
        members = [children[s.user_id] for s in seats]
        tables[place.number] = TableInfo(code=place.table.code, table_id=place.table_id, members=members)
    return ClassInfo(class_id=classroom.pk, leader=leader, tables=tables)
