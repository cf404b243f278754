"""A reviewer whose own account is suspended, banned or switched off judges no one (review of issue
28): every reviewer act re-reads their row inside its transaction and refuses with a clear message,
changing nothing, and the review pages say so instead of offering the forms."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from accounts.models import RestrictionKind, User
from justalllowgod.lib.refusals import Code, Refusal
from moderation import services
from moderation.models import Appeal, Case, Decision
from tests.factories import UserFactory
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db

RESTRICTED = "Your own account is suspended or banned just now, so you can't judge cases"
ON_THE_PAGE = escape(RESTRICTED)


def _make_reviewer() -> User:
    user = UserFactory()
    user.groups.add(Group.objects.get(name="Reviewers"))
    return user


def _restrict(user: User, kind: str, days: int = 3) -> None:
    """What decide_case writes on a member's row (the request's copy of the user stays as it was)."""
    until = timezone.now() + timedelta(days=days) if kind == RestrictionKind.SUSPENSION else None
    User.objects.filter(pk=user.pk).update(restriction_kind=kind, restricted_until=until)


@pytest.fixture
def case(live_deck, clock) -> Case:
    """A case about two accounts that played from one browser; no reviewer is named in it."""
    played = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: 2000)
    services.flag_game(game_id=played.game.pk)
    return Case.objects.get(game=played.game)


def _decide(case: Case, by: User, user: User, action: str = "warning") -> list[Decision]:
    return services.decide_case(
        case_id=case.pk, reviewer=by, user_ids=[user.pk], action=action, reason="Seen."
    )


@pytest.mark.parametrize("kind", [RestrictionKind.SUSPENSION, RestrictionKind.BAN])
def test_a_restricted_reviewer_cannot_decide_and_nothing_changes(case, kind):
    judge = _make_reviewer()
    _restrict(judge, kind)
    first, _ = services.case_accounts(case)
    with pytest.raises(Refusal, match=RESTRICTED):
        _decide(case, judge, first, "ban")
    assert not Decision.objects.exists()
    first.refresh_from_db()
    assert first.restriction_kind == RestrictionKind.NONE


def test_a_restricted_reviewer_cannot_claim(case):
    judge = _make_reviewer()
    _restrict(judge, RestrictionKind.SUSPENSION)
    with pytest.raises(Refusal, match=RESTRICTED):
        services.claim_case(case_id=case.pk, reviewer=judge)
    assert Case.objects.get(pk=case.pk).claimed_by is None


def test_nor_let_go_of_a_claim_made_before(case):
    judge = _make_reviewer()
    services.claim_case(case_id=case.pk, reviewer=judge)
    _restrict(judge, RestrictionKind.BAN)
    with pytest.raises(Refusal, match=RESTRICTED):
        services.claim_case(case_id=case.pk, reviewer=judge, release=True)
    assert Case.objects.get(pk=case.pk).claimed_by == judge


def test_a_restricted_reviewer_cannot_reverse_nor_keep_after_an_appeal(case):
    first, second = services.case_accounts(case)
    judge, banned = _make_reviewer(), _make_reviewer()
    ban = _decide(case, judge, first, "ban")[0]
    warning = _decide(case, judge, second)[0]
    services.appeal_decision(decision_id=warning.pk, user=second, note="It was my brother.")
    _restrict(banned, RestrictionKind.BAN)
    with pytest.raises(Refusal, match=RESTRICTED):
        services.reverse_decision(decision_id=ban.pk, reviewer=banned, reason="Let them back.")
    with pytest.raises(Refusal, match=RESTRICTED):
        services.keep_after_appeal(decision_id=warning.pk, reviewer=banned, reason="It stands.")
    first.refresh_from_db()
    assert first.restriction_kind == RestrictionKind.BAN
    assert not Decision.objects.filter(action=Decision.Action.REVERSAL).exists()
    assert Appeal.objects.get().is_pending


def test_a_switched_off_reviewer_cannot_judge(case):
    judge = _make_reviewer()
    User.objects.filter(pk=judge.pk).update(is_active=False)
    first, _ = services.case_accounts(case)
    with pytest.raises(Refusal, match="switched off"):
        _decide(case, judge, first)
    with pytest.raises(Refusal, match="switched off"):
        services.claim_case(case_id=case.pk, reviewer=judge)
    assert not Decision.objects.exists()


def test_a_reviewer_whose_suspension_has_ended_judges_again(case):
    judge = _make_reviewer()
    User.objects.filter(pk=judge.pk).update(
        restriction_kind=RestrictionKind.SUSPENSION, restricted_until=timezone.now() - timedelta(minutes=1)
    )
    first, _ = services.case_accounts(case)
    assert _decide(case, judge, first)[0].reviewer == judge


def test_the_claim_of_a_reviewer_since_restricted_holds_no_one_back(case):
    claimant, judge = _make_reviewer(), _make_reviewer()
    services.claim_case(case_id=case.pk, reviewer=claimant)
    first, _ = services.case_accounts(case)
    with pytest.raises(Refusal, match="has claimed this case"):
        _decide(case, judge, first)
    _restrict(claimant, RestrictionKind.BAN)
    assert _decide(case, judge, first)[0].reviewer == judge
    services.claim_case(case_id=case.pk, reviewer=judge)
    assert Case.objects.get(pk=case.pk).claimed_by == judge


def test_the_case_and_queue_pages_tell_a_restricted_reviewer_why_and_offer_no_forms(client, case):
    _, second = services.case_accounts(case)
    warning = _decide(case, _make_reviewer(), second)[0]
    services.appeal_decision(decision_id=warning.pk, user=second, note="It was my brother.")
    judge = _make_reviewer()
    _restrict(judge, RestrictionKind.SUSPENSION)
    client.force_login(judge)
    page = client.get(reverse("review_case", args=[case.pk])).content.decode()
    assert ON_THE_PAGE in page
    assert "Record the decision" not in page and "Claim this case" not in page
    assert reverse("review_reverse", args=[warning.pk]) not in page
    assert reverse("review_keep", args=[warning.pk]) not in page
    assert ON_THE_PAGE in client.get(reverse("review_queue")).content.decode()


def test_the_pages_offer_the_forms_again_once_the_restriction_is_lifted(client, case):
    judge = _make_reviewer()
    _restrict(judge, RestrictionKind.SUSPENSION)
    _restrict(judge, RestrictionKind.NONE)
    client.force_login(judge)
    page = client.get(reverse("review_case", args=[case.pk])).content.decode()
    assert ON_THE_PAGE not in page
    assert "Record the decision" in page and "Claim this case" in page


def test_posting_a_decision_as_a_restricted_reviewer_is_refused_with_the_reason(client, case):
    first, _ = services.case_accounts(case)
    judge = _make_reviewer()
    client.force_login(judge)
    _restrict(judge, RestrictionKind.BAN)  # placed after the reviewer opened the page
    answer = client.post(
        reverse("review_decide", args=[case.pk]),
        {"accounts": [first.pk], "action": "ban", "reason": "Cheating."},
        follow=True,
    )
    assert ON_THE_PAGE in answer.content.decode()
    assert not Decision.objects.exists()
    first.refresh_from_db()
    assert first.restriction_kind == RestrictionKind.NONE


def test_a_member_who_is_no_reviewer_is_refused_by_code_and_nothing_changes(case):
    member = UserFactory()
    first, _ = services.case_accounts(case)
    with pytest.raises(Refusal) as refused:
        _decide(case, member, first, "ban")
    assert (refused.value.code, refused.value.status) == (Code.NOT_A_REVIEWER, 403)
    assert refused.value.message == "Only reviewers decide cases."
    assert not Decision.objects.exists()


def test_each_reviewer_refusal_names_its_code(case):
    judge = _make_reviewer()
    _restrict(judge, RestrictionKind.BAN)
    with pytest.raises(Refusal) as refused:
        services.claim_case(case_id=case.pk, reviewer=judge)
    assert (refused.value.code, refused.value.status) == (Code.REVIEWER_RESTRICTED, 403)
    User.objects.filter(pk=judge.pk).update(restriction_kind=RestrictionKind.NONE, is_active=False)
    with pytest.raises(Refusal) as refused:
        services.claim_case(case_id=case.pk, reviewer=judge)
    assert refused.value.code == Code.REVIEWER_SWITCHED_OFF
    assert Case.objects.get(pk=case.pk).claimed_by is None
