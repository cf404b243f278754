"""The agent API: approved AI agents sit in helper seats over /ws/agent/, with a bearer token."""

from __future__ import annotations

import logging

from django.conf import settings

from accounts.agents import agent_for_token, agent_group, hash_token
from accounts.models import Agent
from game.protocol import client
from game.protocol.messages import agent_hello
from game.protocol.types import ClientType
from game.realtime import budgets, faults
from game.realtime.database import database_call
from game.realtime.frames import WHO_KEY
from game.realtime.groups import agent_seat_group, table_group
from game.services import snapshots
from game.services.agents import agent_join, agent_leave, record_agent_message
from game.sockets.closing import Close
from game.sockets.member_door import note_socket_closed, note_socket_opened
from game.sockets.seat import SeatSocket
from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.logs import note_agent
from justalllowgod.lib.refusals import Code, Refusal


def bearer_token(scope: dict) -> str:
    """The token in an `Authorization: Bearer <token>` header, or ""."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            kind, _, token = value.decode("latin-1").partition(" ")
            if kind.lower() == "bearer":
                return token.strip()
    return ""


log = logging.getLogger(__name__)
# The sockets open with one agent token, shared through the cache (as a member's are).
AGENT_SOCKETS_KEY = "sockets:agent:{}"


class AgentConsumer(SeatSocket):
    """One agent's socket: join a table by code, then answer for its helper seat (R19)."""

    agent: Agent | None = None
    code = ""
    sockets_key = ""
    needs_table = frozenset({ClientType.MOVE, ClientType.HELLO})

    async def connect(self) -> None:
        token = bearer_token(self.scope)
        self.agent = await database_call(agent_for_token)(token)
        if self.agent is None:
            await self.refuse(Close.SIGNED_OUT, "no approved agent with that token")
            return
        self.scope[WHO_KEY] = f"agent {self.agent.pk}"
        note_agent(self.scope, self.agent.pk)  # the socket's log lines name the agent
        self.who = {"agent": self.agent}
        # Checked again at every move: the same token, still approved.
        self.credentials = {"agent": self.agent, "token_hash": hash_token(token)}
        if await budgets.too_many_connects(f"agent {self.credentials['token_hash'][:32]}"):
            await self.refuse(Close.TOO_MANY, "too many new sockets")
            return
        await self.channel_layer.group_add(agent_group(self.agent.pk), self.channel_name)
        # At most WS_MAX_SOCKETS_PER_AGENT sockets per token: the oldest gives way (4409), as a
        # member's do, so an agent that reconnects after a network drop is never locked out by
        # its own dead socket.
        self.sockets_key = AGENT_SOCKETS_KEY.format(self.credentials["token_hash"][:32])
        for oldest in await note_socket_opened(
            self.sockets_key, self.channel_name, settings.WS_MAX_SOCKETS_PER_AGENT
        ):
            await self.channel_layer.send(oldest, {"type": "socket.replaced"})
        await self.accept()
        await self.send_json(agent_hello(self.agent.name))

    async def disconnect(self, code: int) -> None:
        if self.agent is None:
            return
        await self.channel_layer.group_discard(agent_group(self.agent.pk), self.channel_name)
        if self.sockets_key:
            await note_socket_closed(self.sockets_key, self.channel_name)
        if self.table_id is not None:
            await self.channel_layer.group_discard(table_group(self.table_id), self.channel_name)
            await self.channel_layer.group_discard(self.seat_group, self.channel_name)

    async def after_message(self, raw: str, outcome: str) -> None:
        """Every message an agent sends is kept for the team to read."""
        if self.agent is None:
            return
        try:
            await database_call(record_agent_message)(
                agent=self.agent, code=self.code, text=raw, outcome=outcome
            )
        except faults.OUTAGES as error:  # the answer went out; only the audit line is missed
            log.warning("agent %s message not kept: %s: %s", self.agent.pk, type(error).__name__, error)

    async def on_join(self, message: client.Join) -> str:
        """Take a free helper seat at a private table that allows agents."""
        if self.table_id is not None:
            raise Refusal(Code.MALFORMED_MESSAGE)
        seated = await database_call(agent_join)(
            agent=self.agent, code=message.code, ip=scope_address(self.scope)
        )
        table = seated.table
        self.code, self.table_id = table.code, table.pk
        self.seat_group = agent_seat_group(self.table_id, self.agent.pk)
        async with self.holding():
            # In the groups before the welcome is read: nothing committed after the read is missed.
            await self.channel_layer.group_add(table_group(self.table_id), self.channel_name)
            await self.channel_layer.group_add(self.seat_group, self.channel_name)
            welcome = await database_call(snapshots.welcome)(table_id=table.pk, agent=self.agent)
            if welcome is None:
                await self.turn_away(Close.NOT_SEATED)
                return "closed_not_seated"
            del welcome["table_id"]
            await self.send_json(welcome)
            self.welcomed(welcome)
        return "ok"

    async def on_leave(self, message: client.Leave) -> str:
        """Leave before the deal (afterwards the seat stays and R16 answers for it)."""
        if self.table_id is None:
            raise Refusal(Code.NOT_SEATED)
        await database_call(agent_leave)(agent=self.agent, code=self.code)
        await self.close()
        return "ok"

    async def socket_replaced(self, message: dict) -> None:
        """The token opened more sockets than allowed: this one, the oldest, gives way."""
        if not self.closed:
            await self.refuse(Close.REPLACED, "too many sockets for one agent token")

    async def revoked(self, event: dict) -> None:
        """Approval withdrawn or token revoked: the socket closes at once (JagAI has its seat)."""
        if not self.closed:
            await self.refuse(Close.SIGNED_OUT, "agent withdrawn or token revoked")
