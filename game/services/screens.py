"""A table on the living-room TV: the host's big-screen link, and who may follow it.

The host makes the screen (`show_on_screen`): a link with a long random secret, or a TV that shows
a short code at /tv/ and holds a secret of its own (game/services/pairing.py). Of either secret only
the SHA-256 is kept (`TableScreen`); it shows the public view with no sign-in. A table has at most
one live screen: a new one turns the old one off. The link follows the table through Play again
(`follow_play_again`), and stops working when the host turns it off, when the host ends the game
early (R23, `turn_off_at_end`), or GAME_SCREEN_AFTER_END_SECONDS after a game finished with nobody
tapping Play again (the podium stays up meanwhile). Every socket act asks `live_screen` afresh.

Unknown secrets are guesses: GAME_SCREEN_GUESS_LIMIT from one address in the window and that
address's next unknown secret waits (429). A right secret is never refused for its address's
guesses: it is 256 bits, so counting misses is enough, and one child on a school network cannot
lock the class out. A public table has no screen (its players are strangers), and a screen follows
Play again only to a table its maker hosts or sits at; the host of that table sees it and may turn
it off.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.models import User
from game.models import Table, TableScreen
from game.protocol import publish
from game.protocol.types import Addressed
from game.realtime.groups import screen_group
from game.services.authority import require_may_act
from justalllowgod.lib.limits import count
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal


@dataclass(frozen=True)
class Shown:
    """A screen made: its table, the screen, and a link's secret (shown to the host once, never
    stored; empty for a paired TV, whose secret only the TV has)."""

    table: Table
    secret: str
    messages: list[Addressed] = field(default_factory=list)
    screen: TableScreen | None = None


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def hosted_table(user: User, session_key: str | None, code: str) -> Table:
    """The table with this code that the member hosts and still sits at, locked; refused otherwise."""
    require_may_act(user=user, session_key=session_key)
    table = Table.objects.select_for_update().by_code(code).filter(seats__user=user).first()
    if table is None:
        raise Refusal(Code.NOT_SEATED)
    if table.host_id != user.pk:
        raise Refusal(Code.NOT_HOST)
    return table


def refresh_watched(table: Table) -> None:
    """Keep `Table.watched` true while a live screen or watcher follows it, or a member asks the
    host to watch (the table row is locked by the caller). A request that lapses unanswered leaves
    it set until the table's next screen or watcher change: it then costs only the public view."""
    following = table.watchers.filter(removed_at__isnull=True).exclude(approved_at=None, asked_at=None)
    watched = table.screens.live().exists() or following.exists()
    if watched != table.watched:
        table.watched = watched
        table.save(update_fields=["watched"])


def turn_off(table: Table, made_by: User | None = None) -> None:
    now = timezone.now()
    live = table.screens.live()
    for screen in live if made_by is None else live.filter(made_by=made_by):
        screen.revoked_at = now
        screen.save(update_fields=["revoked_at"])
        publish.close_audience_sockets(screen_group(screen.pk))


@transaction.atomic
def show_on_screen(*, user: User, session_key: str | None, code: str, paired_hash: str = "") -> Shown:
    """The host's "Show on TV": a new screen for the table (the old one stops working). With no
    `paired_hash` it is a link whose new secret the host is shown once; with one it is the TV that
    showed the code the host typed, and the hash is of the secret that TV holds (pairing.py)."""
    table = hosted_table(user, session_key, code)
    if table.is_public:
        raise Refusal(Code.NO_PUBLIC_SCREENS)
    if not table.is_open:
        raise Refusal(Code.TABLE_FINISHED)
    turn_off(table)
    secret = "" if paired_hash else secrets.token_urlsafe(32)
    screen = TableScreen.objects.create(
        table=table, made_by=user, secret_hash=paired_hash or secret_hash(secret)
    )
    refresh_watched(table)
    return Shown(table, secret, screen=screen)


@transaction.atomic
def turn_screen_off(*, user: User, session_key: str | None, code: str) -> Table:
    """The host's "Turn the big screen off": the link stops working and its screen goes dark now."""
    table = hosted_table(user, session_key, code)
    turn_off(table)
    refresh_watched(table)
    return table


def turn_off_at_end(table: Table) -> None:
    """In the act that ended the game early (R23): the table's screens are turned off with it."""
    if table.watched:
        turn_off(table)
        refresh_watched(table)


def turn_off_made_by(table: Table, user: User) -> None:
    """In the act where a member leaves the table (locked): the screens they made of it go dark, as
    a screen shows nothing its maker does not sit at."""
    if table.watched and table.screens.live().filter(made_by=user).exists():
        turn_off(table, made_by=user)
        refresh_watched(table)


def follow_play_again(previous: Table, following: Table, user: User) -> None:
    """In Play again's transaction, as `user` opens or joins the next table: the screens they made
    for the finished table now show the next one (only theirs: a screen goes nowhere its maker
    does not sit). The host of the next table sees it in the table's `screen_on`."""
    if following.is_public:
        return
    moved = previous.screens.live().filter(made_by=user).update(table=following)
    if moved:
        refresh_watched(previous)
        refresh_watched(following)


def is_live(table: Table, now=None) -> bool:
    """Whether a screen of this table still shows it: while it waits or plays, and for a while after
    its game finished (the podium), never once the host ended it early."""
    if table.is_open:
        return True
    if table.status != Table.Status.FINISHED or table.finished_at is None:
        return False
    after = timedelta(seconds=settings.GAME_SCREEN_AFTER_END_SECONDS)
    return (now or timezone.now()) < table.finished_at + after


def _guess_key(ip: str) -> str:
    return f"screen-guess:ip:{ip}"


LINK_GUESSES = gettext_lazy("Too many big-screen links that don't work from here. Please wait ten minutes.")


def require_not_throttled(ip: str, words: str = LINK_GUESSES) -> None:
    """Refuse (429) an address that sent too many secrets (or TV codes) that open no screen."""
    if ip and (cache.get(_guess_key(ip)) or 0) >= settings.GAME_SCREEN_GUESS_LIMIT:
        raise Refusal(Code.TOO_MANY_TRIES, words)


def count_guess(ip: str) -> None:
    """One more guess from this address: a secret that opened nothing, or a TV code that paired
    nothing (pairing.py counts those here too, so both share one budget)."""
    if not ip:
        return
    count(_guess_key(ip), window=settings.GAME_JOIN_FAILURE_WINDOW_SECONDS)


def find_screen(secret: str, *, ip: str = "") -> TableScreen | None:
    """The screen this secret opens; an unknown secret counts as a guess, refused (429) once its
    address made too many. A right one is always found. A turned-off or dead screen is found (it
    was no guess) but not live: see `live_screen`."""
    screen = TableScreen.objects.select_related("table").filter(secret_hash=secret_hash(secret or "")).first()
    if screen is None:
        require_not_throttled(ip)
        count_guess(ip)
    return screen


def live_screen(screen_id: int) -> TableScreen | None:
    """The screen, read afresh, if it still shows a table now (asked at every socket act)."""
    screen = TableScreen.objects.live().select_related("table").filter(pk=screen_id).first()
    if screen is None or not is_live(screen.table):
        return None
    return screen
