"""The words of each notice (issue 32): the table by its code and its host's gamer tag (a nudge: the
tag of who asked), where the link leads, and never a card, a hand or anyone's name beyond their tag."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.urls import reverse

from accounts.models import User
from game.models import Game, Table
from game.protocol import publish
from game.services.starting import seat_list
from justalllowgod.lib.site_address import absolute_url
from notices.models import Notice
from notices.telling import Telling


def table_words(table: Table) -> str:
    """ "Grandma's table KQXT"."""
    return f"{table.host.gamer_tag}'s table {table.code}"


def telling_for(table: Table, kind: Notice.Kind, *, asked_by: str = "") -> Telling:
    """What a notice of `kind` about `table` says; a nudge names who asked, by their tag."""
    url = absolute_url(reverse("table", args=[table.code]))
    where = table_words(table)
    kind = Notice.Kind(kind)
    # The title names the host as well as the code: it is also the turn mail's subject.
    if kind is Notice.Kind.YOUR_TURN:
        title, body = f"Your turn at {where}", f"{where} is waiting for you."
    elif kind is Notice.Kind.NUDGE:
        # Who asked, by their tag (issue 46); a nudge from before that was kept says "Someone".
        said = f"{asked_by} says it's your turn at table {table.code}." if asked_by else None
        title, body = f"Your turn at {where}", said or f"Someone at {where} says it's your turn."
    elif kind is Notice.Kind.ENDING_SOON:
        ends = ends_on(table)
        title = f"Table {table.code} ends soon"
        body = f"Nobody has moved at {where} for a while. It ends on {ends:%A %-d %B} unless someone plays."
    else:
        title = f"JagAI plays your seat at {table.code}"
        body = (
            f"You hadn't moved at {where} for {settings.GAME_HAND_OVER_DAYS} days, so the host let JagAI "
            "play your seat. The host can let you back in."
        )
    return Telling(kind=kind, title=title, body=body, url=url, tag=f"table-{table.code}")


def last_move_at(table: Table):
    """When the table last moved: its game's last decision, or its opening before the deal."""
    since = Game.objects.filter(table=table).values_list("decision_since", flat=True).first()
    return since or table.created_at


def ends_on(table: Table):
    """When an over-days table with no move from now on ends by itself (GAME_IDLE_END_DAYS)."""
    return last_move_at(table) + timedelta(days=settings.GAME_IDLE_END_DAYS)


def ways_changed(*, user: User) -> None:
    """A member's ways of being told changed (mail, a device set up or stopped): each over-days
    table they play at is sent its table message again, so a host's "has no way to be told"
    (game/protocol/messages.py `no_way_to_tell`) is never stale."""
    tables = Table.objects.filter(
        kind=Table.Kind.PRIVATE,
        status=Table.Status.PLAYING,
        over_days=True,
        seats__user=user,
        seats__left_at__isnull=True,
    ).distinct()
    for table in tables:
        publish.table_update(table, seat_list(table))
