"""Tables a leader leads without sitting at them (a class's: classes/services.py).

A led table is private, its host is the leader, who has no seat, and nobody joins it by its code or
a link (`game.services.access` leaves led tables out of every lookup for joining and watching).
The leader seats its people, moves one to another table before the deal, deals and ends it (the
class board shows it from its public view: classes/board.py). Every function here runs inside the
caller's transaction, with the leader's authority already checked.
"""

from __future__ import annotations

from django.utils import timezone

from accounts.models import User
from content.models import Deck
from game import engine
from game.models import Table
from game.protocol.types import Addressed
from game.services.play import leave_locked_table
from game.services.recording import Step, record
from game.services.starting import begin_game, seat_list
from game.services.tables import new_table, take_seat
from game.store import lock_game
from justalllowgod.lib.refusals import Code, Refusal


def open_led_table(
    *, leader: User, people: list[User], seat_count: int, teams: bool, deck: Deck | None = None
) -> Table:
    """A waiting table the leader leads, its people seated in the order given; it deals `deck`
    (R42: a live deck the leader picked, checked by the caller; None: the main deck)."""
    table = new_table(
        host=leader,
        seat_host=False,
        kind=Table.Kind.PRIVATE,
        seat_count=seat_count,
        teams=teams,
        led=True,
        deck=deck,
    )
    for person in people:
        take_seat(table, person)
    return table


def _locked_led(table_id: int, leader: User) -> Table:
    table = Table.objects.select_for_update().filter(pk=table_id, led=True, host=leader).first()
    if table is None:
        raise Refusal(Code.NO_SUCH_TABLE)
    return table


def move_person(*, leader: User, person: User, from_table: int, to_table: int) -> list[Addressed]:
    """Before the deal: the person leaves one of the leader's tables for another with a free seat
    (a table of four without teams takes a fifth)."""
    if from_table == to_table:
        return []
    locked = {pk: _locked_led(pk, leader) for pk in sorted((from_table, to_table))}  # one lock order
    source, target = locked[from_table], locked[to_table]
    if source.status != Table.Status.WAITING or target.status != Table.Status.WAITING:
        raise Refusal(Code.NOT_WAITING)
    if not source.seats.filter(user=person).exists():
        raise Refusal(Code.NOT_SEATED)
    if not target.teams and target.seat_count == 4 and target.seats.count() >= 4:
        target.seat_count = 5  # a fifth person fits at a table without teams (R3)
        target.save(update_fields=["seat_count"])
    sent = list(take_seat(target, person).messages)
    return list(leave_locked_table(source, user=person).messages) + sent


def deal_led_table(*, leader: User, table_id: int) -> list[Addressed]:
    """Deal the waiting table's game (JagAI fills the empty seats)."""
    table = _locked_led(table_id, leader)
    if table.status != Table.Status.WAITING:
        raise Refusal(Code.NOT_WAITING)
    return list(begin_game(table, seat_list(table)).messages)


def end_led_table(*, leader: User, table_id: int) -> list[Addressed]:
    """End the table's game now, nobody winning (R23); a table not yet dealt simply closes."""
    table = _locked_led(table_id, leader)
    if table.status == Table.Status.WAITING:
        table.status, table.finished_at = Table.Status.ENDED, timezone.now()
        table.save(update_fields=["status", "finished_at"])
        return []
    if table.status != Table.Status.PLAYING:
        return []
    game, table, seats = lock_game(table.pk)
    new, events = engine.apply_server(engine.from_json(game.state), {"end": {}})
    return record(game, table, seats, new, events, Step(seat=None, move={"end": {}}))
