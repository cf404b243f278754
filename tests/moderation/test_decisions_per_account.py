"""Decisions per account: each account in a case is decided, told, and may ask for a second look."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core import mail
from django.urls import reverse

from accounts.models import RestrictionKind
from game import services as game_services
from justalllowgod.lib.refusals import Refusal
from moderation import services
from moderation.models import Appeal, Case, Decision
from tests.moderation.conftest import play_game, reviewer

pytestmark = pytest.mark.django_db


def _decide(case, user, action, *, days=None, by=None):
    return services.decide_case(
        case_id=case.pk,
        reviewer=by or reviewer(),
        user_ids=[user.pk],
        action=action,
        reason="Seen.",
        days=days,
    )


def _fresh(obj):
    obj.refresh_from_db()
    return obj


def test_a_case_with_two_accounts_needs_two_decisions(client, shared):
    first, second = services.case_accounts(shared)
    judge = reviewer()
    _decide(shared, first, "no_action", by=judge)
    assert _fresh(shared).is_open
    assert services.undecided_accounts(shared) == [second]
    client.force_login(judge)
    page = client.get(reverse("review_case", args=[shared.pk])).content.decode()
    assert "Record the decision" in page
    assert f'value="{second.pk}"' in page and f'value="{first.pk}"' not in page
    _decide(shared, second, "warning", by=judge)
    assert not _fresh(shared).is_open
    assert [d.action for d in Decision.objects.order_by("pk")] == ["no_action", "warning"]


def test_an_account_already_decided_is_not_decided_again(shared):
    first, _ = services.case_accounts(shared)
    _decide(shared, first, "warning")
    with pytest.raises(Refusal, match="has a decision already"):
        _decide(shared, first, "ban")
    assert _fresh(first).restriction() is None


def test_a_warned_member_sees_the_notice_on_the_next_page_until_they_acknowledge_it(client, shared):
    member, _ = services.case_accounts(shared)
    decision = _decide(shared, member, "warning")[0]
    client.force_login(member)
    for url in (reverse("home"), reverse("my_games")):
        html = client.get(url).content.decode()
        assert "warns you about two accounts playing at one table from the same device" in html
    read = client.post(reverse("notice_read", args=[decision.pk]), {"next": reverse("my_games")})
    assert read.status_code == 302 and read["Location"] == reverse("my_games")
    assert _fresh(decision).acknowledged_at is not None
    assert "warns you" not in client.get(reverse("home")).content.decode()


def test_nobody_else_can_acknowledge_a_members_notice(client, shared):
    member, other = services.case_accounts(shared)
    decision = _decide(shared, member, "warning")[0]
    client.force_login(other)
    client.post(reverse("notice_read", args=[decision.pk]))
    assert _fresh(decision).acknowledged_at is None


def test_a_suspension_notice_says_what_until_when_and_its_appeal_reopens_the_case(client, shared):
    member, other = services.case_accounts(shared)
    _decide(shared, other, "no_action")
    decision = _decide(shared, member, "suspension", days=3)[0]
    assert not _fresh(shared).is_open
    client.force_login(member)
    html = client.get(reverse("home")).content.decode()
    assert "two accounts playing at one table from the same device" in html
    assert "suspended until" in html and "Ask for a second look" in html
    # The reason is named once (in the notice); the play buttons are disabled and point at it.
    assert html.count("suspended until") == 1
    assert 'disabled aria-describedby="member-notices"' in html
    client.post(reverse("notice_appeal", args=[decision.pk]), {"note": "My brother played on my phone."})
    assert _fresh(shared).is_open
    client.force_login(reviewer())
    page = client.get(reverse("review_case", args=[shared.pk])).content.decode()
    assert "My brother played on my phone." in page and "Keep the decision" in page


def test_keeping_a_decision_after_an_appeal_closes_the_case_and_tells_the_member(client, shared):
    member, other = services.case_accounts(shared)
    _decide(shared, other, "no_action")
    decision = _decide(shared, member, "suspension", days=3)[0]
    services.appeal_decision(decision_id=decision.pk, user=member, note="Please look again.")
    services.keep_after_appeal(
        decision_id=decision.pk, reviewer=reviewer(), reason="Both seats moved as one."
    )
    assert not _fresh(shared).is_open
    assert _fresh(member).restriction().kind == RestrictionKind.SUSPENSION
    client.force_login(member)
    assert "kept this decision: Both seats moved as one." in client.get(reverse("home")).content.decode()
    with pytest.raises(Refusal, match="already asked"):
        services.appeal_decision(decision_id=decision.pk, user=member, note="Again.")


def test_a_reversal_answers_the_appeal_and_lifts_the_restriction_on_the_row(shared):
    member, other = services.case_accounts(shared)
    _decide(shared, other, "no_action")
    ban = _decide(shared, member, "ban")[0]
    assert (_fresh(member).restriction_kind, member.restriction().until) == (RestrictionKind.BAN, None)
    with pytest.raises(Refusal):
        game_services.play_now(user=member)
    services.appeal_decision(decision_id=ban.pk, user=member, note="It was my brother.")
    assert _fresh(shared).is_open
    services.reverse_decision(decision_id=ban.pk, reviewer=reviewer(), reason="Right, it was.")
    assert not _fresh(shared).is_open
    assert _fresh(member).restriction() is None
    assert Appeal.objects.get(decision=ban).answer == "Right, it was."
    assert game_services.play_now(user=member).table


def test_the_member_is_mailed_after_commit_when_a_decision_is_made_or_reversed(
    shared, django_capture_on_commit_callbacks
):
    member, other = services.case_accounts(shared)
    with django_capture_on_commit_callbacks(execute=True):
        _decide(shared, other, "no_action")
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=False) as pending:
        warning = _decide(shared, member, "warning")[0]
    assert mail.outbox == [] and len(pending) == 1
    pending[0]()
    assert mail.outbox[0].to == [member.email]
    assert "warns you" in mail.outbox[0].body
    with django_capture_on_commit_callbacks(execute=True):
        services.reverse_decision(decision_id=warning.pk, reviewer=reviewer(), reason="A mistake.")
    assert "reversed" in mail.outbox[1].subject


def test_a_broken_mail_server_never_undoes_a_decision(shared, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_BACKEND = "tests.moderation.test_decisions_per_account.BrokenBackend"
    member, _ = services.case_accounts(shared)
    with django_capture_on_commit_callbacks(execute=True):
        _decide(shared, member, "suspension", days=2)
    assert Decision.objects.get(user=member).action == "suspension"
    assert _fresh(member).restriction().kind == RestrictionKind.SUSPENSION


class BrokenBackend:
    """A mail server that is down."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("mail server down")


def test_reviewers_are_mailed_after_commit_when_a_case_opens(
    live_deck, clock, django_capture_on_commit_callbacks
):
    judge = reviewer()
    played = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: 2000)
    with django_capture_on_commit_callbacks(execute=False) as pending:
        services.flag_game(game_id=played.game.pk)
    assert mail.outbox == []
    for callback in pending:
        callback()
    case = Case.objects.get(game=played.game)
    assert [m.to for m in mail.outbox] == [[judge.email]]
    assert f"{settings.SITE_URL}/review/cases/{case.pk}/" in mail.outbox[0].body
