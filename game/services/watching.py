"""Watchers: a signed-in member with a private table's code who follows the game instead of
sitting, on their own device, with the public view. Public tables have none (a game among
strangers stays with its players). The host may remove a watcher, who may not watch that table
again. Every watcher socket act asks `live_watcher` afresh."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from game.models import Table, Watcher
from game.protocol import publish
from game.realtime.groups import watcher_group
from game.services.access import check_may_play, find_table
from game.services.authority import require_may_act
from game.services.results import Seated
from game.services.screens import hosted_table, refresh_watched
from game.services.starting import seat_list
from justalllowgod.refusals import Code, Refusal


@transaction.atomic
def watch_table(*, user: User, session_key: str | None, code: str, ip: str = "") -> Seated:
    """Watch a private table by its code (throttled like every code); refused at public tables,
    to the member who sits there, and to one the host removed."""
    check_may_play(user)
    require_may_act(user=user, session_key=session_key)
    found = find_table(code, user=user, ip=ip, tables=Table.objects.unfinished())
    if found is None:
        raise Refusal(Code.NO_SUCH_TABLE, status=404)
    table = Table.objects.select_for_update().get(pk=found.pk)
    if table.is_public:
        raise Refusal(Code.NO_PUBLIC_WATCHERS, status=403)
    if table.seats.filter(user=user).exists():
        raise Refusal(Code.ALREADY_SEATED, status=409)
    watcher, made = Watcher.objects.get_or_create(table=table, user=user)
    if watcher.removed_at is not None:
        raise Refusal(Code.WATCHER_REMOVED, status=403)
    if not made:
        return Seated(table)
    refresh_watched(table)
    return Seated(table, publish.table_update(table, seat_list(table)))


@transaction.atomic
def remove_watcher(*, user: User, session_key: str | None, code: str, watcher_id: int) -> Seated:
    """The host removes a watcher: their sockets close (4410) and they may not watch again."""
    table = hosted_table(user, session_key, code)
    watcher = table.watchers.live().filter(pk=watcher_id).first()
    if watcher is None:
        raise Refusal(Code.NOT_WATCHING, status=404)
    watcher.removed_at = timezone.now()
    watcher.save(update_fields=["removed_at"])
    publish.close_audience_sockets(watcher_group(table.pk, watcher.user_id))
    refresh_watched(table)
    return Seated(table, publish.table_update(table, seat_list(table)))


def stop_watching_on_sitting(table: Table, user: User) -> None:
    """A watcher who takes a seat (join by code or link) watches no more: one row, one way in."""
    if table.watched and table.watchers.live().filter(user=user).delete()[0]:
        refresh_watched(table)


def live_watcher(*, table_id: int, user: User) -> Watcher | None:
    """The member's watcher row at this table, read afresh, if they still watch it."""
    return (
        Watcher.objects.live()
        .select_related("table")
        .filter(table_id=table_id, user=user, table__kind=Table.Kind.PRIVATE)
        .first()
    )
