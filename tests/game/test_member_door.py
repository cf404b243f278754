"""A member's socket keeps watching its session through an outage (game/sockets/member_door.py)."""

from __future__ import annotations

import asyncio

from django.db import OperationalError

from game.sockets import member_door
from game.sockets.member_door import MemberDoor


class Door(MemberDoor):
    """Just the watch: a member's socket as far as account_check sees it."""

    closed = False
    member_id = 7
    session_key = "k" * 32

    def __init__(self) -> None:
        self.refused: list[str] = []

    async def refuse(self, code, detail: str = "") -> None:
        self.refused.append(detail)


async def test_a_timed_look_that_meets_an_outage_looks_again_soon_and_closes_nothing(monkeypatch):
    def down(**kwargs):
        raise OperationalError("the connection died with the old PostgreSQL")

    monkeypatch.setattr(member_door.authority, "member_refusal", down)
    door = Door()
    loop = asyncio.get_running_loop()
    await door.account_check({"type": "account.check"})
    assert door.refused == []
    assert door._expiry_timer is not None
    left = door._expiry_timer.when() - loop.time()
    assert 0 < left <= member_door.OUTAGE_LOOK_SECONDS
    door._expiry_timer.cancel()


async def test_a_look_that_finds_a_refusal_still_closes(monkeypatch):
    from justalllowgod.lib.refusals import Refusal

    monkeypatch.setattr(member_door.authority, "member_refusal", lambda **kwargs: Refusal("signed_out"))
    door = Door()
    await door.account_check({"type": "account.check"})
    assert door.refused == ["signed_out"]
