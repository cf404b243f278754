"""Report this name: a member sends a seat's gamer tag to the reviewers, who ask for a new tag or keep it."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Agent, FormerTag, RestrictionKind, User
from accounts.services import set_gamer_tag
from game.models import Seat, Watcher
from game.protocol.messages import table_message
from game.realtime import outbox
from game.services.starting import seat_list
from justalllowgod.lib.refusals import Refusal
from moderation import name_reports
from moderation.models import NameReport
from moderation.replays import seat_replay
from tests.factories import UserFactory
from tests.game.support import deal_private_table
from tests.moderation.conftest import play_game, reviewer

pytestmark = pytest.mark.django_db

THANKS = "Thanks. A reviewer will look at this name."
OLD_TAG = "Grumble_99"


@pytest.fixture
def table(live_deck):
    """A dealt private table: Priscilla in seat 1, Grumble_99 in seat 2, JagAI in seats 3 and 4."""
    host, guest = UserFactory(gamer_tag="Priscilla"), UserFactory(gamer_tag=OLD_TAG)
    return deal_private_table(host, guest), host, guest


def report(user, **fields) -> tuple[int, dict]:
    """Tap Report this name as `user`: the status and the JSON the page shows."""
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.post(reverse("report_name"), fields)
    return response.status_code, response.json()


def reviewer_client(member=None) -> Client:
    client = Client()
    client.force_login(member or reviewer())
    return client


def seat_tags(table) -> list[str]:
    """The tags every seat's table message shows."""
    return [seat["tag"] for seat in table_message(table, seat_list(table))["table"]["seats"]]


def test_a_member_reports_a_seats_tag_and_the_queue_lists_it(table):
    table, host, guest = table
    status, answer = report(host, code=table.code.lower(), seat=2)
    assert (status, answer) == (200, {"ok": True, "message": THANKS})
    [made] = NameReport.objects.all()
    assert (made.reported, made.tag, made.reporter, made.table, made.seat) == (guest, OLD_TAG, host, table, 2)
    assert made.is_open

    page = reviewer_client().get(reverse("review_queue")).content.decode()
    assert "Names reported" in page and OLD_TAG in page
    assert f"Member #{guest.pk}" in page and "Reported by <strong>Priscilla</strong>" in page
    assert table.code in page and "(seat 2)" in page
    assert reverse("review_new_tag", args=[made.pk]) in page
    assert reverse("review_keep_name", args=[made.pk]) in page


def test_reviewers_are_mailed_once_per_name_while_its_reports_wait(
    table, mailoutbox, django_capture_on_commit_callbacks
):
    table, host, guest = table
    watcher_of_the_queue = reviewer()
    other = UserFactory()
    Watcher.objects.create(table=table, user=other, approved_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        report(host, code=table.code, seat=2)
        report(other, code=table.code, seat=2)
    assert [m.to for m in mailoutbox] == [[watcher_of_the_queue.email]]
    assert NameReport.objects.filter(reported=guest).count() == 2


def test_a_second_report_of_the_same_name_does_not_add_another(table):
    table, host, _ = table
    report(host, code=table.code, seat=2)
    status, answer = report(host, code=table.code, seat=2)
    assert status == 409
    assert answer["message"] == "You already reported this name; a reviewer will look at it."
    assert NameReport.objects.count() == 1


@pytest.mark.parametrize(
    ("seat", "code"),
    [
        (1, "own_name"),  # their own seat
        (3, "not_a_members_name"),  # JagAI
        (9, "no_such_seat"),
        ("two", "no_such_seat"),
        ("", "no_such_seat"),
    ],
)
def test_reports_of_no_members_name_are_refused_and_nothing_is_kept(table, seat, code):
    table, host, _ = table
    status, answer = report(host, code=table.code, seat=seat)
    assert status in (400, 404) and answer["ok"] is False
    assert answer["code"] == code and answer["message"]
    assert not NameReport.objects.exists()


def test_an_agents_seat_is_not_reported(table):
    table, host, _ = table
    agent = Agent.objects.create(
        name="Barnabot", owner_contact="owner@example.org", approved_at=timezone.now()
    )
    Seat.objects.filter(table=table, position=4).update(agent=agent, kind=Seat.Kind.AGENT)
    status, answer = report(host, code=table.code, seat=4)
    assert (status, answer["code"]) == (400, "not_a_members_name")
    assert not NameReport.objects.exists()


def test_a_table_they_cannot_see_looks_like_no_table_at_all(table):
    table, _, _ = table
    stranger = UserFactory()
    seen = report(stranger, code=table.code, seat=2)
    unknown = report(stranger, code="ZZZZ", seat=2)
    assert seen == unknown == (404, {"ok": False, "code": "no_such_seat", "message": seen[1]["message"]})
    assert report(stranger, game=table.game.pk, seat=2)[0] == 404
    assert report(None, code=table.code, seat=2)[0] == 401
    assert not NameReport.objects.exists()


def test_a_watcher_and_a_child_at_the_table_may_report(live_deck):
    parent = UserFactory(gamer_tag="Lydia")
    child = UserFactory(gamer_tag="Timothy", email=None, managed_by=parent)
    rude = UserFactory(gamer_tag="Sneer")
    table = deal_private_table(child, rude)
    watcher = UserFactory()
    Watcher.objects.create(table=table, user=watcher, approved_at=timezone.now())
    assert report(child, code=table.code, seat=2) == (200, {"ok": True, "message": THANKS})
    assert report(watcher, code=table.code, seat=2)[0] == 200
    assert NameReport.objects.filter(reported=rude).count() == 2


def test_a_watcher_the_host_removed_sees_the_table_no_more(table):
    table, _, _ = table
    removed = UserFactory()
    Watcher.objects.create(table=table, user=removed, approved_at=timezone.now(), removed_at=timezone.now())
    assert report(removed, code=table.code, seat=2)[1]["code"] == "no_such_seat"


def test_a_player_reports_a_name_from_the_replay_of_their_game(live_deck):
    played = play_game(members=2, seed=3)
    status, answer = report(played.users[1], game=played.game.pk, seat=2)
    assert (status, answer["ok"]) == (200, True)
    assert NameReport.objects.get().reported == played.users[2]
    page = reviewer_client(played.users[1]).get(reverse("replay", args=[played.game.pk])).content.decode()
    assert f'data-game="{played.game.pk}"' in page and "data-csrf=" in page


def test_a_parent_reports_from_a_childs_finished_game_but_not_at_a_table_the_child_plays(live_deck):
    played = play_game(members=2, seed=3)
    parent = UserFactory()
    User.objects.filter(pk=played.users[1].pk).update(managed_by=parent, email=None)
    live = deal_private_table(played.users[1], UserFactory())
    assert report(parent, code=live.code, seat=2)[1]["code"] == "no_such_seat"
    assert report(parent, game=played.game.pk, seat=2)[0] == 200
    assert NameReport.objects.get().reported == played.users[2]


def test_a_restricted_member_cannot_report(table):
    table, host, _ = table
    host.restriction_kind = RestrictionKind.BAN
    host.save(update_fields=["restriction_kind"])
    status, answer = report(host, code=table.code, seat=2)
    assert (status, answer["code"]) == (403, "restricted")
    assert not NameReport.objects.exists()


def test_a_report_needs_the_pages_csrf_token(table):
    table, host, _ = table
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    assert client.post(reverse("report_name"), {"code": table.code, "seat": 2}).status_code == 403
    assert not NameReport.objects.exists()


def test_a_member_may_report_only_so_many_names_an_hour(live_deck, settings):
    settings.MODERATION_REPORTS_PER_HOUR = 2
    host = UserFactory()
    guests = [UserFactory() for _ in range(3)]
    tables = [deal_private_table(host, guest) for guest in guests]
    assert report(host, code=tables[0].code, seat=2)[0] == 200
    # A repeat or a refused report spends nothing.
    assert report(host, code=tables[0].code, seat=2)[0] == 409
    assert report(host, code=tables[0].code, seat=3)[0] == 400
    assert report(host, code=tables[1].code, seat=2)[0] == 200
    status, answer = report(host, code=tables[2].code, seat=2)
    assert (status, answer["code"]) == (429, "too_many_reports")
    assert answer["message"].startswith("You have sent many reports this hour")
    assert NameReport.objects.count() == 2
    # Another member has an allowance of their own.
    assert report(guests[2], code=tables[2].code, seat=1)[0] == 200


def test_a_reviewer_asks_for_a_new_tag_and_the_old_one_is_shown_nowhere(
    table, monkeypatch, django_capture_on_commit_callbacks
):
    table, host, guest = table
    watcher = UserFactory()
    Watcher.objects.create(table=table, user=watcher, approved_at=timezone.now())
    report(host, code=table.code, seat=2)
    report(watcher, code=table.code, seat=2)
    sent: list = []
    monkeypatch.setattr(outbox, "send_all", sent.append)
    made = NameReport.objects.earliest("pk")
    with django_capture_on_commit_callbacks(execute=True):
        response = reviewer_client().post(reverse("review_new_tag", args=[made.pk]), follow=True)
    assert "is gone from every seat" in response.content.decode()

    guest.refresh_from_db()
    assert guest.gamer_tag == ""
    # One answer closes every report about the name.
    assert set(NameReport.objects.values_list("status", flat=True)) == {NameReport.Status.RENAMED}
    assert list(FormerTag.objects.filter(user=guest).values_list("tag", flat=True)) == [OLD_TAG]
    # Everyone at the table is sent the seats again, with no old tag in any of them.
    relayed = [json.loads(event["text"]) for batch in sent for _, event in batch]
    assert any(m["type"] == "table" for m in relayed)
    assert OLD_TAG not in json.dumps(relayed)
    assert seat_tags(table) == ["Priscilla", "a player", "JagAI", "JagAI"]

    # The member is sent to choose a new tag at their next page, and told why.
    member = Client()
    member.force_login(guest)
    page = member.get(reverse("home"), follow=True)
    assert page.redirect_chain[-1][0].startswith(reverse("accounts:choose_tag"))
    assert "A reviewer asked you for a new gamer tag" in page.content.decode()
    # Nobody takes the old tag again, the member included.
    for someone in (guest, UserFactory()):
        with pytest.raises(Refusal, match="can't be used at our tables"):
            set_gamer_tag(user=someone, tag=OLD_TAG.lower())
    member.post(reverse("accounts:choose_tag"), {"gamer_tag": "Kindly_7"})
    assert seat_tags(table)[1] == "Kindly_7"


def test_a_finished_game_shows_no_old_tag_in_its_replay_or_my_games(live_deck):
    played = play_game(members=2, seed=3)
    member, other = played.users[2], played.users[1]
    old = member.gamer_tag
    report(other, game=played.game.pk, seat=2)
    name_reports.ask_for_new_tag(report_id=NameReport.objects.get().pk, reviewer=reviewer())
    assert old not in json.dumps(seat_replay(played.game, 1)["seats"])
    assert old not in reviewer_client(other).get(reverse("my_games")).content.decode()


def test_a_reviewer_keeps_the_name_and_its_reports_close(table):
    table, host, guest = table
    report(host, code=table.code, seat=2)
    made = NameReport.objects.get()
    client = reviewer_client()
    response = client.post(reverse("review_keep_name", args=[made.pk]), follow=True)
    assert f"{OLD_TAG} stays" in response.content.decode()
    made.refresh_from_db()
    guest.refresh_from_db()
    assert made.status == NameReport.Status.DISMISSED and guest.gamer_tag == OLD_TAG
    assert OLD_TAG not in client.get(reverse("review_queue")).content.decode()
    assert OLD_TAG in client.get(reverse("review_queue") + "?state=decided").content.decode()
    # Answered once: a second answer changes nothing.
    client.post(reverse("review_new_tag", args=[made.pk]))
    guest.refresh_from_db()
    assert guest.gamer_tag == OLD_TAG


def test_only_a_reviewer_answers_and_never_about_their_own_report(table):
    table, host, guest = table
    judge = reviewer()
    Watcher.objects.create(table=table, user=judge, approved_at=timezone.now())
    report(judge, code=table.code, seat=2)
    made = NameReport.objects.get()
    assert reviewer_client(host).post(reverse("review_new_tag", args=[made.pk])).status_code == 403
    reviewer_client(judge).post(reverse("review_new_tag", args=[made.pk]))
    guest.refresh_from_db()
    made.refresh_from_db()
    assert guest.gamer_tag == OLD_TAG and made.is_open
