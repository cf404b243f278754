"""No one judges their own case: a reviewer named in a case, or the subject of a decision, cannot
decide, reverse or keep it, and the review page says so (issue 28 item 4)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from accounts.models import RestrictionKind
from justalllowgod.lib.refusals import Refusal
from moderation import services
from moderation.models import Appeal, Case, Decision
from tests.factories import UserFactory
from tests.moderation.conftest import play_game

pytestmark = pytest.mark.django_db


def _make_reviewer(user=None):
    user = user or UserFactory()
    user.groups.add(Group.objects.get(name="Reviewers"))
    return user


@pytest.fixture
def shared(live_deck, clock) -> Case:
    """A case about two accounts that played from one browser; the first of them is a reviewer."""
    played = play_game(devices={1: "same-browser", 2: "same-browser"}, clock=clock, think=lambda seat: 2000)
    services.flag_game(game_id=played.game.pk)
    case = Case.objects.get(game=played.game)
    _make_reviewer(services.case_accounts(case)[0])
    return case


def _decide(case, by, user, action="warning", days=None):
    return services.decide_case(
        case_id=case.pk, reviewer=by, user_ids=[user.pk], action=action, reason="Seen.", days=days
    )


def test_a_reviewer_named_in_a_case_cannot_decide_about_themselves(shared):
    me, _ = services.case_accounts(shared)
    with pytest.raises(Refusal, match="about your own account"):
        _decide(shared, me, me, "no_action")
    assert not Decision.objects.exists()
    assert services.undecided_accounts(shared) == services.case_accounts(shared)


def test_nor_about_the_other_account_in_their_case(shared):
    me, other = services.case_accounts(shared)
    with pytest.raises(Refusal, match="another reviewer must judge it"):
        _decide(shared, me, other, "ban")
    assert not Decision.objects.exists()
    other.refresh_from_db()
    assert other.restriction_kind == RestrictionKind.NONE


def test_a_reviewer_cannot_claim_their_own_case(shared):
    me, _ = services.case_accounts(shared)
    with pytest.raises(Refusal, match="about your own account"):
        services.claim_case(case_id=shared.pk, reviewer=me)
    shared.refresh_from_db()
    assert shared.claimed_by is None


def test_a_reviewer_cannot_reverse_a_ban_another_reviewer_placed_on_them(shared):
    me, _ = services.case_accounts(shared)
    ban = _decide(shared, _make_reviewer(), me, "ban")[0]
    # Banned, they may judge no one at all now (test_restricted_reviewers.py), least of all this.
    with pytest.raises(Refusal, match="suspended or banned"):
        services.reverse_decision(decision_id=ban.pk, reviewer=me, reason="Not me.")
    me.refresh_from_db()
    assert me.restriction_kind == RestrictionKind.BAN
    assert not Decision.objects.filter(action=Decision.Action.REVERSAL).exists()


def test_a_decision_about_the_reviewer_from_a_case_they_are_not_named_in_is_not_theirs_to_reverse(shared):
    me, _ = services.case_accounts(shared)
    warning = _decide(shared, _make_reviewer(), me)[0]
    # Even were the case's flags to stop naming them, the decision is still about them.
    shared.flags.get().users.remove(me)
    with pytest.raises(Refusal, match="This decision is about your own account"):
        services.reverse_decision(decision_id=warning.pk, reviewer=me, reason="Not me.")
    assert not Decision.objects.filter(action=Decision.Action.REVERSAL).exists()


def test_a_reviewer_cannot_keep_a_decision_in_their_own_case_after_an_appeal(shared):
    me, other = services.case_accounts(shared)
    warning = _decide(shared, _make_reviewer(), other)[0]
    services.appeal_decision(decision_id=warning.pk, user=other, note="It was my brother.")
    with pytest.raises(Refusal, match="about your own account"):
        services.keep_after_appeal(decision_id=warning.pk, reviewer=me, reason="It stands.")
    with pytest.raises(Refusal, match="about your own account"):
        services.reverse_decision(decision_id=warning.pk, reviewer=me, reason="Fine.")
    assert Appeal.objects.get().is_pending


def test_another_reviewer_judges_the_same_case_as_usual(shared):
    me, other = services.case_accounts(shared)
    judge = _make_reviewer()
    services.claim_case(case_id=shared.pk, reviewer=judge)
    _decide(shared, judge, me, "no_action")
    ban = _decide(shared, judge, other, "ban")[0]
    services.reverse_decision(decision_id=ban.pk, reviewer=_make_reviewer(), reason="Second look.")
    other.refresh_from_db()
    assert other.restriction_kind == RestrictionKind.NONE


def test_the_case_page_tells_a_named_reviewer_why_and_offers_no_judging_forms(client, shared):
    me, other = services.case_accounts(shared)
    warning = _decide(shared, _make_reviewer(), other)[0]
    services.appeal_decision(decision_id=warning.pk, user=other, note="It was my brother.")
    client.force_login(me)
    page = client.get(reverse("review_case", args=[shared.pk])).content.decode()
    assert "This case is about your own account, so another reviewer must judge it." in page
    assert "Record the decision" not in page
    assert "Claim this case" not in page
    assert reverse("review_reverse", args=[warning.pk]) not in page
    assert reverse("review_keep", args=[warning.pk]) not in page
    assert "Another reviewer must answer it." in page


def test_the_case_page_still_offers_the_forms_to_another_reviewer(client, shared):
    _, other = services.case_accounts(shared)
    warning = _decide(shared, _make_reviewer(), other)[0]
    client.force_login(_make_reviewer())
    page = client.get(reverse("review_case", args=[shared.pk])).content.decode()
    assert "about your own account" not in page
    assert "Record the decision" in page and "Claim this case" in page
    assert reverse("review_reverse", args=[warning.pk]) in page


def test_posting_a_decision_about_yourself_is_refused_with_the_reason_and_changes_nothing(client, shared):
    me, _ = services.case_accounts(shared)
    client.force_login(me)
    answer = client.post(
        reverse("review_decide", args=[shared.pk]),
        {"accounts": [me.pk], "action": "no_action", "reason": "All fine."},
        follow=True,
    )
    assert (
        "This case is about your own account, so another reviewer must judge it." in answer.content.decode()
    )
    assert not Decision.objects.exists()


def test_posting_a_reversal_of_your_own_ban_is_refused_and_changes_nothing(client, shared):
    me, _ = services.case_accounts(shared)
    ban = _decide(shared, _make_reviewer(), me, "ban")[0]
    client.force_login(me)
    client.post(reverse("review_reverse", args=[ban.pk]), {"reason": "Not me."})
    me.refresh_from_db()
    assert me.restriction_kind == RestrictionKind.BAN
    assert not Decision.objects.filter(action=Decision.Action.REVERSAL).exists()
