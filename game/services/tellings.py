"""The words of each notice (issue 32): the table by its code and its host's gamer tag (a nudge: the
tag of who asked), where the link leads, and never a card, a hand or anyone's name beyond their tag."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.urls import reverse
from django.utils import dateformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from game.models import Game, Table
from game.protocol import publish
from game.services.starting import seat_list
from justalllowgod.lib.site_address import absolute_url
from notices.models import Notice
from notices.telling import Telling


def telling_for(table: Table, kind: Notice.Kind, *, asked_by: str = "") -> Telling:
    """What a notice of `kind` about `table` says; a nudge names who asked, by their tag. Each
    sentence is whole for translators (the host and the code are its placeholders); it is said in
    the language active now (the clock sends it in its member's own: turn_notices.send_pending)."""
    url = absolute_url(reverse("table", args=[table.code]))
    named = {"host": table.host.gamer_tag, "code": table.code}
    kind = Notice.Kind(kind)
    # The title names the host as well as the code: it is also the turn mail's subject.
    if kind is Notice.Kind.YOUR_TURN:
        title = _("Your turn at %(host)s's table %(code)s") % named
        body = _("%(host)s's table %(code)s is waiting for you.") % named
    elif kind is Notice.Kind.NUDGE:
        # Who asked, by their tag (issue 46); a nudge from before that was kept says "Someone".
        title = _("Your turn at %(host)s's table %(code)s") % named
        if asked_by:
            body = _("%(tag)s says it's your turn at table %(code)s.") % {"tag": asked_by, "code": table.code}
        else:
            body = _("Someone at %(host)s's table %(code)s says it's your turn.") % named
    elif kind is Notice.Kind.ENDING_SOON:
        ends = ends_on(table)
        title = _("Table %(code)s ends soon") % named
        body = _(
            "Nobody has moved at %(host)s's table %(code)s for a while. It ends on %(day)s unless someone plays."
        ) % (named | {"day": dateformat.format(ends, "l j F")})
    else:
        title = _("JagAI plays your seat at %(code)s") % named
        days = settings.GAME_HAND_OVER_DAYS
        body = ngettext(
            "You hadn't moved at %(host)s's table %(code)s for %(days)s day, so the host let JagAI "
            "play your seat. The host can let you back in.",
            "You hadn't moved at %(host)s's table %(code)s for %(days)s days, so the host let JagAI "
            "play your seat. The host can let you back in.",
            days,
        ) % (named | {"days": days})
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
