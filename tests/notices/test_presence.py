"""Issue 46: presence counts each open page. A member with the table open in any tab or on any device
is never told it is their turn; closing one of their sockets leaves them present while another is
open; a socket the server keeps refreshing while it is open; entries of a process that died lapse.
The same on the in-memory cache and on Redis."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async
from django.core import mail
from django.core.cache import caches
from django.utils import timezone

from game import engine
from game.models import Game
from game.realtime import presence
from game.services import turn_notices
from justalllowgod.lib.limits import LIMITS
from notices.models import Notice, NoticePreference
from tests.factories import UserFactory
from tests.game.support import deal_private_table, seated
from tests.realtime.own_redis import own_redis  # noqa: F401  (a fixture)

NOW = 1_900_000_000.0


@pytest.fixture
def frozen(monkeypatch):
    """presence's wall clock, moved by hand."""
    moment = SimpleNamespace(now=NOW)
    monkeypatch.setattr(presence, "time", SimpleNamespace(time=lambda: moment.now))
    return moment


@pytest.fixture(params=["memory", "redis"])
def cache(request, settings):
    """The limits cache as the embedded default has it, then as the stack has it (Redis)."""
    if request.param == "redis":
        redis = request.getfixturevalue("own_redis")
        limits = {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis.url,
            "KEY_PREFIX": "t",
        }
        settings.CACHES = {**settings.CACHES, "default": limits, "limits": limits}
    yield request.param
    caches[LIMITS].clear()


def test_closing_one_of_two_pages_keeps_the_member_here(cache, frozen):
    presence.arrived(7, 3, "tab-a")
    presence.arrived(7, 3, "phone")
    assert presence.is_here(7, 3) and not presence.is_here(7, 4) and not presence.is_here(8, 3)
    presence.left(7, 3, "tab-a")
    assert presence.is_here(7, 3), "the phone's page is still open"
    presence.left(7, 3, "phone")
    assert not presence.is_here(7, 3)


def test_a_page_reloaded_closes_its_old_socket_after_the_new_one_opened(cache, frozen):
    presence.arrived(7, 3, "old")
    presence.arrived(7, 3, "new")
    presence.left(7, 3, "old")
    assert presence.is_here(7, 3)


def test_an_entry_nobody_refreshes_lapses_and_a_refresh_keeps_it(cache, frozen, settings):
    settings.PRESENCE_SECONDS = 45
    presence.arrived(7, 3, "kept")
    presence.arrived(7, 3, "dead")  # its process died: never refreshed, never closed
    frozen.now += 30
    presence.arrived(7, 3, "kept")  # the open socket's refresh
    frozen.now += 30
    assert presence.is_here(7, 3)
    presence.left(7, 3, "kept")
    assert not presence.is_here(7, 3), "the dead process's socket lapsed 45 s after its last note"


def test_a_close_noted_twice_or_for_a_socket_never_seen_changes_nothing(cache, frozen):
    presence.arrived(7, 3, "tab-a")
    presence.left(7, 3, "tab-b")
    presence.left(7, 3, "tab-b")
    assert presence.is_here(7, 3)


# --- Through the real router: tabs that open and close -----------------------------------------


def _over_days_turn_waiting_on_the_host():
    host, guest = UserFactory(), UserFactory()
    NoticePreference.objects.create(user=host, by_mail=True)
    table = deal_private_table(host, guest)
    table.over_days = True
    table.save(update_fields=["over_days"])
    Game.objects.filter(table=table).update(decision_since=timezone.now() - timedelta(minutes=5))
    assert turn_notices.awaited(engine.from_json(Game.objects.get(table=table).state)) == [1]
    return table, host


async def opened(user, code: str):
    """A table page of the member's, once its socket's opening is all done (presence noted)."""
    player = await seated(user, code)
    await player.send({"type": "ping"})  # answered only after the opening's work
    await player.next_of("pong")
    return player


def _sweep() -> tuple[int, list[str]]:
    swept = turn_notices.sweep()
    return swept.sent, list(Notice.objects.values_list("kind", flat=True))


@pytest.mark.django_db(transaction=True)
async def test_two_tabs_open_one_closed_and_the_member_is_not_told(live_deck):
    table, host = await sync_to_async(_over_days_turn_waiting_on_the_host)()
    first, second = await opened(host, table.code), await opened(host, table.code)
    await first.close()
    assert presence.is_here(table.pk, host.pk)
    assert await sync_to_async(_sweep)() == (0, [])
    assert mail.outbox == []
    await second.close()
    assert not presence.is_here(table.pk, host.pk)
    assert await sync_to_async(_sweep)() == (1, ["your_turn"])
    assert [m.to for m in mail.outbox] == [[host.email]]


@pytest.mark.django_db(transaction=True)
async def test_the_server_keeps_an_open_socket_present_without_any_ping(live_deck, settings):
    settings.PRESENCE_SECONDS = 0.6  # refreshed every 0.2 s
    table, host = await sync_to_async(_over_days_turn_waiting_on_the_host)()
    player = await opened(host, table.code)
    [(socket, first_until)] = presence.open_until(table.pk, host.pk).items()
    loop = asyncio.get_running_loop()
    end = loop.time() + 5
    while presence.open_until(table.pk, host.pk)[socket] <= first_until + settings.PRESENCE_SECONDS:
        assert loop.time() < end, "the open socket's presence was not refreshed"
        await asyncio.sleep(0.05)
    assert presence.is_here(table.pk, host.pk)  # longer than PRESENCE_SECONDS after it opened
    await player.close()
    assert presence.open_until(table.pk, host.pk) == {}
