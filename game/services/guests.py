"""Guests at a private table (R41): ask to sit by the invite link, the host's yes or no, where a
guest may sit, and forgetting a guest after their last game.

Only the invite link (the QR or the share link, a long token) lets someone ask: four letters are
guessable. Asking makes the guest's account at once (accounts/guests.py), so the device that asked
holds a session the host can end; the host's no deletes it, and the sweep deletes a guest nobody
let in after a day, and every guest GUEST_KEPT_DAYS after their last game (their seats then read
"a guest"). A guest sits at the table they were let in at and at its Play again tables, and nowhere
else; keeping their games (an email) makes them a member like any other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max, Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from accounts import family, guests
from accounts.language import offered
from accounts.models import Managed, User
from game.models import SitRequest, Table, asking_since
from game.protocol import publish
from game.protocol.types import Addressed
from game.services.access import check_may_play, find_invited_table
from game.services.results import Seated
from game.services.screens import hosted_table
from game.services.starting import seat_list
from game.services.tables import take_seat
from justalllowgod.lib.limits import count
from justalllowgod.lib.refusals import Code, Refusal

# Guests one address may ask for in an hour: a whole family party at home, far fewer than a script.
GUESTS_PER_ADDRESS = 30
# A guest's account and name are kept this long after their last game, then deleted.
GUEST_KEPT_DAYS = 30
# A guest nobody let in is deleted after this long (the request itself lapses within minutes).
UNSEATED_KEPT = timedelta(days=1)


@dataclass(frozen=True)
class Asked:
    """A guest's account, asking to sit at this table, and what the table was told."""

    guest: User
    table: Table
    messages: list[Addressed] = field(default_factory=list)


def _count_guest(ip: str) -> None:
    if count(f"guests-asked:{ip or 'unknown'}", window=3600) > GUESTS_PER_ADDRESS:
        raise Refusal(Code.TOO_MANY_GUESTS)


def _table_taking_guests(token: str) -> Table:
    table = find_invited_table(token, tables=Table.objects.select_for_update())
    if table is None or table.is_public:  # R41: never a public table
        raise Refusal(Code.NO_SUCH_TABLE)
    if table.status != Table.Status.WAITING:
        raise Refusal(Code.ALREADY_STARTED)
    if len(seat_list(table)) >= table.seat_count:
        raise Refusal(Code.TABLE_FULL)
    if not _answers_for_guests(table.host):
        raise Refusal(Code.NOT_TAKING_GUESTS)
    return table


def _answers_for_guests(host: User) -> bool:
    """Only a grown-up member who may play lets guests sit and answers for them: not a child, not a
    guest who came to host the table, not a member kept from tables (whose reason is theirs alone)."""
    if host.is_managed or not host.is_active:
        return False
    try:
        check_may_play(host)
    except Refusal:
        return False
    return True


@transaction.atomic
def ask_to_sit(*, token: str, name: str, ip: str = "", language: str = "") -> Asked:
    """Someone with no account asks, by the invite link, to sit as `name`: their guest account is
    made (managed by the host), reading the language their device read the page in, and the host
    is asked. A name of the wrong shape is a ValidationError; every other "no" a Refusal, and
    nothing is made."""
    table = _table_taking_guests(token)
    _count_guest(ip)
    guest = guests.make_guest(host=table.host, name=name, language=language)
    SitRequest.objects.create(table=table, guest=guest)
    return Asked(guest, table, publish.table_update(table, seat_list(table)))


@transaction.atomic
def ask_again(*, guest: User, token: str) -> Asked:
    """A guest whose request lapsed unanswered asks once more (their name kept); one the game began
    without asks at the table of the link they open now, if the same host opened it (Play again)."""
    table = _table_taking_guests(token)  # the table first, as the host's answer locks it
    guest = User.objects.select_for_update().filter(pk=guest.pk).first()
    if guest is None or not guest.is_guest:
        raise Refusal(Code.NOT_A_GUEST)
    request = SitRequest.objects.select_related("table").filter(guest=guest).first()
    missed = request is not None and request.table.status != Table.Status.WAITING
    if request is None or (
        request.table_id != table.pk and not (missed and table.host_id == guest.managed_by_id)
    ):
        raise Refusal(Code.NO_SUCH_SIT_REQUEST)
    if missed or request.asked_at <= asking_since():
        request.table, request.asked_at = table, timezone.now()
        request.save(update_fields=["table", "asked_at"])
    return Asked(guest, table, publish.table_update(table, seat_list(table)))


@transaction.atomic
def answer_guest(
    *, user: User, session_key: str | None, code: str, request_id: int, yes: bool, language: str = ""
) -> Seated:
    """The host's "Let them sit" or "No" to a guest's request that has not lapsed; with a yes the
    host may say which of the site's languages the guest reads (kept on the guest's account, as a
    parent's choice is on a child's; "" keeps what the guest's device chose)."""
    if language and language not in offered():
        raise Refusal(Code.UNKNOWN_LANGUAGE)
    table = hosted_table(user, session_key, code)
    request = SitRequest.objects.filter(pk=request_id, table=table, asked_at__gt=asking_since()).first()
    asker = User.objects.select_for_update().filter(pk=request.guest_id).first() if request else None
    if request is None or asker is None:
        raise Refusal(Code.NO_SUCH_SIT_REQUEST)
    if not yes:
        if asker.is_guest:
            family.delete_managed(asker)  # their device is signed out; nothing of them is kept
        else:  # they kept their games meanwhile: a member's account is theirs, only the ask goes
            request.delete()
        return Seated(table, publish.table_update(table, seat_list(table)))
    request.delete()
    if language and asker.is_guest and asker.language != language:
        asker.language = language
        asker.save(update_fields=["language"])
    return take_seat(table, asker)


def guest_state(guest: User) -> tuple[str, Table | None]:
    """How a guest stands: "seated" (with the table they sit at, the latest), "asking", "lapsed",
    "missed" (the game began before the host answered) or "gone" (the host said no)."""
    seat = guest.seats.select_related("table").order_by("-table__created_at").first()
    if seat is not None:
        return "seated", seat.table
    request = SitRequest.objects.select_related("table").filter(guest=guest).first()
    if request is None:
        return "gone", None
    if request.table.status != Table.Status.WAITING:
        return "missed", request.table  # the game began without them: the host may Play again
    return ("asking" if request.asked_at > asking_since() else "lapsed"), request.table


def forget_guests(now: datetime | None = None) -> int:
    """Delete every guest whose last game ended GUEST_KEPT_DAYS ago (none still being played), and
    every guest nobody let in after UNSEATED_KEPT. Returns how many went."""
    now = now or timezone.now()
    guests_ = User.objects.filter(managed_as=Managed.GUEST, managed_by__isnull=False)
    playing = Q(
        seats__table__status__in=[Table.Status.WAITING, Table.Status.PLAYING], seats__left_at__isnull=True
    )
    seated = (
        guests_.filter(seats__isnull=False)
        .exclude(pk__in=guests_.filter(playing).values("pk"))
        .annotate(last=Max(Coalesce("seats__table__finished_at", "seats__left_at", "seats__joined_at")))
        .filter(last__lt=now - timedelta(days=GUEST_KEPT_DAYS))
    )
    unseated = guests_.filter(seats__isnull=True, date_joined__lt=now - UNSEATED_KEPT)
    gone = 0
    for pk in {*seated.values_list("pk", flat=True), *unseated.values_list("pk", flat=True)}:
        gone += _forget_one(pk)
    return gone


@transaction.atomic
def _forget_one(pk: int) -> int:
    guest = (
        User.objects.select_for_update()
        .filter(pk=pk, managed_as=Managed.GUEST, managed_by__isnull=False)
        .first()
    )
    if guest is None:  # kept their games (a member now) or gone meanwhile
        return 0
    family.delete_managed(guest)
    return 1
