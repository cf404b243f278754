"""Watchers: a signed-in member who follows a private table instead of sitting, on their own
device, with the public view. Public tables have none (a game among strangers stays with its
players).

Four letters are guessable, so the code alone never lets anyone watch (issue 49): a member watches
by the table's invite link (the QR code or share link, `watch_by_invitation`), or asks by the code
and waits for the host's yes (`ask_to_watch`, answered by `answer_request`; a request lapses after
GAME_WATCH_ASK_SECONDS). A child whose parent sits at the table is let in at once: the parent's
seat is their leave. The host may say no or remove a watcher, who may not watch that table again.
Every watcher socket act asks `live_watcher` afresh.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from game.models import Table, Watcher, asking_since
from game.protocol import publish
from game.realtime.groups import watcher_group
from game.services.access import check_may_play, find_invited_table, find_table, refuse_guests
from game.services.authority import require_may_act
from game.services.results import Seated
from game.services.screens import hosted_table, refresh_watched
from game.services.starting import seat_list
from justalllowgod.lib.refusals import Code, Refusal


@transaction.atomic
def ask_to_watch(*, user: User, session_key: str | None, code: str, ip: str = "") -> Seated:
    """By the code: ask the host to watch (a counted guess like every code); a child whose parent
    sits there watches at once."""
    check_may_play(user)
    refuse_guests(user)  # a guest plays at their host's table and watches none
    require_may_act(user=user, session_key=session_key)
    found = find_table(code, user=user, ip=ip, tables=Table.objects.unfinished())
    if found is None:
        raise Refusal(Code.NO_SUCH_TABLE)
    return _watch(user, found, invited=False)


@transaction.atomic
def watch_by_invitation(*, user: User, session_key: str | None, token: str) -> Seated:
    """By the table's invite link (never a guess): the host shared it, so no question is asked."""
    check_may_play(user)
    refuse_guests(user)  # a guest plays at their host's table and watches none
    require_may_act(user=user, session_key=session_key)
    found = find_invited_table(token)
    if found is None:
        raise Refusal(Code.NO_SUCH_TABLE)
    return _watch(user, found, invited=True)


def _parent_sits_there(table: Table, user: User) -> bool:
    return user.managed_by_id is not None and table.seats.filter(user_id=user.managed_by_id).exists()


def _watch(user: User, found: Table, *, invited: bool) -> Seated:
    table = Table.objects.select_for_update().get(pk=found.pk)
    if table.is_public:
        raise Refusal(Code.NO_PUBLIC_WATCHERS)
    if table.watching_off_at is not None:
        raise Refusal(Code.WATCHING_OFF)
    if table.seats.filter(user=user).exists():
        raise Refusal(Code.ALREADY_SEATED)
    watcher, _ = Watcher.objects.get_or_create(table=table, user=user)
    if watcher.removed_at is not None:
        raise Refusal(Code.WATCHER_REMOVED)
    now = timezone.now()
    if watcher.approved_at is not None:
        return Seated(table)
    if invited or _parent_sits_there(table, user):
        watcher.approved_at = now
        watcher.save(update_fields=["approved_at"])
    elif watcher.asked_at is not None and watcher.asked_at > asking_since(now):
        return Seated(table)  # still waiting for the host: asking again tells them nothing new
    else:  # by the code, so the table waits (access.find_table finds no begun one to ask at)
        watcher.asked_at = now
        watcher.save(update_fields=["asked_at"])
    refresh_watched(table)
    return Seated(table, publish.table_update(table, seat_list(table)))


@transaction.atomic
def answer_request(*, user: User, session_key: str | None, code: str, watcher_id: int, yes: bool) -> Seated:
    """The host's "Let her watch" or "No" to a request that has not lapsed."""
    table = hosted_table(user, session_key, code)
    watcher = table.watchers.asking(asking_since()).select_for_update().filter(pk=watcher_id).first()
    if watcher is None:
        raise Refusal(Code.NO_SUCH_REQUEST)
    if yes:
        watcher.approved_at = timezone.now()
        watcher.save(update_fields=["approved_at"])
    else:
        watcher.removed_at = timezone.now()
        watcher.save(update_fields=["removed_at"])
    refresh_watched(table)
    return Seated(table, publish.table_update(table, seat_list(table)))


def request_state(*, table_id: int, user: User) -> str:
    """How the member stands: "watching", "asking", "refused", "lapsed" or "none" (never asked)."""
    watcher = Watcher.objects.filter(table_id=table_id, user=user).first()
    if watcher is None:
        return "none"
    if watcher.removed_at is not None:
        return "refused"
    if watcher.approved_at is not None:
        return "watching"
    if watcher.asked_at is not None and watcher.asked_at > asking_since():
        return "asking"
    return "lapsed"


@transaction.atomic
def set_watching(*, user: User, session_key: str | None, code: str, allowed: bool) -> Seated:
    """The host turns watching off (those watching or asking are sent away, their sockets closing
    4410, and nobody new may watch or ask) or on again (anyone may ask or use the link again, a
    member the host removed or said no to excepted)."""
    table = hosted_table(user, session_key, code)
    if table.is_public:
        raise Refusal(Code.NO_PUBLIC_WATCHERS)
    if allowed == (table.watching_off_at is None):
        return Seated(table)
    table.watching_off_at = None if allowed else timezone.now()
    table.save(update_fields=["watching_off_at"])
    if not allowed:
        for watcher in table.watchers.filter(removed_at__isnull=True):
            publish.close_audience_sockets(watcher_group(table.pk, watcher.user_id))
        table.watchers.filter(removed_at__isnull=True).delete()
        refresh_watched(table)
    return Seated(table, publish.table_update(table, seat_list(table)))


@transaction.atomic
def remove_watcher(*, user: User, session_key: str | None, code: str, watcher_id: int) -> Seated:
    """The host removes a watcher: their sockets close (4410) and they may not watch again."""
    table = hosted_table(user, session_key, code)
    watcher = table.watchers.live().filter(pk=watcher_id).first()
    if watcher is None:
        raise Refusal(Code.NOT_WATCHING)
    watcher.removed_at = timezone.now()
    watcher.save(update_fields=["removed_at"])
    publish.close_audience_sockets(watcher_group(table.pk, watcher.user_id))
    refresh_watched(table)
    return Seated(table, publish.table_update(table, seat_list(table)))


def stop_watching_on_sitting(table: Table, user: User) -> None:
    """A watcher (or asker) who takes a seat watches no more: one row, one way in."""
    if table.watchers.filter(user=user, removed_at__isnull=True).delete()[0]:
        refresh_watched(table)


def live_watcher(*, table_id: int, user: User) -> Watcher | None:
    """The member's watcher row at this table, read afresh, if they still watch it."""
    return (
        Watcher.objects.live()
        .select_related("table")
        .filter(table_id=table_id, user=user, table__kind=Table.Kind.PRIVATE)
        .first()
    )
