"""Approved AI agents: approval, tokens shown once and stored hashed, and withdrawal."""

from __future__ import annotations

import hashlib
import secrets

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from accounts.models import Agent, User

TOKEN_PREFIX = "jag_"

# Sent inside the transaction that withdraws an agent's approval or revokes its token; the game app
# hands its seats to JagAI there (R38), which accounts, a layer below game, cannot call itself.
agent_withdrawn = Signal()


def agent_group(agent_id: int) -> str:
    """Every socket of one agent, so withdrawal can close them at once."""
    return f"agent-{agent_id}"


def hash_token(token: str) -> str:
    """Tokens are long and random, so one round of SHA-256 is enough to keep them safe at rest."""
    return hashlib.sha256(token.encode()).hexdigest()


def agent_for_token(token: str) -> Agent | None:
    """The approved agent holding this token, or None."""
    if not token or not token.startswith(TOKEN_PREFIX):
        return None
    return Agent.objects.approved().filter(token_hash=hash_token(token)).first()


def _disconnect(agent: Agent) -> None:
    layer = get_channel_layer()
    if layer is not None:
        group = agent_group(agent.pk)
        transaction.on_commit(lambda: async_to_sync(layer.group_send)(group, {"type": "revoked"}))


@transaction.atomic
def approve_agent(*, agent: Agent, by: User) -> Agent:
    """The team approves an agent; it may then sit in helper seats."""
    agent.approved_at, agent.approved_by, agent.withdrawn_at = timezone.now(), by, None
    agent.save(update_fields=["approved_at", "approved_by", "withdrawn_at"])
    return agent


@transaction.atomic
def withdraw_agent(*, agent: Agent) -> Agent:
    """Withdraw approval: the agent is disconnected at once and cannot come back."""
    agent.withdrawn_at = timezone.now()
    agent.save(update_fields=["withdrawn_at"])
    agent_withdrawn.send(sender=Agent, agent=agent)
    _disconnect(agent)
    return agent


@transaction.atomic
def issue_token(*, agent: Agent) -> str:
    """A new token, returned once; any earlier token stops working."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    had_token = bool(agent.token_hash)
    agent.token_hash, agent.token_issued_at = hash_token(token), timezone.now()
    agent.save(update_fields=["token_hash", "token_issued_at"])
    if had_token:
        _disconnect(agent)
    return token


@transaction.atomic
def revoke_token(*, agent: Agent) -> Agent:
    """Revoke the token: the agent is disconnected at once."""
    agent.token_hash, agent.token_issued_at = "", None
    agent.save(update_fields=["token_hash", "token_issued_at"])
    agent_withdrawn.send(sender=Agent, agent=agent)
    _disconnect(agent)
    return agent
