"""The agent API: approved AI agents sit in helper seats over /ws/agent/, with a bearer token. One
owner: its state in `AgentState`, one `match` over what the agent sends, its delivery held."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from accounts.agents import agent_for_token, agent_group, hash_token
from accounts.models import Agent
from game.protocol.client import ClientMessage, Hello, Join, Leave, Malformed, Move, Ping
from game.protocol.messages import agent_hello
from game.protocol.types import ClientType
from game.realtime import budgets, faults, frames
from game.realtime.database import database_call
from game.realtime.frames import WHO_KEY
from game.realtime.groups import agent_seat_group, table_group
from game.services import snapshots
from game.services.agents import agent_join, agent_leave, record_agent_message
from game.sockets import answers, open_sockets, seats
from game.sockets.base import ServerSocket
from game.sockets.closing import Close
from justalllowgod.lib.addresses import scope_address
from justalllowgod.lib.logs import note_agent
from justalllowgod.lib.refusals import Code, Refusal

log = logging.getLogger(__name__)

# What an agent's socket takes; anything else is `unknown_type`. A move or a hello needs a table.
TAKES = frozenset({ClientType.HELLO, ClientType.MOVE, ClientType.PING, ClientType.JOIN, ClientType.LEAVE})


def bearer_token(scope: dict) -> str:
    """The token in an `Authorization: Bearer <token>` header, or ""."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"authorization":
            kind, _, token = value.decode("latin-1").partition(" ")
            if kind.lower() == "bearer":
                return token.strip()
    return ""


@dataclass
class AgentState:
    """One agent's socket: who it is, and the table it joined, if any."""

    agent: Agent | None = None
    # The key its token's open sockets are counted under (game/sockets/open_sockets.py).
    sockets_key: str = ""
    code: str = ""
    table_id: int | None = None
    seat_group: str | None = None
    who: dict[str, Any] = field(default_factory=dict)
    # Checked again at every move: the same token, still approved.
    credentials: dict[str, Any] = field(default_factory=dict)
    device_id: str | None = None


class AgentConsumer(ServerSocket):
    """One agent's socket: join a table by code, then answer for its helper seat (R19)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.state = AgentState()

    async def connect(self) -> None:
        token, state = bearer_token(self.scope), self.state
        agent = state.agent = await database_call(agent_for_token)(token)
        if agent is None:
            await self.refuse(Close.SIGNED_OUT, "no approved agent with that token")
            return
        self.scope[WHO_KEY] = f"agent {agent.pk}"
        note_agent(self.scope, agent.pk)  # the socket's log lines name the agent
        state.who = {"agent": agent}
        state.credentials = {"agent": agent, "token_hash": hash_token(token)}
        if await budgets.too_many_connects(f"agent {state.credentials['token_hash'][:32]}"):
            await self.refuse(Close.TOO_MANY, "too many new sockets")
            return
        await self.channel_layer.group_add(agent_group(agent.pk), self.channel_name)
        # At most WS_MAX_SOCKETS_PER_AGENT sockets per token: the oldest gives way (4409), as a
        # member's do, so an agent that reconnects after a network drop is never locked out by
        # its own dead socket.
        state.sockets_key = open_sockets.AGENT_KEY.format(state.credentials["token_hash"][:32])
        await open_sockets.opened(self, state.sockets_key, settings.WS_MAX_SOCKETS_PER_AGENT)
        await self.accept()
        await self.delivery.send_json(agent_hello(agent.name))

    async def disconnect(self, code: int) -> None:
        state = self.state
        if state.agent is None:
            return
        await self.channel_layer.group_discard(agent_group(state.agent.pk), self.channel_name)
        if state.sockets_key:
            await open_sockets.closed(state.sockets_key, self.channel_name)
        if state.table_id is not None:
            await self.channel_layer.group_discard(table_group(state.table_id), self.channel_name)
            await self.channel_layer.group_discard(state.seat_group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        raw, value = frames.read(text_data, bytes_data, self.scope)
        outcome = await answers.answer(self, self.state, value, TAKES, self.act)
        await self._keep(raw, outcome)

    async def act(self, message: ClientMessage) -> str | None:
        """What the agent asked, answered (a refusal is raised, and answered by game/sockets/answers.py)."""
        state = self.state
        unseated = state.table_id is None  # a move or a hello needs a table, before its fields count
        match message:
            case Move() | Hello() | Malformed(type=ClientType.MOVE | ClientType.HELLO) if unseated:
                raise Refusal(Code.NOT_SEATED)
            case Malformed(code=code):
                raise Refusal(code)
            case Join(code=code):
                return await self._join(code)
            case Leave():
                return await self._leave()
            case Move():
                return await seats.move(self, state, message)
            case Hello(version=version):
                return await answers.hello(self, version, self.catch_up)
            case Ping():
                await answers.pong(self, await answers.table_version(state.table_id))
            case _:
                raise Refusal(Code.UNKNOWN_TYPE)
        return None

    async def _join(self, code: str) -> str:
        """Take a free helper seat at a private table that allows agents."""
        state = self.state
        if state.table_id is not None:
            raise Refusal(Code.MALFORMED_MESSAGE)
        seated = await database_call(agent_join)(agent=state.agent, code=code, ip=scope_address(self.scope))
        table = seated.table
        state.code, state.table_id = table.code, table.pk
        state.seat_group = agent_seat_group(table.pk, state.agent.pk)
        async with self.delivery.holding():
            # In the groups before the welcome is read: nothing committed after the read is missed.
            await self.channel_layer.group_add(table_group(table.pk), self.channel_name)
            await self.channel_layer.group_add(state.seat_group, self.channel_name)
            welcome = await database_call(snapshots.welcome)(table_id=table.pk, agent=state.agent)
            if welcome is None:
                await self.turn_away(Close.NOT_SEATED)
                return "closed_not_seated"
            del welcome["table_id"]
            await self.delivery.send_json(welcome)
            self.delivery.welcomed(welcome)
        return "ok"

    async def _leave(self) -> str:
        """Leave before the deal (afterwards the seat stays and R16 answers for it)."""
        if self.state.table_id is None:
            raise Refusal(Code.NOT_SEATED)
        await database_call(agent_leave)(agent=self.state.agent, code=self.state.code)
        await self.close()
        return "ok"

    async def _keep(self, raw: str, outcome: str) -> None:
        """Every message an agent sends is kept for the team to read."""
        agent = self.state.agent
        if agent is None:
            return
        try:
            await database_call(record_agent_message)(
                agent=agent, code=self.state.code, text=raw, outcome=outcome
            )
        except faults.OUTAGES as error:  # the answer went out; only the audit line is missed
            log.warning("agent %s message not kept: %s: %s", agent.pk, type(error).__name__, error)

    async def catch_up(self, last: int) -> None:
        await seats.catch_up(self, self.state, last)

    # What the channel layer sends it (besides `relay`, game/sockets/base.py).

    async def seat_taken(self, event: dict) -> None:
        await seats.taken(self, self.state)

    async def socket_replaced(self, event: dict) -> None:
        """The token opened more sockets than allowed: this one, the oldest, gives way."""
        if not self.closed:
            await self.refuse(Close.REPLACED, "too many sockets for one agent token")

    async def revoked(self, event: dict) -> None:
        """Approval withdrawn or token revoked: the socket closes at once (JagAI has its seat)."""
        if not self.closed:
            await self.refuse(Close.SIGNED_OUT, "agent withdrawn or token revoked")

    async def layer_resumed(self, event: dict) -> None:
        """The channel layer is back after an outage: unasked, a catch-up from the last version
        this socket sent, so a move published meanwhile is not missed."""
        if self.live and self.state.table_id is not None:
            await self.catch_up(self.delivery.version_sent)
