"""Issue 49: one guarded lookup for every door that names a table by its code.

The URL patterns and socket routes are walked, not listed: a door added later that takes a code
is found here and must count a miss like the others. Every code that is not an open table the
member may join (unknown, finished, begun, full) is answered alike, except the member's own.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from accounts import family
from game import services
from game.models import Table, Watcher
from game.pages.tables import TABLE_ACTIONS
from game.services import watching
from justalllowgod.asgi import application
from justalllowgod.lib.refusals import Refusal
from justalllowgod.routing import websocket_urlpatterns
from tests.factories import UserFactory, signed_in_session
from tests.game.support import HOST, ORIGIN, Communicator, deal_private_table, session_cookie

pytestmark = pytest.mark.django_db

# Doors that change something are POSTs (a GET of them shows the table page); the rest are GETs.
POST_ONLY = {
    "show_on_screen",
    "turn_screen_off",
    "remove_watcher",
    "answer_watch_request",
    "answer_sit_request",
    "set_watching",
    "table_action",
}


def code_routes(patterns=None, prefix: str = "") -> list[tuple[str, str]]:
    """(name, route) of every URL pattern whose route takes a table `code`."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            found += code_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and "<str:code>" in route:
            found.append((entry.name, route))
    return found


def doors(code: str) -> list[tuple[str, str]]:
    """(method, path) for each code door, with `code` put in (every table button of table_action)."""
    made = []
    for name, route in code_routes():
        kwargs = {"code": code}
        if "<int:watcher_id>" in route:
            kwargs["watcher_id"] = 1
        if "<int:request_id>" in route:
            kwargs["request_id"] = 1
        if name == "table_action":
            made += [("post", reverse(name, kwargs=kwargs | {"action": a})) for a in TABLE_ACTIONS]
            continue
        methods = (
            ["post"] if name in POST_ONLY else ["get", "post"] if name in ("join_link", "watch") else ["get"]
        )
        made += [(method, reverse(name, kwargs=kwargs)) for method in methods]
    return made


def member(address: str = "10.9.9.9") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(UserFactory())
    return client


def open_table() -> Table:
    """Someone else's private table waiting for players, with free seats: a right code."""
    return services.create_private_table(user=UserFactory()).table


def test_the_walk_finds_every_door_that_takes_a_code():
    names = {name for name, _ in code_routes()}
    assert {"table", "table_qr", "join_link", "watch", "table_action", "show_on_screen"} <= names
    assert len(doors("ABCD")) >= 15


@pytest.mark.parametrize(("method", "path"), doors("ZZZZ"))
def test_each_door_counts_a_miss_and_the_eleventh_waits_even_for_a_right_code(method, path):
    right = open_table()
    client = member()
    for n in range(settings.GAME_JOIN_FAILURE_LIMIT):
        wrong = ("ZZZZ", "YYYY", "XXXX", "WWWW", "VVVV")[n % 5]
        response = getattr(client, method)(path.replace("/ZZZZ/", f"/{wrong}/"))
        assert response.status_code in (302, 404), (path, response.status_code)
    response = getattr(client, method)(path.replace("/ZZZZ/", f"/{right.code}/"))
    assert response.status_code == 429, (method, path)
    assert right.seats.count() == 1 and not right.watchers.exists()


def test_action_buttons_at_someone_elses_table_answer_as_an_unknown_code_and_count(live_deck):
    host, guest = UserFactory(), UserFactory()
    playing = deal_private_table(host, guest)
    waiting = open_table()
    client = member()
    said = []
    tries = [
        (code, action)
        for code in (playing.code, waiting.code)
        for action in ("start", "start-now", "end", "hand-over")
    ]
    for code, action in [*tries, ("ZZZZ", "start"), ("ZZZZ", "end")]:
        page = client.post(reverse("table_action", args=[code, action]), follow=True)
        said.append(re.findall(r"couldn&#x27;t find a table open to join", page.content.decode()))
    assert all(words == said[0] for words in said) and said[0]
    key = f"code-guess:member:{client.session['_auth_user_id']}"
    assert cache.get(key) == 10
    # The eleventh miss waits (429), at any button.
    assert client.post(reverse("table_action", args=[waiting.code, "start"])).status_code == 429
    assert Table.objects.get(pk=waiting.pk).status == Table.Status.WAITING
    assert Table.objects.get(pk=playing.pk).status == Table.Status.PLAYING


def _answers(client: Client, code: str) -> list:
    """What each reading door says to this member about a code: status, then the words."""
    join = client.post(reverse("join_table"), {"code": code}, follow=True).content.decode()
    return [
        client.get(reverse("table", args=[code])).status_code,
        client.get(reverse("join_link", args=[code])).status_code,
        client.get(reverse("table_qr", args=[code])).status_code,
        client.get(reverse("watch", args=[code])).status_code,
        "open to join with that code" in join and "already begun" not in join,
    ]


def test_begun_finished_full_and_unknown_codes_are_answered_alike(live_deck):
    begun = deal_private_table(UserFactory(), UserFactory())
    finished = open_table()
    Table.objects.filter(pk=finished.pk).update(status=Table.Status.FINISHED)
    full = open_table()
    for _ in range(3):
        services.join_by_code(user=UserFactory(), code=full.code)
    answers = {}
    for name, code in (
        ("begun", begun.code),
        ("finished", finished.code),
        ("full", full.code),
        ("none", "ZZZZ"),
    ):
        answers[name] = _answers(member(address=f"10.1.1.{len(answers) + 1}"), code)
    assert answers["begun"] == answers["finished"] == answers["full"] == answers["none"]
    assert answers["none"] == [404, 404, 404, 404, True]


def test_a_members_own_begun_table_is_no_guess(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    client = Client(REMOTE_ADDR="10.2.2.2")
    client.force_login(guest)
    assert client.get(reverse("table", args=[table.code])).status_code == 200
    assert cache.get(f"code-guess:member:{guest.pk}") is None


def socket_code_routes() -> list[str]:
    return [str(entry.pattern) for entry in websocket_urlpatterns if "<str:code>" in str(entry.pattern)]


def test_the_walk_finds_the_table_and_watch_sockets():
    assert set(socket_code_routes()) >= {"ws/table/<str:code>/", "ws/watch/<str:code>/"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("route", socket_code_routes())
async def test_each_socket_door_counts_a_miss_and_the_eleventh_closes_4429(route, live_deck):
    stranger = await sync_to_async(UserFactory)()
    cookie = await sync_to_async(session_cookie)(stranger)
    begun = await sync_to_async(lambda: deal_private_table(UserFactory(), UserFactory()))()
    right = await sync_to_async(open_table)()

    async def door(code: str) -> tuple[bool, int | None]:
        comm = Communicator(
            application, "/" + route.replace("<str:code>", code), headers=[ORIGIN, HOST, (b"cookie", cookie)]
        )
        comm.scope["client"] = ("10.3.3.3", 50000)
        return await comm.connect()

    closes = [await door(wrong) for wrong in ("ZZZZ", begun.code) * (settings.GAME_JOIN_FAILURE_LIMIT // 2)]
    assert set(closes) == {(False, 4404)}  # a begun table closes as an unknown code does
    assert await door(right.code) == (False, 4429)


def test_the_qr_image_is_for_those_at_the_table_and_a_strangers_try_is_a_counted_miss(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    stranger = member()
    assert stranger.get(reverse("table_qr", args=[table.code])).status_code == 404
    assert cache.get(f"code-guess:member:{stranger.session['_auth_user_id']}") == 1
    seated = Client()
    seated.force_login(guest)
    answer = seated.get(reverse("table_qr", args=[table.code]))
    assert answer.status_code == 200 and answer["Content-Type"] == "image/svg+xml"
    watcher = UserFactory()
    watching.watch_by_invitation(
        user=watcher, session_key=signed_in_session(watcher), token=table.invite_token
    )
    looking = Client()
    looking.force_login(watcher)
    assert looking.get(reverse("table_qr", args=[table.code])).status_code == 200


def test_a_familys_children_share_the_parents_allowance_of_wrong_codes():
    parent = UserFactory()
    right = open_table()
    for n in range(settings.GAME_JOIN_FAILURE_LIMIT):
        child = family.add_child(parent=parent, tag=f"Kid{chr(65 + n)}")
        with pytest.raises(Refusal):
            services.join_by_code(user=child, code="ZZZZ", ip="10.6.6.6")
        family.delete_child(parent=parent, child_id=child.pk)
    fresh = family.add_child(parent=parent, tag="KidNew")
    with pytest.raises(Refusal) as refused:
        services.join_by_code(user=fresh, code=right.code, ip="10.6.6.6")
    assert refused.value.status == 429
    with pytest.raises(Refusal) as refused:
        services.join_by_code(user=parent, code=right.code, ip="10.6.6.6")
    assert refused.value.status == 429


def test_a_refused_or_lapsed_asker_learns_nothing_of_the_game_once_it_has_begun(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    refused, lapsed = UserFactory(), UserFactory()
    for asker in (refused, lapsed):
        watching.ask_to_watch(user=asker, session_key=signed_in_session(asker), code=table.code)
    row = Watcher.objects.get(user=refused)
    watching.answer_request(
        user=host, session_key=signed_in_session(host), code=table.code, watcher_id=row.pk, yes=False
    )
    Watcher.objects.filter(user=lapsed).update(asked_at=timezone.now() - timedelta(hours=1))
    # While the table waits, the refused asker's page still says the host's answer.
    client = Client()
    client.force_login(refused)
    assert "You won't watch this table" in client.get(reverse("watch", args=[table.code])).content.decode()
    services.start_table(user=host, code=table.code)
    for asker in (refused, lapsed):
        client = Client()
        client.force_login(asker)
        assert client.get(reverse("join_link", args=[table.code])).status_code == 404
        assert client.get(reverse("table_qr", args=[table.code])).status_code == 404
