"""Report how they played (issue 45, item 5): a member at the table, or in their replay, reports how
the member at another seat played, with a reason from a list. The report opens or joins the game's
case through a "reported" flag naming that seat; reviewers judge it as any flag; a reviewer who
reported it does not judge it."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client, TestCase
from django.urls import reverse

from accounts import family
from accounts.models import RestrictionKind
from game import services as game_services
from game.models import Game
from justalllowgod.lib.refusals import Refusal
from moderation import services
from moderation.models import Case, Decision, Flag, PlayReport
from tests.factories import UserFactory
from tests.game.support import deal_private_table
from tests.moderation.conftest import reviewer

pytestmark = pytest.mark.django_db

THANKS = "Thanks. A reviewer will look at this game."
LATER = "Thanks. A reviewer will look at this game once it is over."


@pytest.fixture
def finished(live_deck):
    """A private game its host ended (no automatic flag: nobody moved): three members in seats 1-3,
    JagAI in seat 4."""
    users = {n: UserFactory() for n in (1, 2, 3)}
    table = game_services.create_private_table(user=users[1]).table
    for seat in (2, 3):
        game_services.join_by_code(user=users[seat], code=table.code)
    game_services.start_table(user=users[1], code=table.code)
    game_services.end_game(user=users[1], code=table.code)
    return SimpleNamespace(users=users, game=Game.objects.get(table=table))


@pytest.fixture
def table(live_deck):
    """A dealt private table: Priscilla in seat 1, Grumble_99 in seat 2, JagAI in seats 3 and 4."""
    host, guest = UserFactory(gamer_tag="Priscilla"), UserFactory(gamer_tag="Grumble_99")
    return deal_private_table(host, guest), host, guest


def report(user, **fields) -> tuple[int, dict]:
    """Send Report how they played as `user` (and run what waits for the commit, as a server does):
    the status and the JSON the page shows."""
    client = Client()
    if user is not None:
        client.force_login(user)
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = client.post(reverse("report_play"), fields)
    return response.status_code, response.json()


def counts() -> tuple[int, int, int]:
    return Case.objects.count(), Flag.objects.count(), PlayReport.objects.count()


def test_a_report_at_the_table_waits_for_the_game_to_end_then_opens_its_case(
    table, django_capture_on_commit_callbacks
):
    """No reviewer reads a game still being played: the report is kept, and reaches the case when
    the game is over, naming the seat and its account."""
    table, host, guest = table
    judge = reviewer()
    status, answer = report(host, code=table.code, seat=2, reason="spoiled")
    assert (status, answer) == (200, {"ok": True, "message": LATER})
    [saved] = PlayReport.objects.all()
    assert (saved.reporter, saved.reported, saved.reason, saved.seat, saved.flag) == (
        host,
        guest,
        "spoiled",
        2,
        None,
    )
    assert not Case.objects.exists() and not [m for m in mail.outbox if judge.email in m.to]

    with django_capture_on_commit_callbacks(execute=True):
        game_services.end_game(user=host, code=table.code)
    case = Case.objects.get(game__table=table)
    assert case.is_open
    [flag] = case.flags.all()
    assert (flag.kind, flag.seats, flag.evidence) == ("reported", "2", {"seat": 2, "tag": "Grumble_99"})
    assert list(flag.users.all()) == [guest] and list(flag.reports.all()) == [saved]
    assert services.undecided_accounts(case) == [guest]
    [sent] = [m for m in mail.outbox if judge.email in m.to]
    assert "reported how someone played" in sent.body and f"/review/cases/{case.pk}/" in sent.body


def test_a_report_about_a_finished_game_reaches_its_case_at_once(finished):
    played = finished
    status, answer = report(played.users[1], game=played.game.pk, seat=2, reason="not_a_person")
    assert (status, answer["message"]) == (200, THANKS)
    flag = Case.objects.get(game=played.game).flags.get(kind="reported")
    assert list(flag.users.all()) == [played.users[2]]


def test_the_reviewers_page_shows_each_report_with_its_reason_and_reporter(finished):
    one = finished.users[1]
    one.gamer_tag = "Priscilla"
    one.save()
    report(one, game=finished.game.pk, seat=2, reason="reactions")
    case = Case.objects.get()
    client = Client()
    client.force_login(reviewer())
    page = client.get(reverse("review_case", args=[case.pk])).content.decode()
    assert "Reported by players" in page
    assert "reported by 1 player." in page
    assert "They used reactions to upset someone" in page and "Priscilla" in page
    queue = client.get(reverse("review_queue")).content.decode()
    assert 'flag-chip flag-reported">Reported by players' in queue


def test_reports_of_two_seats_make_two_flags_of_one_case(finished):
    one, two, three = (finished.users[n] for n in (1, 2, 3))
    report(one, game=finished.game.pk, seat=2, reason="spoiled")
    report(two, game=finished.game.pk, seat=1, reason="other")
    report(three, game=finished.game.pk, seat=2, reason="helped")  # the same seat: the same flag
    assert counts() == (1, 2, 3)
    assert report(UserFactory(), game=finished.game.pk, seat=2, reason="other")[0] == 404  # not there
    assert counts() == (1, 2, 3)


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
    assert counts() == (0, 0, 1)


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


def test_a_decided_case_opens_again_for_an_account_with_no_decision_and_says_nothing_of_it(finished):
    """The reporter hears the same words whatever the case holds (a decision is nobody else's
    business); a case decided about one account opens again when another is reported."""
    one, two, three = (finished.users[n] for n in (1, 2, 3))
    report(one, game=finished.game.pk, seat=2, reason="not_a_person")
    case = Case.objects.get(game=finished.game)
    services.decide_case(
        case_id=case.pk,
        reviewer=reviewer(),
        user_ids=[two.pk],
        action=Decision.Action.NO_ACTION,
        reason="Fine.",
    )
    case.refresh_from_db()
    assert not case.is_open
    # About the decided account: kept with its flag; the case stays decided; the same words.
    assert report(three, game=finished.game.pk, seat=2, reason="spoiled")[1]["message"] == THANKS
    case.refresh_from_db()
    assert not case.is_open and case.flags.get(seats="2").reports.count() == 2
    # About an account with no decision: the case opens again.
    assert report(two, game=finished.game.pk, seat=1, reason="helped")[1]["message"] == THANKS
    case.refresh_from_db()
    assert case.is_open and services.undecided_accounts(case) == [one]


def test_flags_at_the_games_end_open_a_case_decided_during_it_again(table, finished):
    """flag_game on a case that exists: it opens again when a new flag names an undecided account."""
    one, two = finished.users[1], finished.users[2]
    report(one, game=finished.game.pk, seat=2, reason="spoiled")
    case = Case.objects.get()
    services.decide_case(
        case_id=case.pk,
        reviewer=reviewer(),
        user_ids=[two.pk],
        action=Decision.Action.NO_ACTION,
        reason="Fine.",
    )
    PlayReport.objects.create(game=finished.game, seat=1, reporter=two, reported=one, reason="other")
    services.flag_game(game_id=finished.game.pk)
    case.refresh_from_db()
    assert case.is_open and services.undecided_accounts(case) == [one]


def test_a_reviewer_who_reported_the_game_or_whose_child_did_does_not_judge_it(finished):
    one, two, three = (finished.users[n] for n in (1, 2, 3))
    judge, other_judge = reviewer(), reviewer()
    # Seat 1 is the reviewer's own account here; seat 3 is played by a child of another reviewer.
    one.groups.add(*judge.groups.all())
    three.managed_by = other_judge
    three.save(update_fields=["managed_by"])
    report(one, game=finished.game.pk, seat=2, reason="spoiled")
    case = Case.objects.get()
    assert services.why_not_judge_case(case, one) == "reported_case"
    assert services.why_not_judge_case(case, other_judge) is None
    report(three, game=finished.game.pk, seat=2, reason="other")
    assert services.why_not_judge_case(case, other_judge) == "reported_case"
    assert services.why_not_judge_case(case, judge) is None
    with pytest.raises(Refusal) as refused:
        services.decide_case(
            case_id=case.pk,
            reviewer=one,
            user_ids=[two.pk],
            action=Decision.Action.WARNING,
            reason="Spoiled.",
        )
    assert refused.value.code == "reported_case"
    assert not Decision.objects.exists()


def test_a_reviewer_a_report_names_never_reads_who_reported_them(finished):
    one, two = finished.users[1], finished.users[2]
    one.gamer_tag = "Priscilla"
    one.save()
    two.groups.add(reviewer().groups.first())
    report(one, game=finished.game.pk, seat=2, reason="spoiled")
    client = Client()
    client.force_login(two)
    page = client.get(reverse("review_case", args=[Case.objects.get().pk])).content.decode()
    assert "They spoiled the game on purpose" in page
    assert "Priscilla" not in page.split('class="evidence-list play-reports"')[1].split("</ul>")[0]


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
