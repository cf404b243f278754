"""Who may sit down, and the one guarded lookup for naming tables by code.

Every way of naming a table by its code goes through this module: the table page, its QR image,
the join form and join link, the table and watcher sockets, the agent API (`find_table`), and
every button of the table page (`find_seated_table`). tests/game/test_every_code_door.py walks the
URL patterns and socket routes that take a code and proves each one counts a miss here.

A code is a wrong guess unless it names a table the member already has (a seat, or a watcher's
row or request) or an open table they may join: one waiting for players with a free seat. Unknown,
finished, begun and full tables all answer alike (`no_such_table`), and all count: ten in ten
minutes from one member or one agent, and naming any table by code waits (429). The address a
guess came from has a much higher ceiling of its own against scripted guessing, which never stops
a member who has made no wrong guess themselves (a family behind one router, a school, everyone
behind the production proxy). A member's own tables are never a guess and say what they are.

A begun or full private table is reached by its long `invite_token` instead (the QR code and share
link, `find_invited_table`): never a guess, never throttled, so a member who mistyped codes can
still scan their way in, and a watcher needs that link or the host's yes (game/services/watching.py).
"""

from __future__ import annotations

import math
import time

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils.translation import gettext, gettext_lazy, ngettext

from accounts.family import parent_keeps_from_tables
from accounts.models import Agent, User
from game import codes
from game.models import Seat, Table, TableQuerySet, asking_since
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal


def check_may_play(user: User) -> None:
    """Members need a gamer tag, and an account no reviewer has restricted."""
    if not user.is_authenticated:
        raise Refusal(Code.SIGN_IN, gettext("Please sign in to play."))
    if not user.gamer_tag:
        raise Refusal(Code.CHOOSE_TAG, gettext("Choose a gamer tag before your first table."))
    restriction = user.restriction()
    if restriction is not None:
        raise Refusal(Code.RESTRICTED, restriction.message)
    away = parent_keeps_from_tables(user)  # a restricted parent never plays on through a child
    if away is not None:
        raise Refusal(Code.RESTRICTED, away)


def check_guest_may_sit(user: User, table: Table) -> None:
    """A guest sits only where they sit already, or at a Play again table of one they sat at; a
    class's child only where their leader seated them."""
    if not (user.is_guest or user.is_class_child):
        return
    if table.seats.filter(user=user).exists():
        return
    if user.is_guest and table.previous_id is not None and table.previous.seats.filter(user=user).exists():
        return
    raise Refusal(Code.GUEST_ELSEWHERE if user.is_guest else Code.IN_A_CLASS)


def refuse_guests(user: User) -> None:
    """For acts a guest or a class's child never does: open a table, Play now, watch."""
    if user.is_authenticated and user.is_guest:
        raise Refusal(Code.GUEST_ELSEWHERE)
    if user.is_authenticated and user.is_class_child:
        raise Refusal(Code.IN_A_CLASS)


FAMILY_TABLES_ONLY = gettext_lazy(
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
        raise Refusal(Code.FAMILY_TABLES_ONLY, FAMILY_TABLES_ONLY)


def _guesser_key(user: User | None, agent: Agent | None) -> str:
    """Whose wrong codes these are: an agent's, or a member's; a family's child's count as their
    parent's, so a family shares one allowance and children made and deleted are no way round it."""
    if agent is not None:
        return f"code-guess:agent:{agent.pk}"
    # A guest's or a class child's count as their own: anyone with an invite link (or a class
    # code) can be one, and must not spend their host's or leader's allowance.
    family = getattr(user, "is_child", False) and not getattr(user, "is_class_child", False)
    return f"code-guess:member:{user.managed_by_id if family else user.pk}"


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
    if member and left == 1:
        words = gettext(
            "Too many wrong codes. Typing a code works again in about a minute. "
            "The QR code or link from the host works now."
        )
    elif member:
        words = ngettext(
            "Too many wrong codes. Typing a code works again in about %(minutes)s minute. "
            "The QR code or link from the host works now.",
            "Too many wrong codes. Typing a code works again in about %(minutes)s minutes. "
            "The QR code or link from the host works now.",
            left,
        ) % {"minutes": left}
    elif left == 1:
        words = gettext("Too many wrong codes. Joining by code works again in about a minute.")
    else:
        words = ngettext(
            "Too many wrong codes. Joining by code works again in about %(minutes)s minute.",
            "Too many wrong codes. Joining by code works again in about %(minutes)s minutes.",
            left,
        ) % {"minutes": left}
    return Refusal(Code.TOO_MANY_TRIES, words)


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


def _own_table(queryset: TableQuerySet, normal: str, user: User | None, agent: Agent | None) -> Table | None:
    """The newest table with this code that is already theirs: a seat, or a watcher's row."""
    if agent is not None:
        return queryset.by_code(normal).filter(seats__agent=agent).first()
    if user is None or not user.is_authenticated:
        return None
    seated = queryset.by_code(normal).filter(seats__user=user).first()
    if seated is not None:
        return seated
    return queryset.by_code(normal).filter(watcher_rows_of(user)).unfinished().first()


def watcher_rows_of(user: User) -> Q:
    """The tables a member's watcher row makes theirs: one they watch, one they ask to watch (while
    the request stands, or the table still waits), and one whose host said no while it waits (to
    read the answer). A lapsed or refused asker learns nothing of a game once it has begun."""
    since = asking_since()
    waiting = Q(status=Table.Status.WAITING)
    mine = Q(watchers__user=user)
    watching = Q(watchers__approved_at__isnull=False, watchers__removed_at__isnull=True)
    asking = Q(watchers__approved_at__isnull=True, watchers__removed_at__isnull=True) & (
        Q(watchers__asked_at__gt=since) | waiting
    )
    return mine & (watching | asking | (Q(watchers__removed_at__isnull=False) & waiting))


def _open_to_join(queryset: TableQuerySet, normal: str) -> Table | None:
    """The table with this code that anyone may still sit at: waiting, with a free seat (a class's
    table is none: its leader seats its children)."""
    table = queryset.filter(status=Table.Status.WAITING, led=False).by_code(normal).first()
    if table is None or table.seats.count() >= table.seat_count:
        return None
    return table


def _missed(user: User | None, agent: Agent | None, ip: str) -> None:
    """A code that names nothing of theirs: refused if they guessed too often, else counted."""
    require_not_throttled(user=user, agent=agent, ip=ip)
    count_wrong_code(user=user, agent=agent, ip=ip)


def find_table(
    code: str,
    *,
    user: User | None = None,
    agent: Agent | None = None,
    ip: str = "",
    tables: TableQuerySet | None = None,
) -> Table | None:
    """The table with this code, looked up for a member or an agent, throttled.

    Their own table (a seat at any time, a watcher's row while it is open) is found without a
    check. Otherwise a throttled guesser is refused (429) before the lookup, so a right code
    teaches them nothing, and a code naming no table open to join returns None and counts as a
    wrong guess, whether it names no table at all, a finished one, a begun one or a full one.
    """
    normal = codes.normalize(code)
    queryset = Table.objects.all() if tables is None else tables
    if not codes.is_well_formed(normal):
        _missed(user, agent, ip)
        return None
    mine = _own_table(queryset, normal, user, agent)
    if mine is not None:
        return mine
    require_not_throttled(user=user, agent=agent, ip=ip)
    table = _open_to_join(queryset, normal)
    if table is None:
        count_wrong_code(user=user, agent=agent, ip=ip)
    return table


def find_seated_table(
    code: str,
    *,
    user: User | None = None,
    agent: Agent | None = None,
    ip: str = "",
    tables: TableQuerySet | None = None,
    or_watching: bool = False,
) -> Table:
    """For a table's buttons: the newest table with this code where they sit, any status (or, with
    `or_watching`, an open one they watch). Any other code is a counted wrong guess with the same
    answer as the join form's."""
    normal = codes.normalize(code)
    queryset = Table.objects.all() if tables is None else tables
    seated = Q(seats__agent=agent) if agent is not None else Q(seats__user=user)
    table = None
    if codes.is_well_formed(normal) and (agent is not None or getattr(user, "is_authenticated", False)):
        table = queryset.by_code(normal).filter(seated).first()
        if table is None and or_watching and agent is None:
            live = Q(
                watchers__user=user, watchers__approved_at__isnull=False, watchers__removed_at__isnull=True
            )
            table = queryset.unfinished().by_code(normal).filter(live).first()
    if table is None:
        _missed(user, agent, ip)
        raise Refusal(Code.NO_SUCH_TABLE)
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
    return queryset.unfinished().filter(invite_token=token, led=False).first()


# Play again links each table to the one it made; a chain this long is a loop or a script.
FOLLOW_AT_MOST = 100


def follow_invitation(token: str) -> tuple[Table | None, Table | None]:
    """For an invite link whose table is over: the table it named (any status, or None if it never
    named one) and the newest table Play again made from it, along `next_table`, if that one is
    still open (else None). Not counted, as find_invited_table: the token is no guess."""
    token = (token or "").strip()
    named = Table.objects.filter(invite_token=token).first() if token else None
    newest = named
    for _ in range(FOLLOW_AT_MOST if named is not None else 0):
        following = Table.objects.filter(previous=newest).first()
        if following is None:
            break
        newest = following
    if newest is named or newest is None or not newest.is_open:
        return named, None
    return named, newest


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
