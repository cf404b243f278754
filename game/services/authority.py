"""Who may act, asked again at every act, inside the act's own transaction.

A socket learns who it is when it connects; this module is how a move, a reaction or a socket's
periodic look asks whether that is still true: the browser session is still signed in as the
member (not signed out, expired, or ended by a password change), the account is active and not
restricted, and an agent is still approved with the token it came with.
"""

from __future__ import annotations

from datetime import datetime
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends import db as db_sessions
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from accounts.family import parent_keeps_from_tables
from accounts.models import Agent, User
from game.store import MemberQuery, member_and_session
from justalllowgod.lib.refusals import Code, Refusal


def _session_store(session_key: str | None) -> Any:
    return import_module(settings.SESSION_ENGINE).SessionStore(session_key)


def _session_data(session_key: str) -> dict:
    """The session's data, or {} when it is missing or expired (a read: nothing is written)."""
    return _session_store(session_key).load()


def _hash_matches(user: User, session_hash: str) -> bool:
    """The session was signed in with the member's current password (or under a fallback key)."""
    if constant_time_compare(session_hash, user.get_session_auth_hash()):
        return True
    return any(
        constant_time_compare(session_hash, user._get_session_auth_hash(secret=fallback))
        for fallback in settings.SECRET_KEY_FALLBACKS
    )


def member_query(user_id: int, session_key: str | None) -> MemberQuery | None:
    """The member's account and live session as one plain statement, when sessions are kept in the
    database (the site's): a move reads it together with its locks (`store.lock_move`). None for
    any other session engine, or no session."""
    store = _session_store(None)
    if type(store) is db_sessions.SessionStore and session_key:
        return MemberQuery(user_id, session_key, timezone.now(), store.get_model_class())
    return None


# What `store.member_and_session` read: the member, and their live session's encoded data.
MemberRead = tuple[User | None, str | None]


def _member_and_session(
    user_id: int, session_key: str | None, read: MemberRead | None = None
) -> tuple[User | None, dict]:
    """The member and their live session's data. With database sessions (the site's) both come
    from one plain statement, read as the store reads it (not expired, decoded and verified by the
    store), or already read with a move's locks (`read`); any other session engine is asked through
    its own store."""
    query = member_query(user_id, session_key)
    if query is not None:
        user, encoded = read if read is not None else member_and_session(query)
        return user, _session_store(None).decode(encoded) if encoded is not None else {}
    user = User.objects.filter(pk=user_id).first()
    return user, (_session_data(session_key) if session_key and user is not None else {})


def member_refusal(
    *, user_id: int, session_key: str | None, read: MemberRead | None = None
) -> Refusal | None:
    """Why this member's browser session may no longer act, or None if it may. `read` is what
    `member_query` read inside the caller's transaction, if it did."""
    user, data = _member_and_session(user_id, session_key, read)
    if user is None or not user.is_active:
        return Refusal(Code.SIGNED_OUT)
    if str(data.get(SESSION_KEY)) != str(user_id) or not _hash_matches(user, data.get(HASH_SESSION_KEY, "")):
        return Refusal(Code.SIGNED_OUT)
    restriction = user.restriction()
    if restriction is not None:
        return Refusal(Code.RESTRICTED, restriction.message)
    away = parent_keeps_from_tables(user)
    if away is not None:
        return Refusal(Code.RESTRICTED, away)
    return None


def agent_refusal(*, agent_id: int, token_hash: str) -> Refusal | None:
    """Why this agent's socket may no longer act, or None: approval withdrawn, token replaced or revoked."""
    agent = Agent.objects.approved().filter(pk=agent_id).only("token_hash").first()
    if agent is None or not agent.token_hash or not constant_time_compare(agent.token_hash, token_hash):
        return Refusal(Code.AGENT_REVOKED)
    return None


def require_may_act(
    *,
    user: User | None = None,
    session_key: str | None = None,
    agent: Agent | None = None,
    token_hash: str = "",
    member_read: MemberRead | None = None,
) -> None:
    """Raise the refusal if whoever is on this socket may no longer act; call it inside the act's
    transaction, after its locks, so a decision committed meanwhile is seen (`member_read`: the
    member's rows as `member_query` read them with the locks)."""
    if agent is not None:
        refusal = agent_refusal(agent_id=agent.pk, token_hash=token_hash)
    elif user is not None:
        refusal = member_refusal(user_id=user.pk, session_key=session_key, read=member_read)
    else:
        refusal = Refusal(Code.SIGNED_OUT)
    if refusal is not None:
        raise refusal


def session_expiry(session_key: str) -> datetime | None:
    """When a database-backed session expires, or None (other session engines are not asked)."""
    get_model = getattr(_session_store(session_key), "get_model_class", None)
    if get_model is None:
        return None
    return get_model().objects.filter(session_key=session_key).values_list("expire_date", flat=True).first()
