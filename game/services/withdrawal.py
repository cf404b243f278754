"""R38: a member suspended or banned while seated, or an agent whose approval or token was
withdrawn, leaves every table at once, as if they had left (R27, R28): JagAI takes the seat, its
points void, its stones staying; their open sockets close."""

from __future__ import annotations

from django.db import transaction

from accounts.models import Agent, User
from accounts.sockets import recheck_member_sockets
from game.models import Seat, Table, Watcher
from game.protocol import publish
from game.protocol.types import Addressed
from game.services.play import leave_locked_table
from game.services.results import Withdrawn
from game.services.screens import refresh_watched
from game.services.starting import seat_list


def _tables_with(**seated: object) -> list[Table]:
    # Locks the tables only (not the joined seats), in id order, as every service locks tables.
    return list(Table.objects.unfinished().filter(**seated).select_for_update(of=("self",)).order_by("pk"))


@transaction.atomic
def withdraw_member(*, user: User) -> Withdrawn:
    """Call in the transaction that restricts the account; returns the tables they left. A parent's
    children leave theirs too: a child may not play while their parent is restricted."""
    people = {user.pk: user, **{child.pk: child for child in User.objects.filter(managed_by_id=user.pk)}}
    tables = _tables_with(pk__in=Seat.objects.filter(user_id__in=list(people)).values("table_id"))
    sent: list[Addressed] = []
    for table in tables:
        seated = sorted(set(table.seats.filter(user_id__in=list(people)).values_list("user_id", flat=True)))
        for pk in seated:
            sent += leave_locked_table(table, user=people[pk]).messages
    sent += _stop_watching(list(people))
    for pk in people:
        recheck_member_sockets(pk)  # each socket sees the restriction and closes with 4423
    return Withdrawn(tables, sent)


def _stop_watching(user_ids: list[int]) -> list[Addressed]:
    """They watch and ask to watch no more (a host's No or Remove is kept): the hosts' lists lose
    them at once, and their watcher sockets close at their next look."""
    watched = _tables_with(pk__in=Watcher.objects.filter(user_id__in=user_ids).values("table_id"))
    sent: list[Addressed] = []
    for table in watched:
        if Watcher.objects.filter(table=table, user_id__in=user_ids, removed_at__isnull=True).delete()[0]:
            refresh_watched(table)
            sent += publish.table_update(table, seat_list(table))
    return sent


@transaction.atomic
def withdraw_from_waiting_public(*, user: User) -> Withdrawn:
    """A child whose parent switched Play now off leaves every public table still waiting (a game
    already dealt plays on); nothing, if the parent switched it back on meanwhile."""
    tables = list(
        Table.objects.filter(kind=Table.Kind.PUBLIC, status=Table.Status.WAITING, seats__user=user)
        .select_for_update(of=("self",))
        .order_by("pk")
    )
    if not User.objects.filter(pk=user.pk, may_play_public=False).exists():
        return Withdrawn([])
    sent = [m for table in tables for m in leave_locked_table(table, user=user).messages]
    return Withdrawn(tables, sent)


@transaction.atomic
def withdraw_agent(*, agent: Agent) -> Withdrawn:
    """Call in the transaction that withdraws approval or revokes the token (accounts.agents)."""
    tables = _tables_with(seats__agent=agent)
    sent = [m for table in tables for m in leave_locked_table(table, agent=agent).messages]
    return Withdrawn(tables, sent)
