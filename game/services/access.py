"""Who may sit down, and the one throttle on naming tables by code.

Every way of naming a table by its code (the table page, its QR image, the join form, the join link,
the table socket, the agent API) goes through `find_table`. A code that names no table is a wrong
guess: ten in ten minutes from one member or one agent, and naming any table by code waits (429).
The address a guess came from has a much higher ceiling of its own against scripted guessing,
which never stops a member who has made no wrong guess themselves (a family behind one router, a
school, everyone behind the production proxy). Naming a table where you already sit is no guess.

Only a table still open (waiting or playing) is found by someone who never sat there: a finished
table's code is as wrong a guess as an unknown one and gets the same answer, so the guess limit
holds however many old tables fill the code space. The QR code and share link name a table by its
long `invite_token` instead (`find_invited_table`): never a guess, never throttled, so a member who
mistyped codes can still scan their way in.
"""

from __future__ import annotations

import math
import time

from django.conf import settings
from django.db.models import QuerySet

from accounts.family import parent_keeps_from_tables
from accounts.models import Agent, User
from game import codes
from game.models import Seat, Table, TableQuerySet
from justalllowgod.limits import limits as cache
from justalllowgod.refusals import Code, Refusal


def check_may_play(user: User) -> None:
    """Members need a gamer tag, and an account no reviewer has restricted."""
    if not user.is_authenticated:
        raise Refusal(Code.SIGN_IN, "Please sign in to play.", status=401)
    if not user.gamer_tag:
        raise Refusal(Code.CHOOSE_TAG, "Choose a gamer tag before your first table.", status=403)
    restriction = user.restriction()
    if restriction is not None:
        raise Refusal(Code.RESTRICTED, restriction.message, status=403)
    away = parent_keeps_from_tables(user)  # a restricted parent never plays on through a child
    if away is not None:
        raise Refusal(Code.RESTRICTED, away, status=403)


FAMILY_TABLES_ONLY = (
    "Your family keeps you to family tables for now. Ask them to switch on Play now, "
    "or join a table by its code."
)


def check_may_play_public(user: User) -> None:
    """A child's account sits at Play now and public tables only if the parent allows it; read from
    the row, locked, inside the act's transaction, so a parent's change counts at once."""
    row = (
        User.objects.select_for_update()
        .filter(pk=user.pk)
        .values_list("managed_by_id", "may_play_public")
        .first()
    )
    if row is not None and row[0] is not None and not row[1]:
        raise Refusal(Code.FAMILY_TABLES_ONLY, FAMILY_TABLES_ONLY, status=403)


def _guesser_key(user: User | None, agent: Agent | None) -> str:
    return f"code-guess:agent:{agent.pk}" if agent is not None else f"code-guess:member:{user.pk}"


def _count(key: str) -> int:
    return cache.get(key) or 0


def _ends_key(key: str) -> str:
    return f"{key}:ends"


def _refusal(key: str, *, member: bool) -> Refusal:
    """429 with when typing a code works again (the counter's window ends then), and for a member
    that the host's QR code or link works now."""
    ends = cache.get(_ends_key(key))
    window = settings.GAME_JOIN_FAILURE_WINDOW_SECONDS
    left = max(1, math.ceil(((ends or time.time() + window) - time.time()) / 60))
    wait = "about a minute" if left == 1 else f"about {left} minutes"
    if member:
        words = f"Too many wrong codes. Typing a code works again in {wait}."
        words += " The QR code or link from the host works now."
    else:
        words = f"Too many wrong codes. Joining by code works again in {wait}."
    return Refusal(Code.TOO_MANY_TRIES, words, status=429)


def require_not_throttled(*, user: User | None = None, agent: Agent | None = None, ip: str = "") -> None:
    """Refuse (429) a member or agent with too many wrong codes of their own, or one with any
    wrong code from an address that has made far too many."""
    key = _guesser_key(user, agent)
    own = _count(key)
    if own >= settings.GAME_JOIN_FAILURE_LIMIT:
        raise _refusal(key, member=agent is None)
    address = f"code-guess:ip:{ip}"
    if own and ip and _count(address) >= settings.GAME_JOIN_FAILURE_ADDRESS_LIMIT:
        raise _refusal(address, member=agent is None)


def _add(key: str) -> None:
    window = settings.GAME_JOIN_FAILURE_WINDOW_SECONDS
    # add() only sets a missing key, so the window starts at the first wrong guess; its end is kept
    # beside it, for the refusal to say when typing works again.
    if cache.add(key, 0, timeout=window):
        cache.set(_ends_key(key), time.time() + window, timeout=window)
    try:
        cache.incr(key)
    except ValueError:
        cache.set(key, 1, timeout=window)


def count_wrong_code(*, user: User | None = None, agent: Agent | None = None, ip: str = "") -> None:
    """Count one wrong code against the member or agent, and against their address."""
    _add(_guesser_key(user, agent))
    if ip:
        _add(f"code-guess:ip:{ip}")


def find_table(
    code: str,
    *,
    user: User | None = None,
    agent: Agent | None = None,
    ip: str = "",
    tables: TableQuerySet | None = None,
) -> Table | None:
    """The newest table with this code, looked up for a member or an agent, throttled.

    A table where they sit is found without a check. Otherwise a throttled guesser is refused
    (429) before the lookup, so a right code teaches them nothing, and a code naming no open table
    (`tables` narrows which count) counts as a wrong guess and returns None, whether it names no
    table at all or only finished ones.
    """
    normal = codes.normalize(code)
    queryset = Table.objects.all() if tables is None else tables
    if not codes.is_well_formed(normal):
        require_not_throttled(user=user, agent=agent, ip=ip)
        count_wrong_code(user=user, agent=agent, ip=ip)
        return None
    seated = {"seats__agent": agent} if agent is not None else {"seats__user": user}
    mine = queryset.by_code(normal).filter(**seated).first()
    if mine is not None:
        return mine
    require_not_throttled(user=user, agent=agent, ip=ip)
    table = queryset.unfinished().by_code(normal).first()
    if table is None:
        count_wrong_code(user=user, agent=agent, ip=ip)
    return table


def find_invited_table(token: str, *, tables: TableQuerySet | None = None) -> Table | None:
    """The open table whose QR code or share link carries this token, or None.

    Not throttled and not counted: the token is far too long to guess, and it is how a member
    who mistyped codes still joins the table they were shown.
    """
    token = (token or "").strip()
    if not token:
        return None
    queryset = Table.objects.all() if tables is None else tables
    return queryset.unfinished().filter(invite_token=token).first()


def table_for_socket(*, code: str, user: User, ip: str = "") -> tuple[int | None, bool]:
    """For a member's table socket: the table's id (None for no such table) and whether they sit
    there. A seat JagAI plays now (left, missed turns, R38) is not theirs while the game runs
    (`left_at`, kept by game.services.recording); once it ends they may replay it (R33). Raises
    the throttle's 429 like any other way of naming a table."""
    table = find_table(code, user=user, ip=ip)
    if table is None:
        return None, False
    return table.pk, still_theirs(table.seats.filter(user=user), table.status).exists()


def still_theirs(seats: QuerySet[Seat], status: str) -> QuerySet[Seat]:
    """The seats among these that are still their member's or agent's: while the table plays, a
    seat JagAI took (`left_at` set, R38) is not, and nothing of it reaches them; before the deal
    and after the end, every one is. The table socket's door, its welcome and every catch-up
    (game/realtime/snapshots.py) ask this, each in its own read, so a takeover that commits
    between two of them still counts at the next."""
    return seats.filter(left_at__isnull=True) if status == Table.Status.PLAYING else seats
