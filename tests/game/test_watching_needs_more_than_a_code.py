"""Issue 49: four letters alone never let anyone watch a private table. A watcher comes by the
invite link, or asks by the code and waits for the host's yes; a child whose parent sits there
is let in at once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import family
from game import services
from game.models import Watcher
from game.services import watching
from justalllowgod.lib.refusals import Code, Refusal
from tests.factories import UserFactory, signed_in_session
from tests.game.support import deal_private_table

pytestmark = pytest.mark.django_db


def _ask(user, table):
    return watching.ask_to_watch(user=user, session_key=signed_in_session(user), code=table.code)


def _answer(host, table, row, yes: bool):
    session = signed_in_session(host)
    return watching.answer_request(
        user=host, session_key=session, code=table.code, watcher_id=row.pk, yes=yes
    )


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_stranger_with_only_the_code_of_a_begun_game_cannot_watch_it(live_deck):
    table = deal_private_table(UserFactory(), UserFactory())
    stranger = UserFactory()
    with pytest.raises(Refusal) as refused:
        _ask(stranger, table)
    assert refused.value.code == Code.NO_SUCH_TABLE
    assert not Watcher.objects.exists()
    # Through the page too: no watcher row, and the start screen says the join form's words.
    page = _client(stranger).post(reverse("watch", args=[table.code]), follow=True).content.decode()
    assert "open to join with that code" in page and not Watcher.objects.exists()


def test_asking_by_the_code_waits_for_the_hosts_yes(live_deck):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    bea = UserFactory(gamer_tag="Little_Bea")
    asked = _ask(bea, table)
    row = Watcher.objects.get(user=bea)
    assert watching.live_watcher(table_id=table.pk, user=bea) is None
    payload = asked.messages[0].message["table"]
    assert payload["watchers"] == []
    [request] = payload["asking"]
    assert request["id"] == row.pk and request["tag"] == "Little_Bea"
    assert 0 < request["ends_in"] <= settings.GAME_WATCH_ASK_SECONDS
    # Only the host answers.
    with pytest.raises(Refusal) as refused:
        _answer(bea, table, row, yes=True)
    assert refused.value.code == Code.NOT_SEATED
    answered = _answer(host, table, row, yes=True)
    assert watching.live_watcher(table_id=table.pk, user=bea) is not None
    assert answered.messages[0].message["table"]["asking"] == []
    assert [w["tag"] for w in answered.messages[0].message["table"]["watchers"]] == ["Little_Bea"]


def test_the_hosts_no_is_final_for_that_table(live_deck):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    stranger = UserFactory()
    _ask(stranger, table)
    _answer(host, table, Watcher.objects.get(user=stranger), yes=False)
    assert watching.request_state(table_id=table.pk, user=stranger) == "refused"
    with pytest.raises(Refusal) as refused:
        _ask(stranger, table)
    assert refused.value.code == Code.WATCHER_REMOVED
    table.refresh_from_db()
    assert not table.watched


def test_a_request_lapses_and_may_be_made_again(live_deck):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    aunt = UserFactory()
    _ask(aunt, table)
    row = Watcher.objects.get(user=aunt)
    long_ago = timezone.now() - timedelta(seconds=settings.GAME_WATCH_ASK_SECONDS + 1)
    Watcher.objects.filter(pk=row.pk).update(asked_at=long_ago)
    assert watching.request_state(table_id=table.pk, user=aunt) == "lapsed"
    with pytest.raises(Refusal) as refused:
        _answer(host, table, row, yes=True)
    assert refused.value.code == Code.NO_SUCH_REQUEST
    assert watching.live_watcher(table_id=table.pk, user=aunt) is None
    _ask(aunt, table)
    assert watching.request_state(table_id=table.pk, user=aunt) == "asking"


def test_once_the_game_begins_a_lapsed_asker_needs_the_link(live_deck):
    host, guest, aunt = UserFactory(), UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    _ask(aunt, table)
    Watcher.objects.filter(user=aunt).update(asked_at=timezone.now() - timedelta(hours=1))
    services.start_table(user=host, code=table.code)
    with pytest.raises(Refusal) as refused:
        _ask(aunt, table)
    assert refused.value.code == Code.NO_SUCH_TABLE  # a lapsed asker's code names no begun game
    session = signed_in_session(aunt)
    watching.watch_by_invitation(user=aunt, session_key=session, token=table.invite_token)
    assert watching.live_watcher(table_id=table.pk, user=aunt) is not None


def test_a_child_whose_parent_sits_there_watches_at_once(live_deck):
    parent, guest = UserFactory(), UserFactory()
    table = deal_private_table(parent, guest, start=False)
    child = family.add_child(parent=parent, tag="Sam")
    _ask(child, table)
    assert watching.live_watcher(table_id=table.pk, user=child) is not None


def test_the_invite_link_page_offers_watching_at_once_and_the_code_page_offers_asking(live_deck):
    host, guest = UserFactory(gamer_tag="Grandma_Ruth"), UserFactory()
    table = deal_private_table(host, guest)
    cousin = _client(UserFactory())
    page = cousin.get(reverse("join_invite", args=[table.invite_token])).content.decode()
    watch_url = reverse("watch_invite", args=[table.invite_token])
    assert f'action="{watch_url}"' in page and "Watch this game" in page
    assert cousin.post(watch_url).status_code == 302
    assert cousin.get(reverse("watch", args=[table.code])).status_code == 200

    waiting = services.create_private_table(user=UserFactory(gamer_tag="Daddy_Mike_the_Great")).table
    page = cousin.get(reverse("join_link", args=[waiting.code])).content.decode()
    assert f'action="{reverse("watch", args=[waiting.code])}"' in page and "Ask to watch" in page


def test_the_askers_page_waits_says_how_it_stands_and_opens_when_let_in(live_deck):
    host = UserFactory(gamer_tag="Grandma_Ruth")
    table = services.create_private_table(user=host).table
    bea = UserFactory()
    client = _client(bea)
    assert client.post(reverse("watch", args=[table.code])).url == reverse("watch", args=[table.code])
    page = client.get(reverse("watch", args=[table.code]))
    assert page.status_code == 200 and "We asked Grandma_Ruth to let you watch" in page.content.decode()
    assert client.get(reverse("watch", args=[table.code]) + "?state").json() == {"state": "asking"}
    _answer(host, table, Watcher.objects.get(user=bea), yes=True)
    assert client.get(reverse("watch", args=[table.code]) + "?state").json() == {"state": "watching"}
    assert f"/ws/watch/{table.code}/" in client.get(reverse("watch", args=[table.code])).content.decode()


def test_the_host_answers_from_the_table_page(live_deck):
    host = UserFactory()
    table = services.create_private_table(user=host).table
    bea = UserFactory()
    _ask(bea, table)
    row = Watcher.objects.get(user=bea)
    url = reverse("answer_watch_request", args=[table.code, row.pk])
    assert _client(UserFactory()).post(url, {"answer": "yes"}).status_code == 302  # a stranger: nothing
    assert watching.request_state(table_id=table.pk, user=bea) == "asking"
    answer = _client(host).post(url, {"answer": "yes"}, follow=True)
    assert "They can watch now." in answer.content.decode()
    assert watching.request_state(table_id=table.pk, user=bea) == "watching"


def test_a_deleted_account_watches_no_more_and_the_host_is_told(live_deck):
    host, guest, cousin = UserFactory(), UserFactory(), UserFactory()
    table = deal_private_table(host, guest)
    watching.watch_by_invitation(user=cousin, session_key=signed_in_session(cousin), token=table.invite_token)
    asker = UserFactory()
    waiting = services.create_private_table(user=UserFactory()).table
    _ask(asker, waiting)
    family.delete_account(user=cousin)
    family.delete_account(user=asker)
    assert not Watcher.objects.exists()
    table.refresh_from_db()
    waiting.refresh_from_db()
    assert not table.watched and not waiting.watched


def test_the_host_turns_watching_off_sends_everyone_away_and_on_again(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    cousin, bea = UserFactory(), UserFactory()
    watching.watch_by_invitation(user=cousin, session_key=signed_in_session(cousin), token=table.invite_token)
    _ask(bea, table)
    session = signed_in_session(host)
    with pytest.raises(Refusal) as refused:
        watching.set_watching(
            user=guest, session_key=signed_in_session(guest), code=table.code, allowed=False
        )
    assert refused.value.code == Code.NOT_HOST
    turned = watching.set_watching(user=host, session_key=session, code=table.code, allowed=False)
    assert turned.messages[0].message["table"]["watching_off"] is True
    assert not Watcher.objects.exists()
    table.refresh_from_db()
    assert not table.watched
    for who, way in ((cousin, "link"), (bea, "code")):
        with pytest.raises(Refusal) as refused:
            if way == "link":
                watching.watch_by_invitation(
                    user=who, session_key=signed_in_session(who), token=table.invite_token
                )
            else:
                _ask(who, table)
        assert refused.value.code == Code.WATCHING_OFF
    page = _client(cousin).get(reverse("join_invite", args=[table.invite_token])).content.decode()
    assert "Watch" not in page.split('class="join-confirm')[1]
    watching.set_watching(user=host, session_key=session, code=table.code, allowed=True)
    _ask(bea, table)
    assert watching.request_state(table_id=table.pk, user=bea) == "asking"


def test_the_hosts_page_turns_watching_off_and_on(live_deck):
    host, guest = UserFactory(), UserFactory()
    table = deal_private_table(host, guest, start=False)
    client = _client(host)
    page = client.get(reverse("pair_tv", args=[table.code])).content.decode()
    assert "Turn watching off" in page
    answer = client.post(reverse("set_watching", args=[table.code]), {"watching": "off"}, follow=True)
    assert "Watching is off" in answer.content.decode()
    assert "Let people watch again" in client.get(reverse("pair_tv", args=[table.code])).content.decode()
    # A stranger's try at the door is a counted miss like any other.
    assert (
        _client(UserFactory())
        .post(reverse("set_watching", args=[table.code]), {"watching": "on"})
        .status_code
        == 302
    )
    table.refresh_from_db()
    assert table.watching_off_at is not None
