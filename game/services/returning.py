"""R40: at a private table the host lets a member who left (or whose seat JagAI took after missed
turns) back into that same seat while the game runs; it is theirs again from its next turn."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from game import engine
from game.models import Game, Seat, Table
from game.services.authority import require_may_act
from game.services.recording import Step, record
from game.services.results import LetBack
from game.store import lock_game
from justalllowgod.lib.refusals import Code, Refusal

# Our own refusals; the engine's (twice already, not taken over, an old game) have the move table's words.
WORDS = {
    "public_table": _("Public tables never take anyone back."),
    "host_left": _("You left this game, so you can't let anyone back in."),
    "not_a_member": _("That seat isn't a member's, so there is nobody to let back in."),
    "member_restricted": _("That member's account is paused, so they can't come back to the table."),
}


@transaction.atomic
def let_back_in(*, host: User, table: Table, seat: int, session_key: str | None = None) -> LetBack:
    """The host lets the member of `seat` back in. Everything is checked again under the locks:
    the host's session and account, their table, private and playing, their own seat still theirs,
    the member's account unrestricted, and the engine's R40 (taken over, at most twice)."""
    try:
        game, table, seats = lock_game(table.pk)
    except Game.DoesNotExist:  # not dealt yet
        raise Refusal(Code.NOT_PLAYING) from None
    require_may_act(user=host, session_key=session_key)  # after the locks: a sign-out meanwhile counts
    mine = next((s for s in seats if s.user_id == host.pk), None)
    if table.host_id != host.pk or mine is None:
        raise Refusal(Code.NOT_HOST)
    if table.is_public:
        raise Refusal(Code.PUBLIC_TABLE, WORDS["public_table"])
    if table.status != Table.Status.PLAYING:
        raise Refusal(Code.NOT_PLAYING)
    if mine.left_at is not None:
        raise Refusal(Code.HOST_LEFT, WORDS["host_left"])
    _require_member_seat(seats, seat)
    state = engine.from_json(game.state)
    move = {"let_back": {"seat": seat}}
    try:
        new, events = engine.apply_server(state, move)
    except engine.IllegalMove as refusal:
        raise Refusal(refusal.code, refusal.words) from None
    # record() marks the seat theirs again (left_at cleared) and tells the table after commit.
    return LetBack(game, record(game, table, seats, new, events, Step(seat=None, move=move)))


def _require_member_seat(seats: list[Seat], position: int) -> None:
    """The seat at `position` is a member's, whose account may still play."""
    seat = next((s for s in seats if s.position == position), None)
    if seat is None or seat.user_id is None:
        raise Refusal(Code.NOT_A_MEMBER, WORDS["not_a_member"])
    member = User.objects.get(pk=seat.user_id)
    if not member.is_active or member.restriction() is not None:
        raise Refusal(Code.MEMBER_RESTRICTED, WORDS["member_restricted"])


def may_ask_to_come_back(*, table: Table, user: User) -> bool:
    """For the page a member who left lands on: could the host let them back in now (R40)?"""
    seat = table.seats.filter(user=user).values_list("position", flat=True).first()
    game = Game.objects.filter(table=table).only("state").first()
    if table.is_public or table.status != Table.Status.PLAYING or seat is None or game is None:
        return False
    if user.restriction() is not None:
        return False  # the host could not let them back (let_back_in refuses member_restricted)
    state = engine.from_json(game.state)
    try:
        engine.apply_server(state, {"let_back": {"seat": seat}})
    except engine.IllegalMove:
        return False
    return True
