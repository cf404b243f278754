"""Issue 31: the big-screen link and watchers, through the services and the pages."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from game import services
from game.models import Table, TableScreen, Watcher
from game.services import screens, watching
from game.services.results import Seated
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table

pytestmark = pytest.mark.django_db


def _show(host, table) -> str:
    return screens.show_on_screen(user=host, session_key=signed_in_session(host), code=table.code).secret


def _invited(user, table) -> Seated:
    """Watch by the table's invite link (its QR code or share link)."""
    session = signed_in_session(user)
    return watching.watch_by_invitation(user=user, session_key=session, token=table.invite_token)


def _ask(user, table) -> Seated:
    return watching.ask_to_watch(user=user, session_key=signed_in_session(user), code=table.code)


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_only_the_host_makes_a_link_and_only_its_hash_is_kept(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    with pytest.raises(Refusal) as refused:
        _show(guest, table)
    assert refused.value.code == Code.NOT_HOST
    secret = _show(host, table)
    assert len(secret) >= 40
    row = TableScreen.objects.get(table=table)
    assert row.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(TableScreen.objects.values().get())
    table.refresh_from_db()
    assert table.watched


def test_a_new_link_turns_the_old_one_off_and_off_clears_watched(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    first = _show(host, table)
    second = _show(host, table)
    assert screens.live_screen(screens.find_screen(first).pk) is None
    assert screens.live_screen(screens.find_screen(second).pk) is not None
    screens.turn_screen_off(user=host, session_key=signed_in_session(host), code=table.code)
    assert screens.live_screen(screens.find_screen(second).pk) is None
    table.refresh_from_db()
    assert not table.watched


def test_a_signed_out_session_makes_no_link(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    with pytest.raises(Refusal) as refused:
        screens.show_on_screen(user=host, session_key="not-a-session", code=table.code)
    assert refused.value.code == Code.SIGNED_OUT
    assert not TableScreen.objects.exists()


def test_ending_the_game_early_turns_the_screen_off_a_finished_one_keeps_its_podium_a_while(
    live_deck, settings
):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    screen = screens.find_screen(_show(host, table))
    services.end_game(user=host, code=table.code)
    assert screens.live_screen(screen.pk) is None
    table.refresh_from_db()
    assert table.status == Table.Status.ENDED and not table.watched

    finished = deal_private_table(UserFactory(), UserFactory())
    finished.status, finished.finished_at = Table.Status.FINISHED, timezone.now()
    finished.save()
    assert screens.is_live(finished)
    later = finished.finished_at + timedelta(seconds=settings.GAME_SCREEN_AFTER_END_SECONDS + 1)
    assert not screens.is_live(finished, now=later)


def test_play_again_takes_the_screen_only_to_a_table_its_maker_sits_at_and_the_host_sees_it(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    screen = screens.find_screen(_show(host, table))
    table.status, table.finished_at = Table.Status.FINISHED, timezone.now()
    table.save()
    following = services.play_again(user=guest, code=table.code).table  # the guest hosts the next one
    screen.refresh_from_db()
    assert screen.table_id == table.pk  # it stays with the podium: its maker is not at the next table
    following.refresh_from_db()
    assert not following.watched
    seated = services.play_again(user=host, code=table.code)  # the maker comes along: so does it
    screen.refresh_from_db()
    assert screen.table_id == following.pk
    following.refresh_from_db()
    assert following.watched
    assert seated.messages[-1].message["table"]["screen_on"] is True
    # The next table's host may turn it off.
    screens.turn_screen_off(user=guest, session_key=signed_in_session(guest), code=following.code)
    assert screens.live_screen(screen.pk) is None


def test_a_public_table_has_no_big_screen(live_deck):
    host = UserFactory()
    public = services.play_now(user=host).table
    with pytest.raises(Refusal) as refused:
        _show(host, public)
    assert refused.value.code == Code.NO_PUBLIC_SCREENS
    assert not TableScreen.objects.exists()


def test_unknown_secrets_are_throttled_per_address_never_a_right_one(live_deck, settings):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    secret = _show(host, table)
    for _ in range(settings.GAME_SCREEN_GUESS_LIMIT):
        assert screens.find_screen("guess-" + "x" * 30, ip="203.0.113.9") is None
    with pytest.raises(Refusal) as refused:
        screens.find_screen("guess-" + "y" * 30, ip="203.0.113.9")
    assert refused.value.status == 429
    # One child's junk links on a school network never lock the class's TV out (issue 49).
    assert screens.find_screen(secret, ip="203.0.113.9") is not None


def test_screen_pages_live_unknown_and_turned_off(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    secret = _show(host, table)
    visitor = Client()
    page = visitor.get(reverse("screen", args=[secret]))
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    assert f"/ws/screen/{secret}/" in page.content.decode()
    qr = visitor.get(reverse("screen_join_qr", args=[secret]))
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"
    assert visitor.get(reverse("screen", args=["no-such-secret"])).status_code == 404
    screens.turn_screen_off(user=host, session_key=signed_in_session(host), code=table.code)
    off = visitor.get(reverse("screen", args=[secret]))
    assert off.status_code == 410
    assert "This screen has been turned off" in off.content.decode()
    assert visitor.get(reverse("screen_join_qr", args=[secret])).status_code == 404


def test_the_host_page_shows_the_link_once_with_its_qr(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    client = _signed_in(host)
    page = client.post(reverse("show_on_screen", args=[table.code]))
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    html = page.content.decode()
    link = re.search(r'id="screen-link" href="([^"]+)"', html).group(1)
    assert "/s/" in link and 'src="data:image/svg+xml;base64,' in html
    assert client.get(link).status_code == 200
    # A guest cannot make one, and a GET of the door goes to the table page.
    assert _signed_in(guest).post(reverse("show_on_screen", args=[table.code])).status_code == 302
    assert TableScreen.objects.count() == 1
    assert client.get(reverse("show_on_screen", args=[table.code])).status_code == 302
    client.post(reverse("turn_screen_off", args=[table.code]))
    assert client.get(link).status_code == 410


def test_a_member_with_the_invite_link_watches_a_private_table(live_deck):
    host, guest, grandpa = UserFactory(), UserFactory(), UserFactory(gamer_tag="Grandpa_Joe")
    table = deal_private_table(host, guest)
    seated = _invited(grandpa, table)
    assert Watcher.objects.live().filter(table=table, user=grandpa).exists()
    table.refresh_from_db()
    assert table.watched
    payload = seated.messages[0].message["table"]
    assert payload["watchers"] == [{"id": Watcher.objects.get().pk, "tag": "Grandpa_Joe"}]
    # The join page offers it; the watch page opens.
    client = _signed_in(grandpa)
    page = client.get(reverse("watch", args=[table.code]))
    assert page.status_code == 200 and f"/ws/watch/{table.code}/" in page.content.decode()


def test_public_tables_seated_members_and_removed_watchers_are_refused(live_deck):
    stranger, other = UserFactory(), UserFactory()
    public = services.play_now(user=stranger).table
    with pytest.raises(Refusal) as refused:
        _invited(other, public)
    assert refused.value.code == Code.NO_PUBLIC_WATCHERS
    assert not Watcher.objects.exists()

    host, guest, cousin = UserFactory(), UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    with pytest.raises(Refusal) as refused:
        _invited(guest, table)
    assert refused.value.code == Code.ALREADY_SEATED
    _invited(cousin, table)
    row = Watcher.objects.get(user=cousin)
    with pytest.raises(Refusal) as refused:
        watching.remove_watcher(
            user=guest, session_key=signed_in_session(guest), code=table.code, watcher_id=row.pk
        )
    assert refused.value.code == Code.NOT_HOST
    watching.remove_watcher(
        user=host, session_key=signed_in_session(host), code=table.code, watcher_id=row.pk
    )
    table.refresh_from_db()
    assert not table.watched
    with pytest.raises(Refusal) as refused:
        _invited(cousin, table)
    assert refused.value.code == Code.WATCHER_REMOVED


def test_the_public_table_page_answers_a_watch_with_its_words(live_deck):
    stranger, other = UserFactory(), UserFactory()
    public = services.play_now(user=stranger).table
    client = _signed_in(other)
    answer = client.post(reverse("watch", args=[public.code]), follow=True)
    assert "Public tables can&#x27;t be watched" in answer.content.decode()
    assert not Watcher.objects.exists()


def test_a_watcher_who_sits_down_watches_no_more(live_deck):
    host, aunt = UserFactory(), UserFactory()
    table = services.create_private_table(user=host).table
    _ask(aunt, table)
    services.join_by_code(user=aunt, code=table.code)
    assert not Watcher.objects.exists()
    table.refresh_from_db()
    assert not table.watched


def test_a_screen_goes_dark_when_its_maker_leaves_the_table(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    screen = screens.find_screen(_show(host, table))
    services.leave_table(user=host, code=table.code)  # the guest hosts now
    assert screens.live_screen(screen.pk) is None
    table.refresh_from_db()
    assert not table.watched
