"""Report how they played (issue 45, item 5): a member at the table, or in their replay, reports how
the member at another seat played, with a reason from a list. The report opens or joins the game's
case through a "reported" flag naming that seat; reviewers judge it as any flag; a reviewer who
reported it does not judge it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.models import RestrictionKind
from justalllowgod.lib.refusals import Refusal
from moderation import services
from moderation.models import Case, Decision, Flag, PlayReport
from tests.factories import UserFactory
from tests.game.support import deal_private_table
from tests.moderation.conftest import play_game, reviewer

pytestmark = pytest.mark.django_db

THANKS = "Thanks. A reviewer will look at this game."


@pytest.fixture
def table(live_deck):
    """A dealt private table: Priscilla in seat 1, Grumble_99 in seat 2, JagAI in seats 3 and 4."""
    host, guest = UserFactory(gamer_tag="Priscilla"), UserFactory(gamer_tag="Grumble_99")
    return deal_private_table(host, guest), host, guest


def report(user, **fields) -> tuple[int, dict]:
    """Send Report how they played as `user`: the status and the JSON the page shows."""
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.post(reverse("report_play"), fields)
    return response.status_code, response.json()


def counts() -> tuple[int, int, int]:
    return Case.objects.count(), Flag.objects.count(), PlayReport.objects.count()


def test_a_report_at_the_table_opens_a_case_naming_the_seat_and_mails_the_reviewers(
    table, django_capture_on_commit_callbacks
):
    table, host, guest = table
    judge = reviewer()
    with django_capture_on_commit_callbacks(execute=True):
        status, answer = report(host, code=table.code, seat=2, reason="spoiled")
    assert (status, answer) == (200, {"ok": True, "message": THANKS})
    case = Case.objects.get(game__table=table)
    assert case.is_open
    [flag] = case.flags.all()
    assert (flag.kind, flag.seats, flag.evidence) == ("reported", "2", {"seat": 2, "tag": "Grumble_99"})
    assert list(flag.users.all()) == [guest]
    [saved] = flag.reports.all()
    assert (saved.reporter, saved.reason, saved.seat) == (host, "spoiled", 2)
    assert services.undecided_accounts(case) == [guest]
    [sent] = [m for m in mail.outbox if judge.email in m.to]
    assert "reported how someone played" in sent.body and f"/review/cases/{case.pk}/" in sent.body


def test_the_reviewers_page_shows_each_report_with_its_reason_and_reporter(table):
    table, host, _guest = table
    report(host, code=table.code, seat=2, reason="reactions")
    case = Case.objects.get()
    client = Client()
    client.force_login(reviewer())
    page = client.get(reverse("review_case", args=[case.pk])).content.decode()
    assert "Reported by players" in page
    assert "reported by 1 player." in page
    assert "They used reactions to upset someone" in page and "Priscilla" in page
    queue = client.get(reverse("review_queue")).content.decode()
    assert 'flag-chip flag-reported">Reported by players' in queue


def test_a_second_report_of_the_same_seat_joins_the_same_flag(table):
    table, host, guest = table
    watcher_free = UserFactory()
    report(host, code=table.code, seat=2, reason="spoiled")
    # Grumble_99 reports Priscilla: a second flag of the same case, naming seat 1.
    assert report(guest, code=table.code, seat=1, reason="other")[0] == 200
    assert counts() == (1, 2, 2)
    assert report(watcher_free, code=table.code, seat=2, reason="other")[0] == 404  # not at this table
    assert counts() == (1, 2, 2)


@pytest.mark.parametrize(
    ("fields", "status", "code"),
    [
        ({"seat": 2, "reason": ""}, 400, "choose_report_reason"),
        ({"seat": 2, "reason": "rude words"}, 400, "choose_report_reason"),
        ({"seat": 2}, 400, "choose_report_reason"),
        ({"seat": 1, "reason": "other"}, 400, "own_name"),
        ({"seat": 3, "reason": "not_a_person"}, 400, "not_a_members_name"),
        ({"seat": 9, "reason": "other"}, 404, "no_such_seat"),
        ({"seat": "x", "reason": "other"}, 404, "no_such_seat"),
    ],
)
def test_bad_reports_get_a_clear_refusal_and_change_nothing(table, fields, status, code):
    table, host, _guest = table
    answer_status, answer = report(host, code=table.code, **fields)
    assert (answer_status, answer["code"]) == (status, code)
    assert answer["message"]
    assert counts() == (0, 0, 0)


def test_the_same_report_twice_is_told_it_is_with_us(table):
    table, host, _guest = table
    report(host, code=table.code, seat=2, reason="spoiled")
    status, answer = report(host, code=table.code, seat=2, reason="other")
    assert (status, answer["code"]) == (409, "play_already_reported")
    assert counts() == (1, 1, 1)


def test_no_report_before_the_deal_and_none_signed_out(live_deck):
    host, guest = UserFactory(), UserFactory()
    waiting = deal_private_table(host, guest, start=False)
    assert report(host, code=waiting.code, seat=2, reason="other")[1]["code"] == "no_game_yet"
    status, _answer = report(None, code=waiting.code, seat=2, reason="other")
    assert status in (302, 401, 403)
    assert counts() == (0, 0, 0)


def test_a_restricted_member_may_not_report(table):
    table, host, _guest = table
    host.restriction_kind = RestrictionKind.BAN
    host.save(update_fields=["restriction_kind"])
    status, answer = report(host, code=table.code, seat=2, reason="other")
    assert (status, answer["code"]) == (403, "restricted")
    assert counts() == (0, 0, 0)


def test_reports_share_the_hourly_allowance_with_name_reports(table, settings):
    table, host, _guest = table
    settings.MODERATION_REPORTS_PER_HOUR = 1
    client = Client()
    client.force_login(host)
    assert client.post(reverse("report_name"), {"code": table.code, "seat": 2}).status_code == 200
    status, answer = report(host, code=table.code, seat=2, reason="other")
    assert (status, answer["code"]) == (429, "too_many_reports")
    assert PlayReport.objects.count() == 0


def test_a_player_reports_from_their_replay_and_a_decided_case_stays_decided_for_a_decided_account(live_deck):
    played = play_game(members=2, seed=5)
    one, two = played.users[1], played.users[2]
    status, answer = report(one, game=played.game.pk, seat=2, reason="not_a_person")
    assert (status, answer["message"]) == (200, THANKS)
    case = Case.objects.get(game=played.game)
    judge = reviewer()
    services.decide_case(
        case_id=case.pk, reviewer=judge, user_ids=[two.pk], action=Decision.Action.NO_ACTION, reason="Fine."
    )
    case.refresh_from_db()
    assert not case.is_open
    # Another report about the same account: kept with the case, which stays decided.
    third = UserFactory()  # never sat there: refused, as a table they cannot see
    assert report(third, game=played.game.pk, seat=2, reason="other")[0] == 404
    status, answer = report(two, game=played.game.pk, seat=1, reason="helped")
    assert status == 200 and answer["message"] == THANKS  # seat 1 has no decision yet: it opens again
    case.refresh_from_db()
    assert case.is_open and services.undecided_accounts(case) == [one]


def test_a_report_about_a_decided_account_is_kept_and_says_so(live_deck):
    played = play_game(members=3, seed=5)
    one, two, three = played.users[1], played.users[2], played.users[3]
    report(one, game=played.game.pk, seat=2, reason="spoiled")
    case = Case.objects.get()
    services.decide_case(
        case_id=case.pk,
        reviewer=reviewer(),
        user_ids=[two.pk],
        action=Decision.Action.NO_ACTION,
        reason="Fine.",
    )
    status, answer = report(three, game=played.game.pk, seat=2, reason="spoiled")
    assert status == 200 and answer["message"].startswith("Thanks. A reviewer has already decided")
    case.refresh_from_db()
    assert not case.is_open and case.flags.get().reports.count() == 2


def test_a_reviewer_who_reported_the_game_does_not_judge_it(table):
    table, _host, guest = table
    judge = reviewer()
    other_judge = reviewer()
    # The reviewer sat at the table and reported how Grumble_99 played.
    from game import services as game_services

    mine = game_services.create_private_table(user=judge).table
    game_services.join_by_code(user=guest, code=mine.code)
    game_services.start_table(user=judge, code=mine.code)
    assert report(judge, code=mine.code, seat=2, reason="spoiled")[0] == 200
    case = Case.objects.get(game__table=mine)
    assert services.why_not_judge_case(case, judge) == "reported_case"
    assert services.why_not_judge_case(case, other_judge) is None
    with pytest.raises(Refusal) as refused:
        services.decide_case(
            case_id=case.pk,
            reviewer=judge,
            user_ids=[guest.pk],
            action=Decision.Action.WARNING,
            reason="Spoiled.",
        )
    assert getattr(refused.value, "code", None) == "reported_case"
    assert not Decision.objects.exists()


def test_a_child_reaches_the_report_door_too(table):
    """The family guard lets a child's account send a report (reasons only, nothing to type); this
    child never sat at the table, so the answer is the door's own, not the guard's."""
    table, host, _guest = table
    child = family.add_child(parent=host, tag="Little_Bea")
    status, answer = report(child, code=table.code, seat=2, reason="other")
    assert (status, answer["code"]) == (404, "no_such_seat")


def test_the_pages_reasons_are_the_models_in_its_order():
    script = (Path(settings.BASE_DIR) / "static/js/seat-report.js").read_text()
    listed = re.findall(r'\["([a-z_]+)", gettext\(', script)
    assert listed == list(PlayReport.Reason.values)
