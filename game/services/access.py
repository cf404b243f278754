"""Who may sit down, and the throttle on wrong table codes."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache

from accounts.models import User
from game.errors import GameError


def check_may_play(user: User) -> None:
    """Members need a gamer tag, and an account no reviewer has restricted."""
    if not user.is_authenticated:
        raise GameError("sign_in", "Please sign in to play.", status=401)
    if not user.gamer_tag:
        raise GameError("choose_tag", "Choose a gamer tag before your first table.", status=403)
    restriction = user.restriction()
    if restriction is not None:
        raise GameError("restricted", restriction.message, status=403)


def _keys(user: User, ip: str) -> list[str]:
    keys = [f"join-fail:user:{user.pk}"]
    if ip:
        keys.append(f"join-fail:ip:{ip}")
    return keys


def require_not_throttled(*, user: User, ip: str) -> None:
    """After 10 wrong codes in 10 minutes from one member or one address, joining waits (429)."""
    limit = settings.GAME_JOIN_FAILURE_LIMIT
    if any((cache.get(key) or 0) >= limit for key in _keys(user, ip)):
        raise GameError("too_many_tries", status=429)


def count_failed_join(*, user: User, ip: str) -> None:
    """Count one wrong code against the member and their address."""
    window = settings.GAME_JOIN_FAILURE_WINDOW_SECONDS
    for key in _keys(user, ip):
        # add() only sets a missing key, so the window starts at the first failure.
        cache.add(key, 0, timeout=window)
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, timeout=window)
