"""R38: a member suspended or banned while seated, or an agent whose approval or token was
withdrawn, leaves every table at once, as if they had left (R27, R28): JagAI takes the seat, its
points void, its stones staying; their open sockets close."""

from __future__ import annotations

from django.db import transaction

from accounts.models import Agent, User
from accounts.sockets import recheck_member_sockets
from game.models import Table
from game.services.play import leave_locked_table


def _tables_with(**seated: object) -> list[Table]:
    # Locks the tables only (not the joined seats), in id order, as every service locks tables.
    return list(Table.objects.unfinished().filter(**seated).select_for_update(of=("self",)).order_by("pk"))


@transaction.atomic
def withdraw_member(*, user: User) -> list[Table]:
    """Call in the transaction that restricts the account; returns the tables they left."""
    tables = _tables_with(seats__user=user)
    for table in tables:
        leave_locked_table(table, user=user)
    recheck_member_sockets(user.pk)  # each socket sees the restriction and closes with 4423
    return tables


@transaction.atomic
def withdraw_agent(*, agent: Agent) -> list[Table]:
    """Call in the transaction that withdraws approval or revokes the token (accounts.agents)."""
    tables = _tables_with(seats__agent=agent)
    for table in tables:
        leave_locked_table(table, agent=agent)
    return tables
