"""A TV that pairs: the short code a TV shows at /tv/, typed by the host at their table.

A TV cannot scan a QR code and nobody types a 43-character link with a remote, so the TV asks for a
code (`new_code`): six characters with no look-alikes, good for ten minutes, and with it a fresh
screen secret that only the TV holds (its page keeps it; it is never in a URL the host sees). Only
hashes are kept (`TvPairing`): the code's, keyed with the site's secret, and the screen secret's
SHA-256, which is what `TableScreen` keeps too. The host types the code (`pair_tv`) and the screen
is made by `screens.show_on_screen` with the TV's hash, so every check of the big-screen link holds
(the host, a private table, a game not over). The TV asks how its code stands (`tv_state`) and,
once paired, opens the screen's page with its own secret. A code pairs once.

Six characters are guessable, so a code that pairs nothing is a counted guess: per address in the
same budget as unknown screen secrets, and per member (GAME_SCREEN_GUESS_LIMIT in
GAME_JOIN_FAILURE_WINDOW_SECONDS). A member over their budget is refused every code, a right one too,
or a 429 would tell a guesser which of their codes was right; an address over its budget is refused
only its wrong codes, so one device's junk never keeps a family's TV from pairing.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NoReturn

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy

from accounts.models import User
from game.models import TvPairing
from game.services import screens
from justalllowgod.lib.limits import limits as cache
from justalllowgod.lib.refusals import Code, Refusal

# No look-alikes: no 0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V.
ALPHABET = "ACEFHJKMNPRTWXY34679"
CODE_LENGTH = 6
CODE_SECONDS = 600
# New codes one address may ask for in the guess window: a TV left on /tv/ asks six an hour.
CODES_PER_ADDRESS = 30
# Lapsed codes are deleted a day after they lapse (when a TV asks for a new one).
KEEP_LAPSED = timedelta(days=1)
TV_GUESSES = gettext_lazy("Too many TV codes that didn't match a TV. Please wait ten minutes.")


@dataclass(frozen=True)
class TvCode:
    """A code for a TV to show, and the screen secret it keeps (neither is stored)."""

    code: str
    secret: str
    expires_at: datetime

    def ends_in(self, now: datetime | None = None) -> int:
        return max(0, math.ceil((self.expires_at - (now or timezone.now())).total_seconds()))

    @property
    def shown(self) -> str:
        """As the TV writes it, in two halves: "KMX 4TR"."""
        half = CODE_LENGTH // 2
        return f"{self.code[:half]} {self.code[half:]}"


@dataclass(frozen=True)
class TvState:
    """How a TV's code stands: "waiting" (with the seconds left), "paired" or "lapsed"."""

    state: str
    ends_in: int = 0


def normalize(typed: str) -> str:
    """A typed code as the TV means it: upper case, without spaces or dashes."""
    return "".join(ch for ch in (typed or "").upper() if ch.isalnum())


def code_hash(code: str) -> str:
    """Keyed with the site's secret: the database alone cannot tell a live code (it is short)."""
    return salted_hmac("game.pairing.code", normalize(code), algorithm="sha256").hexdigest()


def _waiting(hashed: str, now: datetime) -> QuerySet[TvPairing]:
    return TvPairing.objects.filter(code_hash=hashed, paired_at__isnull=True, expires_at__gt=now)


def _count(key: str) -> int:
    window = settings.GAME_JOIN_FAILURE_WINDOW_SECONDS
    cache.add(key, 0, timeout=window)
    try:
        return cache.incr(key)
    except ValueError:  # it lapsed between the two calls
        cache.set(key, 1, timeout=window)
        return 1


def new_code(*, ip: str = "") -> TvCode:
    """The TV's /tv/: a new code to show and the screen secret to keep; only hashes are stored."""
    if ip and _count(f"tv-codes:ip:{ip}") > CODES_PER_ADDRESS:
        raise Refusal(Code.TOO_MANY_TV_CODES)
    now = timezone.now()
    TvPairing.objects.filter(expires_at__lt=now - KEEP_LAPSED).delete()
    for _ in range(20):
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if not _waiting(code_hash(code), now).exists():
            break
    else:  # twenty live codes in a row: millions of TVs wait at once
        raise Refusal(Code.NO_FREE_CODE)
    secret = secrets.token_urlsafe(32)
    expires_at = now + timedelta(seconds=CODE_SECONDS)
    TvPairing.objects.create(
        code_hash=code_hash(code), screen_hash=screens.secret_hash(secret), expires_at=expires_at
    )
    return TvCode(code, secret, expires_at)


def tv_state(secret: str) -> TvState:
    """What the TV's page asks every few seconds, with the secret only it holds."""
    pairing = TvPairing.objects.filter(screen_hash=screens.secret_hash(secret or "")).first()
    if pairing is None:
        return TvState("lapsed")
    if pairing.paired_at is not None:
        return TvState("paired")
    left = math.ceil((pairing.expires_at - timezone.now()).total_seconds())
    return TvState("waiting", left) if left > 0 else TvState("lapsed")


def _member_key(user: User) -> str:
    return f"tv-guess:member:{user.pk}"


def _require_member_budget(user: User) -> None:
    if (cache.get(_member_key(user)) or 0) >= settings.GAME_SCREEN_GUESS_LIMIT:
        raise Refusal(Code.TOO_MANY_TRIES, TV_GUESSES)


def _refuse_guess(user: User, ip: str, hashed: str) -> NoReturn:
    """A code that pairs nothing: counted, then refused with what became of it, if anything."""
    screens.require_not_throttled(ip, TV_GUESSES)
    screens.count_guess(ip)
    _count(_member_key(user))
    known = TvPairing.objects.filter(code_hash=hashed).order_by("-created_at").first()
    if known is None:
        raise Refusal(Code.NO_SUCH_TV_CODE)
    if known.paired_at is not None:
        raise Refusal(Code.TV_CODE_USED)
    raise Refusal(Code.TV_CODE_LAPSED)


@transaction.atomic
def pair_tv(*, user: User, session_key: str | None, code: str, tv_code: str, ip: str = "") -> screens.Shown:
    """The host types the code their TV shows: that TV becomes the table's screen (the old one, if
    any, stops working) and the code pairs nothing else."""
    _require_member_budget(user)
    typed = normalize(tv_code)
    if len(typed) != CODE_LENGTH or any(ch not in ALPHABET for ch in typed):
        # Never a TV's code, so no guess: a slip of the thumb is not counted.
        raise Refusal(Code.NO_SUCH_TV_CODE)
    now = timezone.now()
    hashed = code_hash(typed)
    pairing = _waiting(hashed, now).select_for_update().order_by("-created_at").first()
    if pairing is None:
        _refuse_guess(user, ip, hashed)
    shown = screens.show_on_screen(
        user=user, session_key=session_key, code=code, paired_hash=pairing.screen_hash
    )
    pairing.paired_at, pairing.screen = now, shown.screen
    pairing.save(update_fields=["paired_at", "screen"])
    return shown
