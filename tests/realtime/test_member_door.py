"""A member's socket keeps watching its session through an outage (game/sockets/session_watch.py)."""

from __future__ import annotations

import asyncio

from django.db import OperationalError

from game.sockets import session_watch
from game.sockets.session_watch import SessionWatch


class Door:
    """Just what the watch sees of a member's socket."""

    closed = False

    def __init__(self) -> None:
        self.refused: list[str] = []

    async def refuse(self, code, detail: str = "") -> None:
        self.refused.append(detail)


def watching(door: Door) -> SessionWatch:
    watch = SessionWatch(door)
    watch.member_id, watch.session_key = 7, "k" * 32
    return watch


async def test_a_timed_look_that_meets_an_outage_looks_again_soon_and_closes_nothing(monkeypatch):
    def down(**kwargs):
        raise OperationalError("the connection died with the old PostgreSQL")

    monkeypatch.setattr(session_watch.authority, "member_refusal", down)
    door = Door()
    watch = watching(door)
    loop = asyncio.get_running_loop()
    await watch.check()
    assert door.refused == []
    assert watch._expiry_timer is not None
    left = watch._expiry_timer.when() - loop.time()
    assert 0 < left <= session_watch.OUTAGE_LOOK_SECONDS
    watch._expiry_timer.cancel()


async def test_a_look_that_finds_a_refusal_still_closes(monkeypatch):
    from justalllowgod.lib.refusals import Refusal

    monkeypatch.setattr(session_watch.authority, "member_refusal", lambda **kwargs: Refusal("signed_out"))
    door = Door()
    await watching(door).check()
    assert door.refused == ["signed_out"]
