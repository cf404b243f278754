"""Approved agents sitting down in helper seats at private tables that allow them (R19)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import Agent, AgentMessage
from game.models import Seat, Table
from game.protocol import publish
from game.services.access import find_table
from game.services.results import Left, Seated
from game.services.starting import seat_list
from justalllowgod.lib.refusals import Code, Refusal

# The first characters of each message an agent sends are kept for the team to read.
AUDIT_TEXT_LIMIT = 4096

# Agents wait beyond the table's seats until the deal puts them right after the people.
AGENT_WAITING_POSITION = 100


@transaction.atomic
def agent_join(*, agent: Agent, code: str, ip: str = "") -> Seated:
    """An approved agent takes a free seat as a helper: private tables that allow agents, no teams.
    Wrong codes are throttled like a member's (game/services/access.py)."""
    if not agent.is_approved:
        raise Refusal(Code.AGENT_NOT_APPROVED, _("This agent is not approved."))
    table = find_table(code, agent=agent, ip=ip, tables=Table.objects.select_for_update())
    if table is None or not table.is_open:
        raise Refusal(Code.NO_SUCH_TABLE)
    seats = seat_list(table)
    mine = next((s for s in seats if s.agent_id == agent.pk), None)
    if mine is not None:
        if mine.left_at is not None and table.status == Table.Status.PLAYING:
            # JagAI took the seat (the token was revoked, R38): a new token does not bring it back.
            raise Refusal(Code.SEAT_TAKEN, _("JagAI plays this seat now."))
        return Seated(table)
    if table.is_public or table.teams or not table.allow_agents:
        raise Refusal(Code.AGENTS_NOT_ALLOWED, _("This table does not welcome agents."))
    if table.status != Table.Status.WAITING:
        raise Refusal(Code.ALREADY_STARTED)
    if len(seats) >= table.seat_count:
        raise Refusal(Code.TABLE_FULL)
    Seat.objects.create(
        table=table, agent=agent, kind=Seat.Kind.AGENT, position=AGENT_WAITING_POSITION + len(seats)
    )
    return Seated(table, publish.table_update(table, seat_list(table)))


@transaction.atomic
def agent_leave(*, agent: Agent, code: str) -> Left:
    """An agent leaves a table before the deal; once dealt, its seat stays and R16 plays for it."""
    table = Table.objects.select_for_update().by_code(code).filter(seats__agent=agent).first()
    if table is None:
        raise Refusal(Code.NOT_SEATED)
    if table.status == Table.Status.WAITING:
        Seat.objects.filter(table=table, agent=agent).delete()
        return Left(table, publish.table_update(table, seat_list(table)))
    return Left(table)


def record_agent_message(*, agent: Agent, code: str, text: str, outcome: str) -> None:
    """Keep what an agent sent, and what came of it, for the team to read."""
    AgentMessage.objects.create(
        agent=agent, table_code=code, text=text[:AUDIT_TEXT_LIMIT], outcome=outcome[:40]
    )
